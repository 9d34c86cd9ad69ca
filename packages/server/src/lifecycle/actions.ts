import { APPLY_STATUS as A, CONTENT_STATUS as C } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Tx } from '../db/tenant.js';
import type { TenantCtx } from '../plugins/context.js';
import { allow, reach, reachToWrite, scopeOf } from './access.js';
import { notify } from './notify.js';
import { approvalOf } from './policy.js';
import { versionItem } from './read.js';
import { selfApprove } from './review.js';
import { checkDataInRange, insertRecord, insertVersion, syncColumns } from './store.js';
import { clipToRange, saveTargets, targetsOf, type TargetRow } from './targets.js';
import { titleOf, type Data, type EntityConfig, type Item } from './types.js';

// The author's side of the lifecycle: create, update, copy, apply, delete-own, recovery-own.

/** Validated data that lies in the caller's range, and its target rows (targets records). */
async function prepare(
  q: Q,
  cfg: EntityConfig,
  ctx: TenantCtx,
  input: Data,
  recordId: number | null,
): Promise<{ data: Data; targets: TargetRow[] | null }> {
  const valid = cfg.validate ? await cfg.validate(q, scopeOf(ctx), input, recordId) : input;
  const field = cfg.reach.kind === 'targets' ? cfg.reach.field : null;
  const data = field ? { ...valid, [field]: await clipToRange(q, scopeOf(ctx), targetsOf(valid[field])) } : valid;
  const targets = await checkDataInRange(q, cfg, scopeOf(ctx), data, recordId);
  return { data, targets };
}

/** A new record with its first version, a draft (101). */
export async function createRecord(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  input: Data,
  from?: number,
): Promise<Item> {
  const scope = scopeOf(ctx);
  const { data, targets } = await prepare(q, cfg, ctx, input, null);
  const id = await insertRecord(q, cfg, scope, ctx.user.id, data);
  await insertVersion(q, cfg, scope, id, 1, ctx.user.id, data);
  if (targets) await saveTargets(q, cfg, scope, id, 1, targets);
  q.changed({ id, label: titleOf(cfg, data), before: from === undefined ? undefined : { from }, after: data });
  return versionItem(q, cfg, scope, id, 1);
}

/**
 * Edit: an own draft is changed in place; a rejected version stays in the history with its reason
 * and the edit becomes a new draft version (101) after it; an enabled record without a draft gets a
 * new draft version while the enabled one stays live until it passes.
 */
export async function updateRecord(q: Tx, cfg: EntityConfig, ctx: TenantCtx, id: number, input: Data): Promise<Item> {
  const scope = scopeOf(ctx);
  const rec = await reachToWrite(q, cfg, ctx, id, true);
  allow('update', rec, ctx);
  const { data, targets } = await prepare(q, cfg, ctx, input, id);
  let version = rec.version;
  if (rec.status === C.approved || rec.status === C.rejected) {
    version = rec.version + 1;
    await insertVersion(q, cfg, scope, id, version, ctx.user.id, data);
    await q.query(
      `update ${cfg.table} set version = $3, status = ${C.draft}, updated_at = now() where enterprise_id = $1 and id = $2`,
      [scope.enterpriseId, id, version],
    );
    if (rec.liveVersion === null) await syncColumns(q, cfg, scope, id, data);
  } else {
    await q.query(
      `update record_versions set data = $5, status = ${C.draft}, apply_status = null, updated_at = now()
        where enterprise_id = $1 and entity = $2 and record_id = $3 and version = $4`,
      [scope.enterpriseId, cfg.entity, id, version, JSON.stringify(data)],
    );
    await q.query(
      `update ${cfg.table} set status = ${C.draft}, updated_at = now() where enterprise_id = $1 and id = $2`,
      [scope.enterpriseId, id],
    );
    if (rec.liveVersion === null) await syncColumns(q, cfg, scope, id, data);
  }
  if (targets) await saveTargets(q, cfg, scope, id, version, targets);
  q.changed({ id, label: titleOf(cfg, data), before: rec.headData, after: data });
  return versionItem(q, cfg, scope, id, version);
}

/** A new draft record from a record's enabled data (or its head version when never enabled). */
export async function copyRecord(q: Tx, cfg: EntityConfig, ctx: TenantCtx, id: number): Promise<Item> {
  const rec = await reach(q, cfg, ctx, id);
  const source =
    rec.liveVersion === null ? rec.headData : ((await versionItem(q, cfg, scopeOf(ctx), id, rec.liveVersion)) as Data);
  const data = Object.fromEntries(Object.keys(cfg.fields).map((f) => [f, source[f]]));
  return createRecord(q, cfg, ctx, cfg.copyData ? cfg.copyData(data) : data, id);
}

/**
 * Submit the own draft or rejected version for review: 101/104 → 102, application 201, a request to
 * the reviewers; approved at once when the author alone may approve it (lifecycle/policy.ts).
 */
export async function applyRecord(q: Tx, cfg: EntityConfig, ctx: TenantCtx, id: number): Promise<Item> {
  const scope = scopeOf(ctx);
  const rec = await reachToWrite(q, cfg, ctx, id, true);
  allow('apply', rec, ctx);
  const approval = await approvalOf(q, cfg, ctx, id, rec);
  await q.query(
    `update record_versions set status = ${C.submitted}, apply_status = ${A.pending}, submitted_at = now(), updated_at = now(),
                               reviewer_id = null, reviewed_at = null
      where enterprise_id = $1 and entity = $2 and record_id = $3 and version = $4`,
    [scope.enterpriseId, cfg.entity, id, rec.version],
  );
  await q.query(
    `update ${cfg.table} set status = ${C.submitted}, updated_at = now() where enterprise_id = $1 and id = $2`,
    [scope.enterpriseId, id],
  );
  q.changed({ id, label: titleOf(cfg, rec.headData), after: { version: rec.version } });
  if (approval.by === 'self') return selfApprove(q, cfg, ctx, id, rec);
  await notify(q, cfg, scope, approval.to, 'lifecycle.review.request', {
    id,
    title: String(rec.headData[cfg.titleField] ?? id),
  });
  return versionItem(q, cfg, scope, id, rec.version);
}

/** Move the own draft to the recycle bin (deleted: true) or back (false). */
export async function binOwnDraft(
  q: Tx,
  cfg: EntityConfig,
  ctx: TenantCtx,
  id: number,
  deleted: boolean,
): Promise<Item> {
  const scope = scopeOf(ctx);
  const rec = await reachToWrite(q, cfg, ctx, id, true);
  allow(deleted ? 'deleteOwn' : 'recoveryOwn', rec, ctx);
  await q.query(
    `update record_versions set deleted_at = ${deleted ? 'now()' : 'null'}, updated_at = now()
      where enterprise_id = $1 and entity = $2 and record_id = $3 and version = $4`,
    [scope.enterpriseId, cfg.entity, id, rec.version],
  );
  q.changed({ id, label: titleOf(cfg, rec.headData), after: { version: rec.version } });
  return versionItem(q, cfg, scope, id, rec.version);
}
