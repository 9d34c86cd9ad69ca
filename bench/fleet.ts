import type pg from 'pg';

/**
 * A bench's fleet, written straight into a scratch database (a bench measures the device API, not
 * the console that makes screens): one enterprise, one enabled shop, `screens` enabled and launched
 * devices, and a token for each, `tokenOf(id)` — the device bench, the live bench and the cluster
 * bench each seed their own with this.
 */
export async function seedFleet(
  admin: pg.Client,
  o: { code: string; phone: string; screens: number; tokenPrefix: string },
) {
  const [{ id: user }] = (
    await admin.query(`insert into users (phone, nickname) values ($1, 'bench') returning id`, [o.phone])
  ).rows;
  const [{ id: ent }] = (
    await admin.query(
      `insert into enterprises (code, title, status, creator_id) values ($1, 'bench', 1, $2) returning id`,
      [o.code, user],
    )
  ).rows;
  const [{ id: shop }] = (
    await admin.query(
      `insert into shops (enterprise_id, author_id, status, live_version, online, name, code, level, province, city, district)
     values ($1, $2, 103, 1, 302, '门店', 'S1', 1, '44', '4403', '440305') returning id`,
      [ent, user],
    )
  ).rows;
  const ids = (
    await admin.query<{ id: number }>(
      `insert into devices (enterprise_id, author_id, status, live_version, online, code, name, type, orientation, shop_id)
     select $1, $2, 103, 1, 302, 'D' || g, '屏' || g, 'big', 1, $3 from generate_series(1, $4::int) g returning id`,
      [ent, user, shop, o.screens],
    )
  ).rows.map((r) => r.id);
  await admin.query(
    `insert into device_tokens (enterprise_id, device_id, token_hash)
     select enterprise_id, id, encode(sha256(convert_to($2 || id, 'UTF8')), 'hex') from devices where enterprise_id = $1`,
    [ent, o.tokenPrefix],
  );
  await admin.query('analyze');
  return {
    ent: ent as number,
    user: user as number,
    shop: shop as number,
    ids,
    tokenOf: (id: number) => `${o.tokenPrefix}${id}`,
  };
}
