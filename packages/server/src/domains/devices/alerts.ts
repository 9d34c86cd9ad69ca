import { isOpenAt, parseHours, type Range } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Row } from '../../db/schema/index.js';
import { localDay } from '../../lib/local-time.js';
import { inRange } from '../../lifecycle/range.js';
import { sendMessage } from '../../messages/send.js';

// Offline alerts: a message to the shop's manager and the supervisors whose range covers the shop,
// only while the shop is open (its `hours`), at most one per shop per hour listing its offline
// devices, and a "back online" message when alerted devices return. Devices never connected are
// not alerted (they were never online). Races between instances: the hourly unique index decides
// who sends an offline alert, the conditional update of offline_alerted_at who sends "back online".

type Scope = { enterpriseId: number };
type Dev = Row<'devices', 'id' | 'name' | 'code'>;
type ShopRow = Row<'shops', 'id' | 'name' | 'hours' | 'manager_id' | 'province' | 'city' | 'district'> & {
  devices: Dev[];
};

/** The shop's manager and the supervisors (role 3) in range: active members only. */
export async function alertRecipients(q: Q, scope: Scope, shop: ShopRow): Promise<number[]> {
  const rows = await q.query<Row<'role_entries', 'user_id'> & { data_range: Range | null }>(
    `select distinct re.user_id, re.data_range from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join jobs j on j.enterprise_id = re.enterprise_id and j.id = re.job_id and j.role = 3
      where re.enterprise_id = $1
     union
     select m.user_id, null from members m where m.enterprise_id = $1 and m.user_id = $2 and m.status = 1`,
    [scope.enterpriseId, shop.manager_id ?? 0],
  );
  const place = { shopId: shop.id, code: shop.district };
  return [
    ...new Set(rows.filter((r) => r.user_id === shop.manager_id || inRange(r.data_range, place)).map((r) => r.user_id)),
  ];
}

async function notify(q: Q, scope: Scope, shop: ShopRow, kind: 'offline' | 'online') {
  const params = {
    shop: shop.name,
    count: shop.devices.length,
    devices: shop.devices.map((d) => `${d.name} (${d.code})`),
  };
  const t = kind === 'offline' ? 'device.alert.offline' : 'device.alert.online';
  await sendMessage(q, {
    enterpriseId: scope.enterpriseId,
    to: await alertRecipients(q, scope, shop),
    kind: 'device.alert',
    title: { key: `${t}.title`, params },
    body: { key: `${t}.body`, params },
    link: `/store/manage_details?id=${shop.id}&section=devices`,
  });
}

const SHOPS = (where: string) => `
  select s.id, s.name, s.hours, s.manager_id, s.province, s.city, s.district,
         jsonb_agg(jsonb_build_object('id', d.id, 'name', d.name, 'code', d.code) order by d.id) as devices
    from devices d join shops s on s.enterprise_id = d.enterprise_id and s.id = d.shop_id
   where d.enterprise_id = $1 and d.live_version is not null and d.deleted_at is null and ${where}
   group by s.id`;

/** Send due offline alerts and "back online" messages of one enterprise at `now`. Returns what was sent. */
export async function runAlerts(
  q: Q,
  scope: Scope,
  timezone: string,
  now: Date,
): Promise<{ offline: number[]; online: number[] }> {
  const sent = { offline: [] as number[], online: [] as number[] };
  const back = await q.query<ShopRow>(SHOPS('d.offline_alerted_at is not null and d.device_status <> 0'), [
    scope.enterpriseId,
  ]);
  for (const shop of back) {
    const cleared = await q.query<Dev>(
      `update devices set offline_alerted_at = null where enterprise_id = $1 and id = any($2::int[]) and offline_alerted_at is not null and device_status <> 0
       returning id, name, code`,
      [scope.enterpriseId, shop.devices.map((d) => d.id)],
    );
    if (!cleared.length) continue;
    await q.query(
      `insert into device_alerts (enterprise_id, shop_id, kind, devices, sent_at, hour_key)
       values ($1, $2, 'online', $3, $4, date_trunc('hour', $4::timestamptz))`,
      [scope.enterpriseId, shop.id, JSON.stringify(cleared), now],
    );
    await notify(q, scope, { ...shop, devices: cleared }, 'online');
    sent.online.push(shop.id);
  }
  const minute = localDay(timezone, now).minute;
  const down = await q.query<ShopRow>(
    SHOPS(`d.device_status = 0 and d.offline_alerted_at is null
      and exists (select 1 from device_presence p where p.device_id = d.id and p.enterprise_id = d.enterprise_id)`),
    [scope.enterpriseId],
  );
  for (const shop of down) {
    if (!isOpenAt(parseHours(shop.hours) ?? parseHours('')!, minute)) continue;
    const recent = await q.query(
      `select 1 from device_alerts where enterprise_id = $1 and shop_id = $2 and kind = 'offline' and sent_at > $3::timestamptz - interval '1 hour'`,
      [scope.enterpriseId, shop.id, now],
    );
    if (recent.length) continue;
    const won = await q.query(
      `insert into device_alerts (enterprise_id, shop_id, kind, devices, sent_at, hour_key)
       values ($1, $2, 'offline', $3, $4, date_trunc('hour', $4::timestamptz))
       on conflict do nothing returning id`,
      [scope.enterpriseId, shop.id, JSON.stringify(shop.devices), now],
    );
    if (!won.length) continue;
    await q.query('update devices set offline_alerted_at = $3 where enterprise_id = $1 and id = any($2::int[])', [
      scope.enterpriseId,
      shop.devices.map((d) => d.id),
      now,
    ]);
    await notify(q, scope, shop, 'offline');
    sent.offline.push(shop.id);
  }
  return sent;
}
