import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_KINDS, type UploadKind } from '@vitrine/contract';

// Two kinds of signed tokens, each HMAC'd with the server secret under its own purpose so one can
// never be passed off as the other: upload permits and download URLs.

export const PERMIT_TTL_SECONDS = 10 * 60;
export const URL_TTL_SECONDS = 15 * 60;

const mac = (secret: string, purpose: string, payload: string) =>
  createHmac('sha256', secret).update(`${purpose}|${payload}`).digest('base64url');

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

const now = () => Math.floor(Date.now() / 1000);

/** What a permit allows: enterprise, user, kind, largest size, expiry (Unix seconds). */
export type Permit = { e: number; u: number; k: UploadKind; m: number; x: number };

export function signPermit(secret: string, p: Permit): string {
  const body = Buffer.from(JSON.stringify(p)).toString('base64url');
  return `${body}.${mac(secret, 'upload', body)}`;
}

/** The permit's claims when its signature holds and it has not expired; null otherwise. */
export function readPermit(secret: string, token: string): Permit | null {
  const [body, sig, extra] = token.split('.');
  if (!body || !sig || extra !== undefined || !same(sig, mac(secret, 'upload', body))) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Permit>;
    const ints = [p.e, p.u, p.m, p.x].every((v) => Number.isInteger(v));
    if (!ints || !UPLOAD_KINDS.includes(p.k as UploadKind) || (p.x as number) < now()) return null;
    return p as Permit;
  } catch {
    return null;
  }
}

const rawPayload = (fileId: number, enterpriseId: number, exp: number) => `${fileId}|${enterpriseId}|${exp}`;

/** `<apiBase>/file/raw/<id>?en=…&exp=…&sig=…`: good for one file of one enterprise, until exp. */
export function signRawUrl(secret: string, apiBase: string, fileId: number, enterpriseId: number) {
  const expires = now() + URL_TTL_SECONDS;
  const sig = mac(secret, 'raw', rawPayload(fileId, enterpriseId, expires));
  return { url: `${apiBase}/file/raw/${fileId}?en=${enterpriseId}&exp=${expires}&sig=${sig}`, expires };
}

export type RawCheck = 'ok' | 'bad' | 'expired';

export function checkRawUrl(secret: string, fileId: number, enterpriseId: number, exp: number, sig: string): RawCheck {
  if (!same(sig, mac(secret, 'raw', rawPayload(fileId, enterpriseId, exp)))) return 'bad';
  return exp < now() ? 'expired' : 'ok';
}
