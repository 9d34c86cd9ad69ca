import { PERM, type InformEntity, type Range } from '@vitrine/contract';
import { shopsInRange } from '../../lifecycle/range.js';
import type { Q } from '../../db/client.js';
import type { Row } from '../../db/schema/index.js';
import type { Scope } from '../../lifecycle/types.js';

// Who receives a sent notification: active members whose role entry has one of the record's roles,
// may open /inform, and whose data range holds at least one of the enabled shops the record is aimed
// at (its shops, and the shops in its areas). A receipt's shop is the one targeted shop in the
// recipient's range when there is exactly one (store managers and assistants), else none (head office).

export type Recipient = { userId: number; role: number; shopId: number | null };
type Shop = Row<'shops', 'id' | 'district'>;

export async function recipientsOf(
  q: Q,
  scope: Scope,
  entity: InformEntity,
  id: number,
  version: number,
  roles: number[],
): Promise<Recipient[]> {
  const shops = await q.query<Shop>(
    `select distinct s.id, s.district from record_targets rt
       join shops s on s.enterprise_id = rt.enterprise_id and s.live_version is not null and s.deleted_at is null
        and (s.id = rt.shop_id or (rt.shop_id is null and starts_with(s.district, rt.code)))
      where rt.enterprise_id = $1 and rt.entity = $2 and rt.record_id = $3 and rt.version = $4`,
    [scope.enterpriseId, entity, id, version],
  );
  if (!shops.length) return [];
  const candidates = await q.query<Row<'role_entries', 'user_id'> & Row<'jobs', 'role'> & { data_range: Range | null }>(
    `select distinct on (re.user_id, j.role) re.user_id, j.role, re.data_range from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join jobs j on j.enterprise_id = re.enterprise_id and j.id = re.job_id
       join job_menus jm on jm.enterprise_id = re.enterprise_id and jm.job_id = re.job_id
       join menus mn on mn.id = jm.menu_id and mn.path = '/inform'
      where re.enterprise_id = $1 and j.role = any($2::int[]) and (jm.weight & $3) <> 0
      order by re.user_id, j.role`,
    [scope.enterpriseId, roles, PERM.view],
  );
  const out = new Map<number, Recipient>();
  for (const c of candidates) {
    const mine = shopsInRange(c.data_range, shops);
    if (out.has(c.user_id) || !mine.length) continue;
    out.set(c.user_id, {
      userId: c.user_id,
      role: c.role,
      shopId: c.data_range !== null && mine.length === 1 ? mine[0].id : null,
    });
  }
  return [...out.values()];
}
