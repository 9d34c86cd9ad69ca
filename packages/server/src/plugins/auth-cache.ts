/** The channel the triggers of 0030_auth_notify.sql notify. */
export const AUTH_CHANNEL = 'vitrine_auth';

/**
 * A few seconds of memory for who-is-calling lookups, so an authenticated call costs no query.
 * Nothing calls `invalidate()` by hand: database triggers on what the lookups read (sessions,
 * users, enterprises, members, role entries, jobs, menus, job menus) notify at commit, and every
 * instance LISTENs (docs/decisions/0031). While notifications may be missed (the LISTEN
 * connection is down) nothing is stored. Concurrent misses of one key share a single lookup.
 */
export class AuthCache {
  private entries = new Map<string, { at: number; value: Promise<unknown> }>();
  private generation = 0;
  private live = true;
  constructor(
    private ttlMs = 5000,
    private max = 10_000,
  ) {}

  private get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.ttlMs) return hit.value as Promise<T>;
    const value = load();
    if (this.ttlMs > 0 && this.live) {
      if (this.entries.size >= this.max) this.entries.clear();
      // Stored while in flight, so an invalidation arriving before it resolves drops it too: a
      // lookup that raced a change (and may have read the rows as they were) is never kept.
      this.entries.set(key, { at: now, value });
      // a failed lookup is not remembered
      value.catch(() => this.entries.get(key)?.value === value && this.entries.delete(key));
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

  /** Whether change notifications can arrive; when they cannot, every lookup goes to the database. */
  setLive(live: boolean) {
    this.live = live;
    this.invalidate();
  }

  get isLive() {
    return this.live;
  }

  /** How many times the cache was told to forget (tests wait on it). */
  get invalidations() {
    return this.generation;
  }
}
