import type { Db } from '../db/client.js';
import { PresenceColumns, rowProblem, type PresenceRow, type Report } from './presence-columns.js';

export type { Report } from './presence-columns.js';

/** Devices written by one statement of a flush. */
export const FLUSH_CHUNK = 1000;

/** Where a dropped row is told (the app's logger). */
export type PresenceLog = {
  warn: (obj: { deviceId: number; enterpriseId: number; field?: string; err?: unknown }, msg: string) => void;
};

/**
 * SQLSTATE classes a row's own values cause (22 data exception: a number out of range, bad text;
 * 23 integrity: a check or not-null): that row is bad, not the database. Anything else (connection,
 * shutdown, serialization) is the database's, and every row waits for the next flush.
 */
const isRowError = (err: unknown) => /^2[23]/.test(String((err as { code?: unknown } | null)?.code ?? ''));

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

  constructor(
    private readonly db: Db,
    private readonly log: PresenceLog,
  ) {}

  /** Remember a heartbeat (written by the next flush). */
  record(deviceId: number, enterpriseId: number, interval: number, report: Report, now: number): void {
    this.pending.record(deviceId, enterpriseId, interval, report, now);
  }

  /** Devices heard from since the last flush. */
  get size(): number {
    return this.pending.size;
  }

  /**
   * Write every pending device, FLUSH_CHUNK a statement. One device never holds the others hostage
   * (issue 24: a content id past int4 failed every flush, and the sweep turned every enterprise's
   * screens offline): a row its columns would refuse is dropped before the statement, and a statement
   * the database refuses for a row's values is halved until the bad rows are found, which are
   * dropped; each drop is a log line, never a retry. When the database itself fails, the chunk's
   * devices and those after it go back to the pending set for the next try (the ones before it are
   * written). Each chunk's payload is made only when its turn comes, so the event loop is never held
   * for more than one chunk's work: one statement of 10,000 devices held it 30–60 ms (bench/devices.ts).
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
      const rows = batch.rows(from, from + FLUSH_CHUNK).filter((row) => {
        const field = rowProblem(row);
        if (field) this.drop(row, { field });
        return !field;
      });
      try {
        written += await this.writeRows(rows);
      } catch (err) {
        this.pending.restore(batch, from);
        throw err;
      }
    }
    return written;
  }

  /** One statement for `rows`; refused for a row's values, each half alone, down to the bad rows. */
  private async writeRows(rows: PresenceRow[]): Promise<number> {
    if (!rows.length) return 0;
    try {
      const json = JSON.stringify(rows);
      return await this.db.tx(
        {},
        async (q) => (await q.query<{ n: number }>('select device_presence_flush($1::jsonb) as n', [json]))[0].n,
      );
    } catch (err) {
      if (!isRowError(err)) throw err;
      if (rows.length === 1) {
        this.drop(rows[0], { err });
        return 0;
      }
      const half = rows.length >> 1;
      return (await this.writeRows(rows.slice(0, half))) + (await this.writeRows(rows.slice(half)));
    }
  }

  private drop(row: PresenceRow, why: { field?: string; err?: unknown }): void {
    this.log.warn(
      { deviceId: row.device_id, enterpriseId: row.enterprise_id, ...why },
      'presence: a heartbeat its row cannot hold was dropped',
    );
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
