import { APPLY_STATUS as A, CONTENT_STATUS as C, ONLINE_STATUS as O } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { TenantCtx } from '../plugins/context.js';
import { scopeOf } from './access.js';
import { checkDataInRange } from './store.js';
import { saveTargets, type TargetRow } from './targets.js';
import { titleOf, type Data, type EntityConfig } from './types.js';

// The service-level bulk path (imports, the demo): many records through the same validation and
// range checks, written set-based with the statuses a create → apply → examine sequence leaves,
// and one operation-log row per transition. Review messages are not sent for bulk imports.

export type Outcome = 'draft' | 'submitted' | 'rejected' | 'enabled';
export type BulkRow = { data: Data; outcome: Outcome; reason?: string };

const STATUS: Record<Outcome, number> = {
  draft: C.draft,
  submitted: C.submitted,
  rejected: C.rejected,
  enabled: C.approved,
};
const APPLY: Record<Outcome, number | null> = {
  draft: null,
  submitted: A.pending,
  rejected: A.rejected,
  enabled: A.approved,
};
const SQL_TYPE = { text: 'text', int: 'int', num: 'numeric', json: 'jsonb' } as const;

/** Validate every row, then insert records, versions and log rows in a handful of statements. */
export async function bulkImport(
  q: Q,
  cfg: EntityConfig,
  author: TenantCtx,
  reviewer: TenantCtx,
  rows: BulkRow[],
): Promise<number[]> {
  if (!rows.length) return [];
  const scope = scopeOf(author);
  const datas: Data[] = [];
  const targets: (TargetRow[] | null)[] = [];
  for (const r of rows) {
    const data = cfg.validate ? await cfg.validate(q, scope, r.data, null) : r.data;
    targets.push(await checkDataInRange(q, cfg, scope, data, null));
    datas.push(data);
  }
  const ids = (
    await q.query<{ id: number }>(
      `select nextval(pg_get_serial_sequence($1, 'id'))::int as id from generate_series(1, $2)`,
      [cfg.table, rows.length],
    )
  ).map((r) => r.id);
  const fields = Object.keys(cfg.fields);
  const recs = rows.map((r, i) => ({
    // enabled is online, unless approval leaves the record to be launched (ad plans: throw)
    id: ids[i],
    status: STATUS[r.outcome],
    live: r.outcome === 'enabled' ? 1 : null,
    online: r.outcome === 'enabled' && cfg.approvalLaunches !== false ? O.online : O.offline,
    ...Object.fromEntries(fields.map((f) => [f, datas[i][f] ?? (cfg.fields[f].type === 'text' ? '' : null)])),
  }));
  const cols = fields.map((f) => cfg.fields[f].column);
  const shape = [
    'id int',
    'status int',
    'live int',
    'online int',
    ...fields.map((f) => `"${f}" ${SQL_TYPE[cfg.fields[f].type]}`),
  ].join(', ');
  // each value cast to its column's own type (a text field may live in a date column: ad plans' days)
  const typed = new Map(
    (
      await q.query<{ c: string; t: string }>(
        'select attname as c, format_type(atttypid, atttypmod) as t from pg_attribute where attrelid = $1::regclass and attnum > 0 and not attisdropped',
        [cfg.table],
      )
    ).map((r) => [r.c, r.t]),
  );
  const values = fields.map((f) => `x."${f}"::${typed.get(cfg.fields[f].column) ?? SQL_TYPE[cfg.fields[f].type]}`);
  await q.query(
    `insert into ${cfg.table} (id, enterprise_id, author_id, status, live_version, online, ${cols.join(', ')}) overriding system value
     select x.id, $1, $2, x.status, x.live, x.online, ${values.join(', ')}
       from jsonb_to_recordset($3::jsonb) as x(${shape})`,
    [scope.enterpriseId, author.user.id, JSON.stringify(recs)],
  );
  const versions = rows.map((r, i) => ({
    id: ids[i],
    status: STATUS[r.outcome],
    apply: APPLY[r.outcome],
    data: datas[i],
    reason: r.outcome === 'rejected' ? (r.reason ?? '') : '',
    reviewed: r.outcome === 'enabled' || r.outcome === 'rejected',
  }));
  await q.query(
    `insert into record_versions (enterprise_id, entity, record_id, version, status, apply_status, data, author_id, reviewer_id,
                                  reason, submitted_at, reviewed_at)
     select $1, $2, x.id, 1, x.status, x.apply, x.data, $3, case when x.reviewed then $4::int end, x.reason,
            case when x.apply is not null then now() end, case when x.reviewed then now() end
       from jsonb_to_recordset($5::jsonb) as x(id int, status int, apply int, data jsonb, reason text, reviewed boolean)`,
    [scope.enterpriseId, cfg.entity, author.user.id, reviewer.user.id, JSON.stringify(versions)],
  );
  // records aimed at areas, shops and devices: their first version's targets, as createRecord keeps them
  for (const [i, rowsOfTargets] of targets.entries())
    if (rowsOfTargets) await saveTargets(q, cfg, scope, ids[i], 1, rowsOfTargets);
  const logs = rows.flatMap((r, i) => {
    const label = titleOf(cfg, datas[i]);
    const out = [{ user: author.user.id, role: author.role.role, verb: 'create', id: String(ids[i]), label }];
    if (r.outcome !== 'draft')
      out.push({ user: author.user.id, role: author.role.role, verb: 'apply', id: String(ids[i]), label });
    if (r.outcome === 'enabled' || r.outcome === 'rejected')
      out.push({
        user: reviewer.user.id,
        role: reviewer.role.role,
        verb: r.outcome === 'enabled' ? 'pass' : 'reject',
        id: String(ids[i]),
        label,
      });
    return out;
  });
  await q.query(
    `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id, label, source)
     select $1, x.user, x.role, x.verb, $2, x.id, x.label, $3 from jsonb_to_recordset($4::jsonb) as x("user" int, role int, verb text, id text, label text)`,
    [scope.enterpriseId, cfg.entity, author.source, JSON.stringify(logs)],
  );
  return ids;
}
