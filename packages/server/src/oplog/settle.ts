import { verbOf, type OpVerb } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Ctx } from '../plugins/context.js';
import { runningCall } from './call.js';

/**
 * What a mutation changed, reported by the service on its transaction object (`t.changed(…)`).
 * `label` is the record's name at the time (shown in the logs, so a deleted department still reads
 * as its name); before/after are the fields that matter, rendered field by field by the console.
 * `verb`: a second act of the same call under its own verb (a submission its author approves at
 * once writes `apply`, then `pass`); by default the verb the call declares.
 */
export type Change = { id: number | string; label?: string; before?: unknown; after?: unknown; verb?: OpVerb };

const summaryOf = (c: Change) =>
  c.before === undefined && c.after === undefined ? null : { before: c.before ?? null, after: c.after ?? null };

const wrote = async (q: Q) =>
  (await q.query<{ w: boolean }>('select pg_current_xact_id_if_assigned() is not null as w'))[0].w;

/**
 * Just before a tenant transaction commits: write the running call's operation-log rows, with the
 * verb and entity its contract declares. Changes the service reported become one row each; a
 * declared call whose transaction wrote but reported nothing still gets one row (id from its input),
 * because the row exists when the mutation did. A call that declares no log must not write: in tests
 * (`strict`) that fails the call, so a mutation added without a declaration cannot pass the suite.
 */
export async function settleOplog(q: Q, ctx: Ctx, enterpriseId: number | null, changes: Change[]): Promise<void> {
  const call = runningCall();
  if (!call) return; // seed and scripts: not a contract call, not an operation of a user
  const log = call.def.log;
  if (log === 'private') return;
  if (!log) {
    if (changes.length) throw new Error(`${call.def.path} reported a change but its contract declares no log`);
    if (call.strict && (await wrote(q)))
      throw new Error(`${call.def.path} wrote in a tenant transaction but its contract declares no log`);
    return;
  }
  const verb = verbOf(log, call.input);
  if (!verb) throw new Error(`${call.def.path}: no verb for this input`);
  if (enterpriseId === null || !ctx.user) return; // a user transaction that entered no enterprise
  const input = (call.input ?? {}) as Record<string, unknown>;
  const rows = changes.length
    ? changes.map((c) => ({ id: String(c.id), label: c.label ?? '', summary: summaryOf(c), verb: c.verb ?? verb }))
    : call.logged
      ? []
      : [{ id: String(input.id ?? input.userId ?? ''), label: '', summary: null, verb }];
  if (!rows.length) return;
  const inserted = await q.query(
    `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id, label, summary, source)
     select $1, $2, $3, x.verb, $4, x.id, x.label, x.summary, $5
       from jsonb_to_recordset($6::jsonb) as x(id text, label text, summary jsonb, verb text)
      where $7 or pg_current_xact_id_if_assigned() is not null
     returning id`,
    [
      enterpriseId,
      ctx.user.id,
      ctx.role?.role ?? null,
      log.entity,
      ctx.source,
      JSON.stringify(rows),
      changes.length > 0,
    ],
  );
  if (inserted.length) call.logged = true;
}
