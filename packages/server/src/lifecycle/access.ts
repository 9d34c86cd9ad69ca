import { refusal, type LifecycleAction, type LifecycleState } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { fail } from '../errors.js';
import type { TenantCtx } from '../plugins/context.js';
import { loadRecord, type RecordState } from './read.js';
import type { EntityConfig, Scope } from './types.js';

export const scopeOf = (ctx: TenantCtx): Scope => ({ enterpriseId: ctx.enterprise.id, range: ctx.range });

/**
 * A record the caller may reach: another enterprise's (or no) record → 40004; outside the caller's
 * data range → 40003. Authorship never widens the range: outside it, an author reaches only their
 * own draft of a record that was never approved (DESIGN §5).
 */
export async function reach(q: Q, cfg: EntityConfig, ctx: TenantCtx, id: number, lock = false): Promise<RecordState> {
  const rec = await loadRecord(q, cfg, scopeOf(ctx), id, lock);
  if (!rec) throw fail.notFound();
  if (!rec.inRange && !(rec.headAuthor === ctx.user.id && rec.liveVersion === null))
    throw fail.forbidden('lifecycle.outOfRange');
  return rec;
}

/**
 * Reach a record to change it: everything it touches must lie in the range (a record aimed at
 * several areas is written only by someone whose range holds them all), except the author's own
 * never-approved draft.
 */
export async function reachToWrite(
  q: Q,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  lock = false,
): Promise<RecordState> {
  const rec = await reach(q, cfg, ctx, id, lock);
  if (!rec.covered && !(rec.headAuthor === ctx.user.id && rec.liveVersion === null))
    throw fail.forbidden('lifecycle.outOfRange');
  return rec;
}

/** Reach a record for a decision on its enabled version: all of it must lie in the range (authorship is not enough). */
export async function reachInRange(
  q: Q,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  lock = false,
): Promise<RecordState> {
  const rec = await reach(q, cfg, ctx, id, lock);
  if (!rec.inRange || !rec.covered) throw fail.forbidden('lifecycle.outOfRange');
  return rec;
}

/** The record's lifecycle state as the contract's transition table reads it. */
export const stateOf = (rec: RecordState, ctx: TenantCtx): LifecycleState => ({
  status: rec.status,
  live: rec.liveVersion !== null,
  online: rec.online,
  deleted: rec.deleted,
  draftDeleted: rec.draftDeleted,
  author: rec.headAuthor === ctx.user.id,
});

/** Refuse an action the contract's transition table does not allow in the record's state. */
export function allow(action: LifecycleAction, rec: RecordState, ctx: TenantCtx): void {
  const no = refusal(action, stateOf(rec, ctx));
  if (no) throw no.ret === 'conflict' ? fail.conflict(no.key) : fail.forbidden(no.key);
}
