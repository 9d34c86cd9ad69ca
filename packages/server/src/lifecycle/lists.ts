import { CONTENT_STATUS as C, ONLINE_STATUS as O, type Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { page, type PageSql } from '../db/paging.js';
import { itemFrom, itemSelect, toItem } from './read.js';
import { Params, columnAccessor, dataAccessor, rangeSql } from './sql.js';
import type { Accessor, EntityConfig, Item, Scope } from './types.js';

// The three lifecycle lists (mine, in review, enabled): one paging statement each (db/paging.ts).

export type ListKind = 'mine' | 'review' | 'enabled';
export type ListFilter = Record<string, unknown> & { pageNum: number; pageSize: number };

const emptyRange = (): Range => ({ p: [], c: [], a: [], s: [] });

/** The filter's areaRange and shopRange together (a record in either matches); null = no filter. */
export function filterRange(f: Record<string, unknown>): Range | null {
  const parts = [f.areaRange, f.shopRange].filter((r): r is Range => !!r && typeof r === 'object');
  if (!parts.length) return null;
  const out = emptyRange();
  for (const r of parts) for (const k of ['p', 'c', 'a', 's'] as const) out[k].push(...(r[k] ?? []));
  return out;
}

function conditions(
  cfg: EntityConfig,
  scope: Scope,
  userId: number,
  kind: ListKind,
  f: Record<string, unknown>,
  p: Params,
): string[] {
  const acc: Accessor = kind === 'enabled' ? columnAccessor(cfg) : dataAccessor(cfg);
  const stamp = kind === 'enabled' ? 't.created_at' : 'v.created_at';
  const deleted = f.deleted === 1;
  const where = ['t.enterprise_id = $1'];
  if (kind === 'enabled') where.push('t.live_version is not null', `t.deleted_at is ${deleted ? 'not ' : ''}null`);
  if (kind === 'mine')
    where.push(
      `v.author_id = ${p.add(userId)}`,
      `v.status in (${C.draft}, ${C.rejected})`,
      `v.deleted_at is ${deleted ? 'not ' : ''}null`,
    );
  if (kind === 'review') where.push(`v.status = ${C.submitted}`);
  // Everything is cut to the caller's range, except the author's own drafts of records never
  // approved (authorship never widens the range beyond them).
  const own = rangeSql(cfg, acc, scope.range, p.add, '$1');
  if (own) where.push(kind === 'mine' ? `(t.live_version is null or ${own})` : own);
  const chosen = rangeSql(cfg, acc, filterRange(f), p.add, '$1');
  if (chosen) where.push(chosen);
  if (typeof f.keyword === 'string' && f.keyword && cfg.keyword.length) {
    const kw = p.add(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`(${cfg.keyword.map((k) => `${acc(k)} ilike ${kw}`).join(' or ')})`);
  }
  if (typeof f.start_time === 'number') where.push(`${stamp} >= to_timestamp(${p.add(f.start_time)})`);
  if (typeof f.end_time === 'number') where.push(`${stamp} <= to_timestamp(${p.add(f.end_time)})`);
  // the spec's [start, end] seconds of creation and of the last change (the version's, as the item shows them)
  for (const [range, col] of [
    [f.ctime_range, stamp],
    [f.mtime_range, stamp.replace('created_at', 'updated_at')],
  ] as const) {
    if (Array.isArray(range) && range.length === 2)
      where.push(`${col} between to_timestamp(${p.add(range[0])}) and to_timestamp(${p.add(range[1])})`);
  }
  const status = f.status;
  if (status === O.offline || status === O.online) where.push(`t.online = ${p.add(status)}`);
  else if (typeof status === 'number' && status >= C.draft && status <= C.rejected)
    where.push(`v.status = ${p.add(status)}`);
  for (const [param, field] of Object.entries(cfg.eqFilters)) {
    if (f[param] !== undefined && f[param] !== null && f[param] !== '')
      where.push(`${acc(field)} = ${p.add(f[param])}`);
  }
  const extra = cfg.listFilter?.(f, p.add, acc);
  if (extra) where.push(extra);
  return where;
}

/** The paging statement of one list; the bench runs the same text through raw pg. */
export function listSql(cfg: EntityConfig, scope: Scope, userId: number, kind: ListKind, f: ListFilter): PageSql {
  const p = new Params([scope.enterpriseId, cfg.entity]);
  // $2 (the entity) is only used by the version join; mention it harmlessly so the count keeps the numbering.
  const where = [...conditions(cfg, scope, userId, kind, f, p), '$2::text is not null'].join(' and ');
  const versionJoin = `join record_versions v on v.enterprise_id = t.enterprise_id and v.entity = $2 and v.record_id = t.id and v.version = t.version`;
  return {
    select: itemSelect(cfg),
    from: itemFrom(cfg, kind === 'enabled' ? 'live' : 'head', '$2'),
    countFrom: kind === 'enabled' ? `${cfg.table} t` : `${cfg.table} t ${versionJoin}`,
    where,
    order: 't.id desc',
    params: p.values,
  };
}

export async function listRecords(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  userId: number,
  kind: ListKind,
  f: ListFilter,
) {
  const out = await page<Record<string, unknown> & { data: Record<string, unknown> }>(
    q,
    listSql(cfg, scope, userId, kind, f),
    f,
  );
  return { ...out, list: out.list.map((r): Item => toItem(cfg, r, 'list')) };
}

/** The ids of the enabled records matching a filter (bulk actions), at most `max`. */
export async function matchingIds(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  userId: number,
  f: Record<string, unknown>,
  max: number,
): Promise<number[]> {
  const p = new Params([scope.enterpriseId, cfg.entity]);
  const where = conditions(cfg, scope, userId, 'enabled', f, p).join(' and ');
  const rows = await q.query<{ id: number }>(
    `select t.id from ${cfg.table} t where ${where} and $2::text is not null order by t.id limit ${p.add(max)}`,
    p.values,
  );
  return rows.map((r) => r.id);
}
