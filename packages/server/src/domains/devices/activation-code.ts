import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import { ACTIVATION } from '@vitrine/contract';

// Activation codes: short enough to type on a screen's remote (8 characters of an alphabet without
// look-alikes, ≈ 2^39 codes; with 5 tries per code guessing is hopeless), never stored in clear.

const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newActivationCode(): string {
  let code = '';
  for (let i = 0; i < ACTIVATION.length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** What a person may type: any case, spaces or dashes between groups. */
export const normalizeCode = (typed: string) => typed.toUpperCase().replace(/[\s-]/g, '');

/** How the console shows a code: two groups of four. */
export const displayCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The HMAC activation compares (the database never holds a code it could answer with). */
export const activationMac = (secret: string, code: string) =>
  createHmac('sha256', secret).update(`activation|${code}`).digest('hex');

const key = (secret: string) => createHash('sha256').update(`${secret}|activation-seal`).digest();

/** The code sealed with the server secret (AES-256-GCM), so the console can show it again. */
export function sealCode(secret: string, code: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(secret), iv);
  const body = Buffer.concat([c.update(code, 'utf8'), c.final()]);
  return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
}

export function openCode(secret: string, box: string): string | null {
  try {
    const raw = Buffer.from(box, 'base64url');
    const d = createDecipheriv('aes-256-gcm', key(secret), raw.subarray(0, 12));
    d.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
  } catch {
    return null;
  }
}
