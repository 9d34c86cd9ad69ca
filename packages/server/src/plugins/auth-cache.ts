/**
 * A few seconds of memory for who-is-calling lookups, so an authenticated call costs no query.
 * Any change to sessions, memberships or roles calls `invalidate()`; other instances see the
 * change within `ttlMs` (tokens revoked at logout are refused here at once).
 */
export class AuthCache {
  private entries = new Map<string, { at: number; value: unknown }>();
  constructor(private ttlMs = 5000, private max = 10_000) {}

  private async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.ttlMs) return hit.value as T;
    const value = await load();
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(key, { at: now, value });
    return value;
  }

  user<T>(tokenHash: string, load: () => Promise<T>) {
    return this.get(`u|${tokenHash}`, load);
  }

  tenant<T>(key: string, load: () => Promise<T>) {
    return this.get(`t|${key}`, load);
  }

  invalidate() {
    this.entries.clear();
  }
}
