import { describe, expect, it } from 'vitest';
import { AuthCache } from './auth-cache.js';

// The cache's own rules; the triggers and LISTEN that drive it are tested in test/auth-notify.test.ts.

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('auth cache', () => {
  it('keeps a lookup and shares one in flight', async () => {
    const cache = new AuthCache(60_000);
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.user('h', load), cache.user('h', load)]);
    expect([a, b, await cache.user('h', load), loads]).toEqual([1, 1, 1, 1]);
    cache.invalidate();
    expect(await cache.user('h', load)).toBe(2);
  });

  it('does not store a lookup that raced an invalidation', async () => {
    const cache = new AuthCache(60_000);
    const stale = deferred<string>();
    const first = cache.tenant('k', () => stale.promise);
    // the change commits and its notification arrives while the old rows are still being read
    cache.invalidate();
    stale.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.tenant('k', async () => 'after the change')).toBe('after the change');
  });

  it('stores nothing while notifications cannot arrive, and forgets when they can again', async () => {
    const cache = new AuthCache(60_000);
    await cache.weight('w', async () => 'old');
    cache.setLive(false);
    let loads = 0;
    await cache.weight('w', async () => ++loads);
    await cache.weight('w', async () => ++loads);
    expect(loads).toBe(2);
    cache.setLive(true);
    expect(await cache.weight('w', async () => 'fresh')).toBe('fresh');
    expect(await cache.weight('w', async () => 'again')).toBe('fresh');
  });
});
