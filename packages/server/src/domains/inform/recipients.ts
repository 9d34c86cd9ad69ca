import { PERM, shopIdOf, type InformEntity, type Range } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Scope } from '../../lifecycle/types.js';

// Who receives a sent notification: active members whose role entry has one of the record's roles,
// may open /inform, and whose data range meets the record's targets (an area holding their shop, their
// shop itself, or an area overlapping theirs). A receipt's shop is the recipient's shop when their
// range is exactly one shop (store managers and assistants), else none (head office).

export type Recipient = { userId: number; role: number; shopId: number | null };
type Target = { shopId: number | null; codes: string[] };

const codesOf = (r: Range) => [...r.p, ...r.c, ...r.a];
const shopsOf = (r: Range) => r.s.map(shopIdOf).filter((x): x is number => x !== null);

/** Whether a data range meets one target (null range: the whole enterprise). `district` gives a range shop's district. */
export function meets(range: Range | null, t: Target, district: (shopId: number) => string | undefined): boolean {
  if (range === null) return true;
  const codes = codesOf(range);
  const shops = shopsOf(range);
  if (t.shopId !== null) return shops.includes(t.shopId) || t.codes.some((code) => codes.some((c) => code.startsWith(c)));
  const area = t.codes[0];
  return codes.some((c) => c.startsWith(area) || area.startsWith(c)) || shops.some((s) => district(s)?.startsWith(area) ?? false);
}

export async function recipientsOf(q: Q, scope: Scope, entity: InformEntity, id: number, version: number, roles: number[]): Promise<Recipient[]> {
  const targets = (await q.query<{ shop_id: number | null; code: string; province: string | null; city: string | null; district: string | null }>(
    `select rt.shop_id, rt.code, s.province, s.city, s.district from record_targets rt
       left join shops s on s.enterprise_id = rt.enterprise_id and s.id = rt.shop_id
      where rt.enterprise_id = $1 and rt.entity = $2 and rt.record_id = $3 and rt.version = $4`,
    [scope.enterpriseId, entity, id, version],
  )).map((r): Target => (r.shop_id === null ? { shopId: null, codes: [r.code] } : { shopId: r.shop_id, codes: [r.province ?? '', r.city ?? '', r.district ?? ''] }));
  if (!targets.length) return [];
  const candidates = await q.query<{ user_id: number; role: number; data_range: Range | null }>(
    `select distinct on (re.user_id, j.role) re.user_id, j.role, re.data_range from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join jobs j on j.enterprise_id = re.enterprise_id and j.id = re.job_id
       join job_menus jm on jm.enterprise_id = re.enterprise_id and jm.job_id = re.job_id
       join menus mn on mn.id = jm.menu_id and mn.path = '/inform'
      where re.enterprise_id = $1 and j.role = any($2::int[]) and (jm.weight & $3) <> 0
      order by re.user_id, j.role`,
    [scope.enterpriseId, roles, PERM.view],
  );
  const rangeShops = [...new Set(candidates.flatMap((c) => (c.data_range ? shopsOf(c.data_range) : [])))];
  const districts = new Map(rangeShops.length
    ? (await q.query<{ id: number; district: string }>('select id, district from shops where enterprise_id = $1 and id = any($2::int[])', [scope.enterpriseId, rangeShops]))
      .map((s) => [s.id, s.district])
    : []);
  const out = new Map<number, Recipient>();
  for (const c of candidates) {
    if (out.has(c.user_id) || !targets.some((t) => meets(c.data_range, t, (s) => districts.get(s)))) continue;
    const r = c.data_range;
    const shopId = r && !codesOf(r).length && shopsOf(r).length === 1 ? shopsOf(r)[0] : null;
    out.set(c.user_id, { userId: c.user_id, role: c.role, shopId });
  }
  return [...out.values()];
}
