import { PERM, shopTreeId } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { sendMessage } from '../messages/send.js';
import type { EntityConfig, Scope } from './types.js';

type Location = { shop_id: number | null; province: string; city: string; district: string };

/** Where a record stands (its shop's location), from the record's typed columns. */
async function locate(q: Q, cfg: EntityConfig, scope: Scope, id: number): Promise<Location | undefined> {
  const sql = cfg.shop === 'self'
    ? `select t.id as shop_id, t.province, t.city, t.district from shops t where t.enterprise_id = $1 and t.id = $2`
    : `select s.id as shop_id, s.province, s.city, s.district from ${cfg.table} t join shops s on s.enterprise_id = t.enterprise_id and s.id = t.${cfg.fields[cfg.shop].column}
        where t.enterprise_id = $1 and t.id = $2`;
  return (await q.query<Location>(sql, [scope.enterpriseId, id]))[0];
}

/** Active members holding the examine bit on the entity's menu whose data range covers the record. */
export async function reviewersOf(q: Q, cfg: EntityConfig, scope: Scope, id: number, except: number): Promise<number[]> {
  const loc = await locate(q, cfg, scope, id);
  if (!loc) return [];
  const rows = await q.query<{ user_id: number }>(
    `select distinct re.user_id from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join job_menus jm on jm.enterprise_id = re.enterprise_id and jm.job_id = re.job_id
       join menus mn on mn.id = jm.menu_id and mn.path = $2
      where re.enterprise_id = $1 and (jm.weight & $3) <> 0 and re.user_id <> $4
        and (re.data_range is null or (re.data_range->'p') ? $5 or (re.data_range->'c') ? $6 or (re.data_range->'a') ? $7
             or (re.data_range->'s') ?| array[$8::text, $9::text])`,
    [scope.enterpriseId, cfg.menu, PERM.examine, except, loc.province, loc.city, loc.district, String(loc.shop_id), shopTreeId(loc.shop_id ?? 0)],
  );
  return rows.map((r) => r.user_id);
}

/** A message about one record, stored as keys: the entity's label is rendered in each reader's language. */
export async function notify(
  q: Q, cfg: EntityConfig, scope: Scope, to: number[], key: 'lifecycle.review.request' | 'lifecycle.review.passed' | 'lifecycle.review.rejected',
  record: { id: number; title: string; reason?: string },
): Promise<void> {
  await sendMessage(q, {
    enterpriseId: scope.enterpriseId, to, kind: key === 'lifecycle.review.request' ? 'review.request' : 'review.result',
    title: { key, params: { entity: { key: cfg.label }, title: record.title } },
    body: record.reason ? { key: 'message.text', params: { text: record.reason } } : undefined,
    link: `/store?entity=${cfg.entity}&id=${record.id}`,
  });
}
