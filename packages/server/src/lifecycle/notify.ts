import { PERM, type Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Nullable, Row, Tables } from '../db/schema/index.js';
import { sendMessage } from '../messages/send.js';
import { covered, type TargetRow } from './targets.js';
import { recordPage, type EntityConfig, type Scope } from './types.js';

type Candidate = Row<'role_entries', 'user_id'> & { data_range: Range | null };

/** What the record's head version touches, as target rows with places (one row for a one-shop record). */
async function touched(q: Q, cfg: EntityConfig, scope: Scope, id: number): Promise<TargetRow[]> {
  if (cfg.reach.kind === 'targets') {
    const rows = await q.query<
      { kind: TargetRow['kind'] } & Row<'record_targets', 'code' | 'shop_id'> &
        Nullable<Row<'shops', 'province' | 'city' | 'district'>>
    >(
      `select rt.kind, rt.code, rt.shop_id, s.province, s.city, s.district
         from ${cfg.table} t join record_targets rt on rt.enterprise_id = t.enterprise_id and rt.entity = $2 and rt.record_id = t.id and rt.version = t.version
         left join shops s on s.enterprise_id = rt.enterprise_id and s.id = rt.shop_id
        where t.enterprise_id = $1 and t.id = $3`,
      [scope.enterpriseId, cfg.entity, id],
    );
    return rows.map((r) => ({
      kind: r.kind,
      code: r.code,
      shopId: r.shop_id,
      place: r.shop_id === null ? [r.code] : [r.province ?? '', r.city ?? '', r.district ?? ''],
    }));
  }
  if (cfg.reach.kind !== 'shop') return [];
  const sql =
    cfg.reach.field === 'self'
      ? `select t.id as shop_id, t.province, t.city, t.district from shops t where t.enterprise_id = $1 and t.id = $2`
      : `select s.id as shop_id, s.province, s.city, s.district from ${cfg.table} t
          join shops s on s.enterprise_id = t.enterprise_id and s.id = t.${cfg.fields[cfg.reach.field].column}
        where t.enterprise_id = $1 and t.id = $2`;
  const loc = (
    await q.query<{ shop_id: Tables['shops']['id'] } & Row<'shops', 'province' | 'city' | 'district'>>(sql, [
      scope.enterpriseId,
      id,
    ])
  )[0];
  return loc
    ? [{ kind: 's', code: String(loc.shop_id), shopId: loc.shop_id, place: [loc.province, loc.city, loc.district] }]
    : [];
}

/**
 * Active members holding the examine bit on the entity's menu whose data range covers the record:
 * all of its targets, its shop, or — enterprise-wide records — anyone with the bit.
 */
export async function reviewersOf(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  except: number,
): Promise<number[]> {
  const candidates = await q.query<Candidate>(
    `select re.user_id, re.data_range from role_entries re
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
       join job_menus jm on jm.enterprise_id = re.enterprise_id and jm.job_id = re.job_id
       join menus mn on mn.id = jm.menu_id and mn.path = $2
      where re.enterprise_id = $1 and (jm.weight & $3) <> 0 and re.user_id <> $4`,
    [scope.enterpriseId, cfg.menu, PERM.examine, except],
  );
  const rows = cfg.reach.kind === 'enterprise' ? [] : await touched(q, cfg, scope, id);
  if (cfg.reach.kind !== 'enterprise' && !rows.length) return [];
  return [...new Set(candidates.filter((c) => covered(c.data_range, rows)).map((c) => c.user_id))];
}

/** The list a message's reader acts in: reviewers on the review list, authors on their drafts or the enabled list. */
const TAB_OF = {
  'lifecycle.review.request': 'review',
  'lifecycle.review.rejected': 'mine',
  'lifecycle.review.passed': 'enabled',
} as const;

/** A message about one record, stored as keys: the entity's label is rendered in each reader's language. */
export async function notify(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  to: number[],
  key: 'lifecycle.review.request' | 'lifecycle.review.passed' | 'lifecycle.review.rejected',
  record: { id: number; title: string; reason?: string },
): Promise<void> {
  await sendMessage(q, {
    enterpriseId: scope.enterpriseId,
    to,
    kind: key === 'lifecycle.review.request' ? 'review.request' : 'review.result',
    title: { key, params: { entity: { key: cfg.label }, title: record.title } },
    body: record.reason ? { key: 'message.text', params: { text: record.reason } } : undefined,
    link: recordPage(cfg, record.id, TAB_OF[key]),
  });
}
