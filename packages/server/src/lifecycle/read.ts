import type { Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Row, Tables } from '../db/schema/index.js';
import { page } from '../db/paging.js';
import { Params, columnAccessor, dataAccessor, rangeSql } from './sql.js';
import type { EntityConfig, Item, Scope } from './types.js';

// Reading records and versions. Every statement names the enterprise; RLS is the backstop.

type ItemRow = Record<string, unknown> & { data: Record<string, unknown> };

/** The select list of a record view: version v of record t, with its author and reviewer names. */
export function itemSelect(cfg: EntityConfig): string {
  // View expressions read the typed values of the lateral `vd` (below): plain column references
  // keep the planner free to use indexes under row-level security (a jsonb cast inside a correlated
  // subquery is not leakproof and would force a sequential scan).
  const acc = (field: string) => (field === 'id' ? 'v.record_id' : `vd."${field}"`);
  const views = Object.entries(cfg.view).map(([k, f]) => `${f(acc)} as "view_${k}"`);
  return [
    't.id',
    'v.version',
    't.live_version',
    'v.status',
    'v.apply_status',
    't.online',
    '(t.deleted_at is not null)::int as deleted',
    '(v.deleted_at is not null)::int as draft_deleted',
    'v.author_id',
    "coalesce(au.nickname, '') as author_name",
    'v.reviewer_id',
    "coalesce(ru.nickname, '') as reviewer_name",
    'v.reason',
    'extract(epoch from v.created_at)::int as ctime',
    'extract(epoch from v.updated_at)::int as mtime',
    'extract(epoch from v.submitted_at)::int as submit_time',
    'extract(epoch from v.reviewed_at)::int as review_time',
    'v.data',
    ...views,
  ].join(', ');
}

/** `which`: the version a row shows — the enabled one, the head (latest), or an explicit join. */
export function itemFrom(cfg: EntityConfig, which: 'live' | 'head' | 'all', entity: string): string {
  const version =
    which === 'live' ? 'and v.version = t.live_version' : which === 'head' ? 'and v.version = t.version' : '';
  const data = dataAccessor(cfg);
  const typed = Object.keys(cfg.fields)
    .map((f) => `${data(f)} as "${f}"`)
    .join(', ');
  return `${cfg.table} t join record_versions v on v.enterprise_id = t.enterprise_id and v.entity = ${entity} and v.record_id = t.id ${version}
    cross join lateral (select ${typed} offset 0) vd
    left join users au on au.id = v.author_id left join users ru on ru.id = v.reviewer_id`;
}

export function toItem(cfg: EntityConfig, row: ItemRow, mode: 'list' | 'one'): Item {
  const item: Item = {
    id: row.id,
    version: row.version,
    liveVersion: row.live_version,
    status: row.status,
    applyStatus: row.apply_status,
    online: row.online,
    deleted: row.deleted,
    draftDeleted: row.draft_deleted,
    authorId: row.author_id,
    authorName: row.author_name,
    reviewerId: row.reviewer_id,
    reviewerName: row.reviewer_name,
    reason: row.reason,
    ctime: row.ctime,
    mtime: row.mtime,
    submitTime: row.submit_time,
    reviewTime: row.review_time,
    ...row.data,
  };
  for (const k of Object.keys(cfg.view)) item[k] = row[`view_${k}`];
  return cfg.finish ? cfg.finish(item, mode) : item;
}

/** One version view of a record (head, live or a given version number). */
export async function versionItem(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  version: number,
  mode: 'list' | 'one' = 'one',
): Promise<Item> {
  const rows = await q.query<ItemRow>(
    `select ${itemSelect(cfg)} from ${itemFrom(cfg, 'all', '$2')} where t.enterprise_id = $1 and t.id = $3 and v.version = $4`,
    [scope.enterpriseId, cfg.entity, id, version],
  );
  return toItem(cfg, rows[0], mode);
}

export async function historyItems(q: Q, cfg: EntityConfig, scope: Scope, id: number): Promise<Item[]> {
  const rows = await q.query<ItemRow>(
    `select ${itemSelect(cfg)} from ${itemFrom(cfg, 'all', '$2')} where t.enterprise_id = $1 and t.id = $3 order by v.version desc`,
    [scope.enterpriseId, cfg.entity, id],
  );
  return rows.map((r) => toItem(cfg, r, 'one'));
}

/** A record's lifecycle state, whether it lies in the caller's range, and its head version's author. */
export type RecordState = {
  id: number;
  version: number;
  status: number;
  liveVersion: number | null;
  online: number;
  deleted: boolean;
  headAuthor: number;
  draftDeleted: boolean;
  inRange: boolean;
  headData: Record<string, unknown>;
  /** Everything the record touches lies in the range (writing); for one-shop records the same as inRange. */
  covered: boolean;
};

export async function loadRecord(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  lock: boolean,
): Promise<RecordState | null> {
  const p = new Params([scope.enterpriseId, cfg.entity, id]);
  const inRange = rangeSql(cfg, columnAccessor(cfg), scope.range, p.add, '$1') ?? 'true';
  const covered = rangeSql(cfg, columnAccessor(cfg), scope.range, p.add, '$1', 'cover') ?? 'true';
  const rows = await q.query<
    Row<'record_versions', 'author_id'> & {
      id: number;
      version: number;
      status: number;
      live_version: number | null;
      online: number;
      deleted: boolean;
      draft_deleted: boolean;
      in_range: boolean;
      covered: boolean;
      data: Record<string, unknown>;
    }
  >(
    `select t.id, t.version, t.status, t.live_version, t.online, t.deleted_at is not null as deleted, v.author_id,
            v.deleted_at is not null as draft_deleted, ${inRange} as in_range, ${covered} as covered, v.data
       from ${cfg.table} t join record_versions v on v.enterprise_id = t.enterprise_id and v.entity = $2 and v.record_id = t.id and v.version = t.version
      where t.enterprise_id = $1 and t.id = $3${lock ? ' for update of t' : ''}`,
    p.values,
  );
  const r = rows[0];
  if (!r) return null;
  return {
    id: r.id,
    version: r.version,
    status: r.status,
    liveVersion: r.live_version,
    online: r.online,
    deleted: r.deleted,
    headAuthor: r.author_id,
    draftDeleted: r.draft_deleted,
    inRange: r.in_range,
    headData: r.data,
    covered: r.covered,
  };
}

export type LogRow = Row<'oplog', 'id' | 'verb' | 'role' | 'label' | 'summary' | 'source'> & {
  userId: Tables['oplog']['user_id'];
  userName: string;
  ctime: number;
};

/** One record's operation log; `source` (the spec's filter field) keeps the operations from one client (pc, wx). */
export async function recordLogs(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  paging: { pageNum: number; pageSize: number; offset?: number },
  source?: string,
) {
  return page<LogRow>(
    q,
    {
      select: `o.id, o.verb, o.user_id as "userId", coalesce(nullif(u.nickname, ''), u.phone, '') as "userName", o.role, o.label, o.summary, o.source,
             extract(epoch from o.created_at)::int as ctime`,
      from: 'oplog o left join users u on u.id = o.user_id',
      countFrom: 'oplog o',
      where: 'o.enterprise_id = $1 and o.entity = $2 and o.entity_id = $3 and ($4::text is null or o.source = $4)',
      order: 'o.id desc',
      params: [scope.enterpriseId, cfg.entity, String(id), source ?? null],
    },
    paging,
  );
}

export type { Range };
