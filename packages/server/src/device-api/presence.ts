import type { Db } from '../db/client.js';
import { PresenceColumns, type Report } from './presence-columns.js';

export type { Report } from './presence-columns.js';

/** Devices written by one statement of a flush. */
export const FLUSH_CHUNK = 1000;

/**
 * Presence without one UPDATE per heartbeat: each instance keeps the heartbeats it answered in
 * memory (PresenceColumns: one slot per device, nothing allocated per heartbeat that outlives it) and
 * writes them every few seconds (and on shutdown), a thousand devices a statement. Each instance
 * flushes only the devices it heard from; the database keeps the latest report whichever instance
 * flushes first (device_presence_flush), and the status sweep reads only the database.
 */
export class Presence {
  private pending = new PresenceColumns();
  private flushing: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(protected readonly db: Db) {}

  /** Remember a heartbeat (a variant that writes at once, like the bench's naive one, returns a promise). */
  record(deviceId: number, enterpriseId: number, interval: number, report: Report, now: number): void | Promise<void> {
    this.pending.record(deviceId, enterpriseId, interval, report, now);
  }

  /** Devices heard from since the last flush. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Write every pending device, FLUSH_CHUNK a statement; when a statement fails, its devices and those
   * after it go back to the pending set for the next try (the ones before it are written). Each
   * chunk's payload is made only when its turn comes, so the event loop is never held for more than
   * one chunk's work: one statement of 10,000 devices held it 30–60 ms (bench/devices.ts).
   */
  flush(): Promise<number> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (!this.pending.size) return Promise.resolve(0);
    const batch = this.pending;
    this.pending = new PresenceColumns();
    this.flushing = this.write(batch).finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async write(batch: PresenceColumns): Promise<number> {
    let written = 0;
    for (let from = 0; from < batch.size; from += FLUSH_CHUNK) {
      try {
        const rows = JSON.stringify(batch.rows(from, from + FLUSH_CHUNK));
        written += await this.db.tx({}, async (q) => (await q.query<{ n: number }>('select device_presence_flush($1::jsonb) as n', [rows]))[0].n);
      } catch (err) {
        this.pending.restore(batch, from);
        throw err;
      }
    }
    return written;
  }

  start(ms: number, onError: (err: unknown) => void): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush().catch(onError), ms);
    this.timer.unref();
  }

  /** Stop the timer and write what is left (server shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
