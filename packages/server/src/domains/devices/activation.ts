import { ACTIVATION } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx, type Tx } from '../../db/tenant.js';
import { activationMac, displayCode, newActivationCode, openCode, sealCode } from './activation-code.js';
import { controllable } from './commands.js';
import type { Row as DbRow } from '../../db/schema/index.js';

// The console's side of activation: a one-time code per enabled device (24 h, single use, 5 wrong
// tries), regenerate, deactivate. The device's side is src/device-api/activate.ts.

type Scope = { enterpriseId: number };
type Row = DbRow<'device_activations', 'code_box' | 'attempts'> & { expires: number; live: boolean };

export async function activationState(q: Q, scope: Scope, secret: string, deviceId: number) {
  const [code] = await q.query<Row>(
    `select code_box, extract(epoch from expires_at)::int as expires, attempts,
            used_at is null and revoked_at is null and expires_at > now() and attempts < $3 as live
       from device_activations where enterprise_id = $1 and device_id = $2 order by id desc limit 1`,
    [scope.enterpriseId, deviceId, ACTIVATION.maxAttempts],
  );
  const [token] = await q.query<{ at: number }>(
    `select extract(epoch from created_at)::int as at from device_tokens where enterprise_id = $1 and device_id = $2 and revoked_at is null`,
    [scope.enterpriseId, deviceId],
  );
  const plain = code?.live ? openCode(secret, code.code_box) : null;
  return {
    code: plain ? displayCode(plain) : null,
    expires: plain ? code.expires : null,
    attempts: code?.attempts ?? 0,
    maxAttempts: ACTIVATION.maxAttempts,
    activated: token ? 1 : 0,
    activatedAt: token?.at ?? null,
  };
}

/** Unused codes of the device stop working (a new code replaces them; deactivation ends them). */
const revokeCodes = (q: Q, scope: Scope, deviceId: number) =>
  q.query(
    'update device_activations set revoked_at = now() where enterprise_id = $1 and device_id = $2 and used_at is null and revoked_at is null',
    [scope.enterpriseId, deviceId],
  );

async function issueCode(q: Q, scope: Scope, secret: string, deviceId: number, userId: number): Promise<void> {
  await revokeCodes(q, scope, deviceId);
  const code = newActivationCode();
  await q.query(
    `insert into device_activations (enterprise_id, device_id, device_code, code_mac, code_box, created_by, expires_at)
     select $1, d.id, d.code, $3, $4, $5, now() + make_interval(secs => $6) from devices d where d.enterprise_id = $1 and d.id = $2`,
    [scope.enterpriseId, deviceId, activationMac(secret, code), sealCode(secret, code), userId, ACTIVATION.ttlSeconds],
  );
}

/**
 * The device's activation. A device that never had a code gets one made now; a used, expired or
 * killed code is not replaced silently (the console regenerates it on purpose).
 */
export function getActivation(deps: Deps, ctx: TenantCtx, id: number) {
  return inDevice(deps, ctx, id, async (q, scope) => {
    const state = await activationState(q, scope, deps.config.secret, id);
    const ever = await q.query('select 1 from device_activations where enterprise_id = $1 and device_id = $2 limit 1', [
      scope.enterpriseId,
      id,
    ]);
    if (ever.length || state.activated) return state;
    await issueCode(q, scope, deps.config.secret, id, ctx.user.id);
    // the log names the device (it read "Device (no. 419)" when the first code went unreported)
    q.changed({ id, label: await deviceName(q, scope, id), after: { activation: 'first code' } });
    return activationState(q, scope, deps.config.secret, id);
  });
}

/** A new code (the previous unused one stops working); the device's token, if any, stays until the new activation. */
export function regenerateActivation(deps: Deps, ctx: TenantCtx, id: number) {
  return inDevice(deps, ctx, id, async (q, scope) => {
    await issueCode(q, scope, deps.config.secret, id, ctx.user.id);
    q.changed({ id, label: await deviceName(q, scope, id), after: { activation: 'new code' } });
    return activationState(q, scope, deps.config.secret, id);
  });
}

/** Revoke the device's token (refused from the next call on) and any unused code. */
export function deactivateDevice(deps: Deps, ctx: TenantCtx, id: number) {
  return inDevice(deps, ctx, id, async (q, scope) => {
    await revokeCodes(q, scope, id);
    const revoked = await q.query(
      'update device_tokens set revoked_at = now() where enterprise_id = $1 and device_id = $2 and revoked_at is null returning id',
      [scope.enterpriseId, id],
    );
    q.changed({ id, label: await deviceName(q, scope, id), after: { tokens: revoked.length } });
    return activationState(q, scope, deps.config.secret, id);
  });
}

const deviceName = async (q: Q, scope: Scope, id: number) =>
  (
    await q.query<DbRow<'devices', 'name'>>('select name from devices where enterprise_id = $1 and id = $2', [
      scope.enterpriseId,
      id,
    ])
  )[0]?.name ?? '';

/** Run fn on one enabled device of the caller's enterprise and range (40004 / 40003 / 40009 otherwise). */
function inDevice<T>(deps: Deps, ctx: TenantCtx, id: number, fn: (q: Tx, scope: Scope) => Promise<T>): Promise<T> {
  return tenantTx(deps.db, ctx, async (q) => {
    await controllable(q, ctx, [id]);
    return fn(q, { enterpriseId: ctx.enterprise.id });
  });
}
