import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_RESEND_SECONDS, type SmsPurpose } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { Row } from '../../db/schema/index.js';

export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_WRONG_TRIES = 5;

const hashCode = (secret: string, phone: string, purpose: string, code: string) =>
  createHmac('sha256', secret).update(`${phone}|${purpose}|${code}`).digest('hex');

/** Issue a 6-digit code from a cryptographic source, stored hashed; resend and daily caps enforced. */
/** The share of a phone's daily SMS codes one address may ask for. */
const SMS_SOURCE_SHARE = 0.3;

export async function issueCode(
  deps: Deps,
  q: Q,
  phone: string,
  purpose: SmsPurpose,
  ip: string,
): Promise<{ resendIn: number; code: string }> {
  const [stats] = await q.query<{ last_age: number | null; phone_day: number; ip_day: number; pair_day: number }>(
    `select (select extract(epoch from now() - max(created_at))::int from sms_codes where phone = $1) as last_age,
            (select count(*)::int from sms_codes where phone = $1 and created_at > now() - interval '1 day') as phone_day,
            (select count(*)::int from sms_codes where ip = $2 and created_at > now() - interval '1 day') as ip_day,
            (select count(*)::int from sms_codes where phone = $1 and ip = $2 and created_at > now() - interval '1 day') as pair_day`,
    [phone, ip],
  );
  if (stats.last_age !== null && stats.last_age < SMS_RESEND_SECONDS) throw fail.tooMany('code.tooSoon');
  const { smsPerPhoneDay, smsPerIpDay } = deps.config.limits;
  // one address may spend only a share of a phone's daily codes: a stranger cannot burn them all
  const perSource = Math.max(1, Math.ceil(smsPerPhoneDay * SMS_SOURCE_SHARE));
  if (stats.phone_day >= smsPerPhoneDay || stats.ip_day >= smsPerIpDay || stats.pair_day >= perSource)
    throw fail.tooMany('code.dailyCap');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query(
    `insert into sms_codes (phone, purpose, code_hash, ip, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [phone, purpose, hashCode(deps.config.secret, phone, purpose, code), ip, CODE_TTL_SECONDS],
  );
  await deps.sms.send(q, phone, purpose, code);
  return { resendIn: SMS_RESEND_SECONDS, code };
}

/**
 * Check a code against the newest live code for this phone and purpose, in its own transaction so
 * that a wrong try is counted even when the caller's work rolls back (dead after 5 wrong tries).
 * Returns the code's id when it matches.
 */
export async function checkCode(deps: Deps, phone: string, purpose: SmsPurpose, code: string): Promise<number | null> {
  return deps.db.tx({}, async (q) => {
    const [row] = await q.query<Row<'sms_codes', 'id' | 'code_hash' | 'attempts'>>(
      `select id, code_hash, attempts from sms_codes
        where phone = $1 and purpose = $2 and consumed_at is null and expires_at > now()
        order by created_at desc, id desc limit 1 for update`,
      [phone, purpose],
    );
    if (!row || row.attempts >= MAX_WRONG_TRIES) return null;
    const given = Buffer.from(hashCode(deps.config.secret, phone, purpose, code));
    if (timingSafeEqual(given, Buffer.from(row.code_hash))) return row.id;
    await q.query('update sms_codes set attempts = attempts + 1 where id = $1', [row.id]);
    return null;
  });
}

/** Check a code and return its id, or refuse with 40001 on the `code` field. */
export async function requireCode(deps: Deps, phone: string, purpose: SmsPurpose, code: string): Promise<number> {
  const id = await checkCode(deps, phone, purpose, code);
  if (id === null) throw fail.invalid('code', 'code.invalid');
  return id;
}

/** Mark a checked code used, inside the caller's transaction; a code is good for one use only. */
export async function consumeCode(q: Q, id: number): Promise<void> {
  const rows = await q.query(
    'update sms_codes set consumed_at = now() where id = $1 and consumed_at is null returning id',
    [id],
  );
  if (rows.length === 0) throw fail.invalid('code', 'code.invalid');
}
