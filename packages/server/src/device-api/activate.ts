import { hash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { ACTIVATION, RET, type hardware } from '@vitrine/contract';
import { enterTenant } from '../db/client.js';
import type { Row, Tables } from '../db/schema/index.js';
import type { Deps } from '../deps.js';
import { AppError, fail } from '../errors.js';
import { activationMac, normalizeCode } from '../domains/devices/activation-code.js';
import { intervalOf } from './config.js';
import { tokenHash } from './register.js';

type Input = { code: string; activation: string; hw?: z.output<typeof hardware> };

const wrong = () =>
  new AppError(RET.validation, 'device.activation.invalid', [
    { field: 'activation', message: 'device.activation.invalid' },
  ]);

/** The window in which one address may send `limits.activateWrongPerAddress` (default 5) wrong pairs. */
export const WRONG_TRIES_WINDOW_SECONDS = 15 * 60;

/**
 * Activate a screen: the device code and its one-time activation code become a device token (256
 * random bits; only its SHA-256 is stored); a new token revokes the device's previous one. Wrong
 * tries count per address and per the pair actually tried (device codes repeat across enterprises,
 * so no stored code is charged): five wrong pairs from one address in 15 minutes and that address
 * is refused (40029) until the window has passed; a wrong try is committed before the refusal.
 */
export async function activate(deps: Deps, input: Input, address: string) {
  const mac = activationMac(deps.config.secret, normalizeCode(input.activation));
  const tried = hash('sha256', `${input.code}|${mac}`, 'hex');
  const token = randomBytes(32).toString('base64url');
  const out = await deps.db.tx({}, async (q) => {
    // one address's tries queue, so concurrent wrong tries cannot pass the limit together
    await q.query(`select pg_advisory_xact_lock(hashtextextended('activate|' || $1, 0))`, [address]);
    const [{ n }] = await q.query<{ n: number }>(
      `select count(*)::int as n from device_activation_tries where address = $1 and tried_at > now() - make_interval(secs => $2)`,
      [address, WRONG_TRIES_WINDOW_SECONDS],
    );
    if (n >= (deps.config.limits.activateWrongPerAddress ?? ACTIVATION.maxAttempts)) return 'throttled' as const;
    const [hit] = await q.query<{ enterprise_id: number; device_id: number }>(
      'select * from device_activation_try($1, $2)',
      [input.code, mac],
    );
    if (!hit) {
      await q.query(
        `insert into device_activation_tries (address, tried) values ($1, $2) on conflict (address, tried) do update set tried_at = now()`,
        [address, tried],
      );
      return null; // commit the wrong try, then refuse
    }
    await enterTenant(q, hit.enterprise_id);
    const scope = [hit.enterprise_id, hit.device_id];
    await q.query(
      'update device_tokens set revoked_at = now() where enterprise_id = $1 and device_id = $2 and revoked_at is null',
      scope,
    );
    await q.query('insert into device_tokens (enterprise_id, device_id, token_hash, hw) values ($1, $2, $3, $4)', [
      ...scope,
      tokenHash(token),
      JSON.stringify(input.hw ?? {}),
    ]);
    const [d] = await q.query<
      Row<'devices', 'name' | 'type'> & {
        direction: number;
        volume: number;
        ai: number;
        timezone: Tables['enterprises']['time_zone'];
        cameraMark: number;
      }
    >(
      `select d.name, d.type, coalesce((d.applied->>'direction')::int, d.orientation) as direction, coalesce((d.applied->>'volume')::int, d.volume) as volume,
              coalesce((d.applied->>'ai')::int, d.ai) as ai, e.time_zone as timezone, e.camera_mark::int as "cameraMark"
         from devices d join enterprises e on e.id = d.enterprise_id where d.enterprise_id = $1 and d.id = $2`,
      scope,
    );
    return { deviceId: hit.device_id, config: d };
  });
  if (out === 'throttled') throw fail.tooMany('device.activation.throttled');
  if (!out) throw wrong();
  return {
    deviceToken: token,
    deviceId: out.deviceId,
    interval: intervalOf(out.deviceId, deps.device.loop.heartbeatSeconds),
    config: out.config,
  };
}
