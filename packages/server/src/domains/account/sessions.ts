import { randomBytes } from 'node:crypto';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { hashToken } from '../../plugins/context.js';

/** A new session: 256 random bits, only the hash stored, idle and absolute expiry. */
export async function createSession(deps: Deps, q: Q, userId: number, ip: string, source: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await q.query(
    `insert into sessions (user_id, token_hash, ip, source, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [userId, hashToken(token), ip, source, deps.config.tokenMaxSeconds],
  );
  return token;
}

export async function revokeSession(q: Q, sessionId: number): Promise<void> {
  await q.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

export async function revokeAllSessions(q: Q, userId: number, exceptSessionId = 0): Promise<void> {
  await q.query('update sessions set revoked_at = now() where user_id = $1 and id <> $2 and revoked_at is null', [
    userId,
    exceptSessionId,
  ]);
}
