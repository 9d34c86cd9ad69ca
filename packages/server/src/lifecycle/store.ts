import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import { Params, rangeSql } from './sql.js';
import { covered, resolveTargets, targetsOf, type TargetRow } from './targets.js';
import type { Data, EntityConfig, Scope } from './types.js';

// Writing a record's typed columns and versions.

const isUnique = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: string }).code === '23505';

/** Run a write; a unique-constraint violation becomes 40009 with the entity's message. */
export async function guarded<T>(cfg: EntityConfig, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUnique(err) && cfg.uniqueKey) throw fail.conflict(cfg.uniqueKey);
    throw err;
  }
}

const valueOf = (cfg: EntityConfig, data: Data, field: string) => {
  const v = data[field];
  if (v === undefined || v === null) return cfg.fields[field].type === 'text' ? '' : null;
  return cfg.fields[field].type === 'json' ? JSON.stringify(v) : v;
};

export async function insertRecord(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  authorId: number,
  data: Data,
): Promise<number> {
  const fields = Object.keys(cfg.fields);
  const p = new Params([scope.enterpriseId, authorId]);
  const values = fields.map((f) => p.add(valueOf(cfg, data, f)));
  const [row] = await guarded(cfg, () =>
    q.query<{ id: number }>(
      `insert into ${cfg.table} (enterprise_id, author_id, ${fields.map((f) => cfg.fields[f].column).join(', ')})
       values ($1, $2, ${values.join(', ')}) returning id`,
      p.values,
    ),
  );
  return row.id;
}

/** Copy a version's data into the record's typed columns (first draft, or an approved version). */
export async function syncColumns(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  data: Data,
  extra = '',
): Promise<void> {
  const p = new Params([scope.enterpriseId, id]);
  const sets = Object.keys(cfg.fields).map((f) => `${cfg.fields[f].column} = ${p.add(valueOf(cfg, data, f))}`);
  await guarded(cfg, () =>
    q.query(
      `update ${cfg.table} set ${[...sets, 'updated_at = now()', ...(extra ? [extra] : [])].join(', ')} where enterprise_id = $1 and id = $2`,
      p.values,
    ),
  );
}

export async function insertVersion(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  id: number,
  version: number,
  authorId: number,
  data: Data,
): Promise<void> {
  await q.query(
    `insert into record_versions (enterprise_id, entity, record_id, version, data, author_id) values ($1, $2, $3, $4, $5, $6)`,
    [scope.enterpriseId, cfg.entity, id, version, JSON.stringify(data), authorId],
  );
}

/**
 * New data must lie in the caller's range: a shop's own location, or the shop another record names;
 * every target of a targets record (resolved and kept by the caller, see targets.ts); anything for
 * an enterprise-wide record.
 */
export async function checkDataInRange(
  q: Q,
  cfg: EntityConfig,
  scope: Scope,
  data: Data,
  recordId: number | null,
): Promise<TargetRow[] | null> {
  if (cfg.reach.kind === 'enterprise') return null;
  if (cfg.reach.kind === 'targets') {
    const rows = await resolveTargets(q, scope, cfg.reach.field, targetsOf(data[cfg.reach.field]));
    if (!covered(scope.range, rows)) throw fail.forbidden('lifecycle.outOfRange');
    return rows;
  }
  if (scope.range === null) return null;
  const p = new Params([scope.enterpriseId]);
  const acc = (field: string) =>
    field === 'id'
      ? `${p.add(recordId)}::int`
      : `${p.add(data[field] ?? null)}::${cfg.fields[field].type === 'text' ? 'text' : 'int'}`;
  const cond = rangeSql(cfg, acc, scope.range, p.add, '$1::int');
  const [row] = await q.query<{ ok: boolean }>(
    `select coalesce(${cond}, false) as ok where $1::int is not null`,
    p.values,
  );
  if (!row?.ok) throw fail.forbidden('lifecycle.outOfRange');
  return null;
}
