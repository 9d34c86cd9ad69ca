/**
 * A few seconds of memory for who-is-calling lookups, so an authenticated call costs no query.
 * Any change to sessions, memberships or roles calls `invalidate()`; other instances see the
 * change within `ttlMs` (tokens revoked at logout are refused here at once). Concurrent misses of
 * one key share a single lookup.
 */
export class AuthCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private generation = 0;
  constructor(private ttlMs = 5000, private max = 10_000) {}

  private get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const generation = this.generation;
    const value = load();
    if (this.ttlMs > 0) {
      if (this.entries.size >= this.max) this.entries.clear();
      this.entries.set(key, { at: now, value });
      // a failed lookup is not remembered; nor is one that raced an invalidation
      const forget = () => this.entries.get(key)?.value === value && this.entries.delete(key);
      value.then(() => generation !== this.generation && forget(), forget);
    }
    return value;
  }

  user<T>(tokenHash: string, load: () => Promise<T>) {
    return this.get(`u|${tokenHash}`, load);
  }

  tenant<T>(key: string, load: () => Promise<T>) {
    return this.get(`t|${key}`, load);
  }

  weight<T>(key: string, load: () => Promise<T>) {
    return this.get(`w|${key}`, load);
  }

  invalidate() {
    this.generation++;
    this.entries.clear();
  }
}
