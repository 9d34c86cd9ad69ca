import { describe, expect, it } from 'vitest';
import { createHasher } from './password.js';

// The product's hashing (the test harness hashes at N=2^10 for speed: test/harness.ts): OWASP's
// scrypt cost is what is stored, and a stored hash verifies at the cost it records.

describe('password hashing', () => {
  it('stores scrypt N=2^17, r=8, p=1 and verifies only the right password', async () => {
    const hasher = createHasher(1);
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(await hasher.verify('correct horse batterY', stored)).toBe(false);
    // an unknown user is checked against a dummy hash: false, after the same work
    expect(await hasher.verify('correct horse battery', null)).toBe(false);
  });

  it('verifies a hash at the cost it records (a cheaper or older one still signs in)', async () => {
    const cheap = await createHasher(1, 64, 2 ** 10).hash('pw-at-1024');
    expect(cheap.startsWith('scrypt$1024$')).toBe(true);
    expect(await createHasher(1).verify('pw-at-1024', cheap)).toBe(true);
  });

  it('queues past its concurrency and refuses past the queue (40029)', async () => {
    const hasher = createHasher(1, 1, 2 ** 10);
    const results = await Promise.allSettled([hasher.hash('a'), hasher.hash('b'), hasher.hash('c')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ ret: 40029 });
  });
});
