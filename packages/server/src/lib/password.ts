import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { fail } from '../errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

// scrypt N=2^17, r=8, p=1 (OWASP): 128 MiB per hash, so Node 20 needs maxmem raised.
const N = 2 ** 17;
const r = 8;
const p = 1;
const KEYLEN = 32;
const MAXMEM = 256 * 1024 * 1024;

function scrypt(pw: string, salt: Buffer, n = N): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(pw, salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export type Hasher = {
  hash(pw: string): Promise<string>;
  verify(pw: string, stored: string | null): Promise<boolean>;
};

/**
 * Password hashing with a cap on hashes computed at once (memory and CPU are finite); callers beyond
 * the cap queue, and past a queue limit they are told to come back later (40029).
 */
export function createHasher(concurrency: number, maxQueue = 64, n = N): Hasher {
  let running = 0;
  const waiting: (() => void)[] = [];
  async function limited<T>(fn: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxQueue) throw fail.tooMany();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await fn();
    } finally {
      running--;
      waiting.shift()?.();
    }
  }
  // Unknown phones are checked against this, so both answers take the same time.
  const dummy = `scrypt$${n}$${r}$${p}$${randomBytes(16).toString('base64')}$${Buffer.alloc(KEYLEN).toString('base64')}`;
  return {
    hash: (pw) =>
      limited(async () => {
        const salt = randomBytes(16);
        const key = await scrypt(pw, salt, n);
        return `scrypt$${n}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
      }),
    verify: (pw, stored) =>
      limited(async () => {
        const [, nStr, , , saltB64, keyB64] = (stored ?? dummy).split('$');
        const key = await scrypt(pw, Buffer.from(saltB64, 'base64'), Number(nStr));
        const expected = Buffer.from(keyB64, 'base64');
        return stored !== null && key.length === expected.length && timingSafeEqual(key, expected);
      }),
  };
}

/** 8–64 characters, no composition rules, not on the block list (NIST 800-63B). */
export function checkPasswordPolicy(pw: string): void {
  if (pw.length < 8 || pw.length > 64) throw fail.invalid('pw', 'password.length');
  if (COMMON_PASSWORDS.has(pw.toLowerCase())) throw fail.invalid('pw', 'password.common');
}
