import type { OpVerb } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { TenantCtx, UserCtx } from '../../plugins/context.js';

/**
 * Record one mutation in the operation log, inside the mutation's transaction: who, in which role,
 * the spec's verb (§4), the entity and id, a before/after summary, and the source (pc/wx).
 */
export async function writeOplog(
  q: Q,
  ctx: UserCtx | TenantCtx,
  entry: { enterpriseId: number; verb: OpVerb; entity: string; entityId: string | number; before?: unknown; after?: unknown },
): Promise<void> {
  const role = 'role' in ctx && ctx.role ? ctx.role.role : null;
  const summary = entry.before === undefined && entry.after === undefined ? null : JSON.stringify({ before: entry.before ?? null, after: entry.after ?? null });
  await q.query(
    `insert into oplog (enterprise_id, user_id, role, verb, entity, entity_id, summary, source) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [entry.enterpriseId, ctx.user.id, role, entry.verb, entry.entity, String(entry.entityId), summary, ctx.source],
  );
}
