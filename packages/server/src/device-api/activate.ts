import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { RET, type hardware } from '@vitrine/contract';
import { enterTenant } from '../db/client.js';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { activationMac, normalizeCode } from '../domains/devices/activation-code.js';
import { intervalOf } from './config.js';
import { tokenHash } from './register.js';

type Input = { code: string; activation: string; hw?: z.output<typeof hardware> };

const wrong = () => new AppError(RET.validation, 'device.activation.invalid', [{ field: 'activation', message: 'device.activation.invalid' }]);

/**
 * Activate a screen: the device code and its one-time activation code become a device token (256
 * random bits; only its SHA-256 is stored). A wrong code counts against every live code of that
 * device code and is committed before the refusal; a new token revokes the device's previous one.
 */
export async function activate(deps: Deps, input: Input) {
  const mac = activationMac(deps.config.secret, normalizeCode(input.activation));
  const token = randomBytes(32).toString('base64url');
  const out = await deps.db.tx({}, async (q) => {
    const [hit] = await q.query<{ enterprise_id: number; device_id: number }>('select * from device_activation_try($1, $2)', [input.code, mac]);
    if (!hit) return null; // the wrong try is counted by the same statement; commit it
    await enterTenant(q, hit.enterprise_id);
    const scope = [hit.enterprise_id, hit.device_id];
    await q.query('update device_tokens set revoked_at = now() where enterprise_id = $1 and device_id = $2 and revoked_at is null', scope);
    await q.query('insert into device_tokens (enterprise_id, device_id, token_hash, hw) values ($1, $2, $3, $4)', [...scope, tokenHash(token), JSON.stringify(input.hw ?? {})]);
    const [d] = await q.query<{ name: string; type: string; direction: number; volume: number; ai: number; timezone: string }>(
      `select d.name, d.type, coalesce((d.applied->>'direction')::int, d.orientation) as direction, coalesce((d.applied->>'volume')::int, d.volume) as volume,
              coalesce((d.applied->>'ai')::int, d.ai) as ai, e.time_zone as timezone
         from devices d join enterprises e on e.id = d.enterprise_id where d.enterprise_id = $1 and d.id = $2`,
      scope,
    );
    return { deviceId: hit.device_id, config: d };
  });
  if (!out) throw wrong();
  return { deviceToken: token, deviceId: out.deviceId, interval: intervalOf(out.deviceId, deps.device.loop.heartbeatSeconds), config: out.config };
}
