import {
  APPLY_STATUS as A,
  CONTENT_STATUS as C,
  ONLINE_STATUS as O,
  type LifecycleAction,
  type OnlineStatus,
} from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Row } from '../db/schema/index.js';
import type { Tx } from '../db/tenant.js';
import { fail } from '../errors.js';
import type { TenantCtx } from '../plugins/context.js';
import { allow, reachInRange, scopeOf } from './access.js';
import { notify } from './notify.js';
import { versionItem, type RecordState } from './read.js';
import { syncColumns } from './store.js';
import { titleOf, type Data, type EntityConfig, type Item } from './types.js';

// The reviewer's and publisher's side: examine, set-status, delete and recovery of enabled records.

/**
 * Approve (102 → 103: the version becomes the enabled one; a first approval goes online 302) or
 * reject (102 → 104 with the reason, back to the author). The conditional UPDATE … WHERE status = 102
 * decides races: of two reviewers, exactly one changes the row; the other gets 40009.
 */
export async function examineRecord(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  pass: 0 | 1,
  reason = '',
): Promise<Item> {
  const scope = scopeOf(ctx);
  if (pass === 0 && !reason.trim()) throw fail.invalid('reason', 'lifecycle.reasonRequired');
  const rec = await reachInRange(q, cfg, ctx, id);
  allow('examine', rec, ctx);
  const { data, author } = await decide(q, cfg, ctx, id, rec, pass, reason.trim());
  q.changed({
    id,
    label: titleOf(cfg, data),
    after: { version: rec.version, reason: pass ? undefined : reason.trim() },
  });
  await notify(q, cfg, scope, [author], pass ? 'lifecycle.review.passed' : 'lifecycle.review.rejected', {
    id,
    title: String(data[cfg.titleField] ?? id),
    reason: pass ? undefined : reason.trim(),
  });
  return versionItem(q, cfg, scope, id, rec.version);
}

/**
 * The author's own approval of the submission they have just made, when nobody else may review it
 * (lifecycle/policy.ts decides): the same decision as a reviewer's, logged as a `pass` marked
 * self-approved, with no message (the author is the one who acted).
 */
export async function selfApprove(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  rec: RecordState,
): Promise<Item> {
  const { data } = await decide(q, cfg, ctx, id, rec, 1, '');
  q.changed({ id, label: titleOf(cfg, data), verb: 'pass', after: { version: rec.version, selfApproved: true } });
  return versionItem(q, cfg, scopeOf(ctx), id, rec.version);
}

/** The decision on the submitted head version, and what it makes of the record (the enabled version, or rejected). */
async function decide(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  rec: RecordState,
  pass: 0 | 1,
  reason: string,
) {
  const scope = scopeOf(ctx);
  const won = await q.query<Row<'record_versions', 'author_id'> & { data: Data }>(
    `update record_versions set status = $5, apply_status = $6, reviewer_id = $7, reason = $8, reviewed_at = now(), updated_at = now()
      where enterprise_id = $1 and entity = $2 and record_id = $3 and version = $4 and status = ${C.submitted}
      returning data, author_id`,
    [
      scope.enterpriseId,
      cfg.entity,
      id,
      rec.version,
      pass ? C.approved : C.rejected,
      pass ? A.approved : A.rejected,
      ctx.user.id,
      pass ? '' : reason,
    ],
  );
  if (!won.length) throw fail.conflict('lifecycle.alreadyExamined');
  const { data, author_id: author } = won[0];
  if (pass) {
    // a first approval launches unless the entity says otherwise; a later one keeps the column as it is
    const online = rec.liveVersion !== null ? 'online' : cfg.approvalLaunches !== false ? O.online : O.offline;
    await syncColumns(
      q,
      cfg,
      scope,
      id,
      data,
      `status = ${C.approved}, live_version = ${Number(rec.version)}, online = ${online}`,
    );
  } else {
    await q.query(
      `update ${cfg.table} set status = ${C.rejected}, updated_at = now() where enterprise_id = $1 and id = $2`,
      [scope.enterpriseId, id],
    );
  }
  return { data, author };
}

async function enabledFor(q: Q, cfg: EntityConfig, ctx: TenantCtx, id: number, action: LifecycleAction) {
  const rec = await reachInRange(q, cfg, ctx, id, true);
  allow(action, rec, ctx);
  return { rec, live: rec.liveVersion as number };
}

/** Online 302 / offline 301, for enabled records that are not deleted. */
export async function setOnline(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  status: OnlineStatus,
): Promise<Item> {
  const scope = scopeOf(ctx);
  const { rec, live } = await enabledFor(q, cfg, ctx, id, status === O.online ? 'online' : 'offline');
  await q.query(`update ${cfg.table} set online = $3, updated_at = now() where enterprise_id = $1 and id = $2`, [
    scope.enterpriseId,
    id,
    status,
  ]);
  q.changed({ id, label: titleOf(cfg, rec.headData), before: { online: rec.online }, after: { online: status } });
  return versionItem(q, cfg, scope, id, live);
}

/**
 * A record-level flag of an enabled record that is not deleted (the transition table's `delete`
 * conditions), changed by a publisher in range without a new version: an ad plan's `is_default`.
 */
export async function setFlag(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  column: string,
  value: number,
): Promise<Item> {
  const scope = scopeOf(ctx);
  const rec = await reachInRange(q, cfg, ctx, id, true);
  allow('delete', rec, ctx);
  const [before] = await q.query<Record<string, number>>(
    `select ${column} as v from ${cfg.table} where enterprise_id = $1 and id = $2`,
    [scope.enterpriseId, id],
  );
  await q.query(`update ${cfg.table} set ${column} = $3, updated_at = now() where enterprise_id = $1 and id = $2`, [
    scope.enterpriseId,
    id,
    value,
  ]);
  q.changed({ id, label: titleOf(cfg, rec.headData), before: { [column]: before.v }, after: { [column]: value } });
  return versionItem(q, cfg, scope, id, rec.liveVersion as number);
}

/** Soft-delete an enabled record (it goes offline) or recover it (it stays offline until published). */
export async function binEnabled(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  deleted: boolean,
): Promise<Item> {
  const scope = scopeOf(ctx);
  const { rec, live } = await enabledFor(q, cfg, ctx, id, deleted ? 'delete' : 'recovery');
  await q.query(
    `update ${cfg.table} set deleted_at = ${deleted ? 'now()' : 'null'}, online = ${O.offline}, updated_at = now() where enterprise_id = $1 and id = $2`,
    [scope.enterpriseId, id],
  );
  q.changed({ id, label: titleOf(cfg, rec.headData), before: { online: rec.online }, after: { online: O.offline } });
  return versionItem(q, cfg, scope, id, live);
}
