import type { Db } from '../db/client.js';

/** What one heartbeat says about the device's state (already validated), with the server's reading of its clock. */
export type Report = {
  appVersion?: string;
  freeStorageMb?: number;
  volume?: number;
  direction?: number;
  errors: { code: string; message?: string }[];
  /** device clock − server clock, seconds (0 when the device did not send its clock) */
  clockSkew: number;
  playing?: { contentId: number; planId: number } | null;
};

type Entry = {
  enterpriseId: number;
  /** Unix seconds of the first and the latest heartbeat since the last flush */
  first: number;
  seen: number;
  interval: number;
  report: Report;
  playingAt: number | null;
};

/**
 * Presence without one UPDATE per heartbeat: each instance keeps the heartbeats it answered in a
 * map and writes them all in one statement every few seconds (and on shutdown). Each instance
 * flushes only the devices it heard from; the database keeps the latest report whichever instance
 * flushes first (device_presence_flush), and the status sweep reads only the database.
 */
export class Presence {
  private entries = new Map<number, Entry>();
  private flushing: Promise<number> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(protected readonly db: Db) {}

  /** Remember a heartbeat (a variant that writes at once, like the bench's naive one, returns a promise). */
  record(deviceId: number, enterpriseId: number, interval: number, report: Report, now: number): void | Promise<void> {
    const prev = this.entries.get(deviceId);
    const playing = report.playing ? now : (prev?.playingAt ?? null);
    const keepPlaying = !report.playing && prev?.report.playing ? { playing: prev.report.playing } : {};
    this.entries.set(deviceId, {
      enterpriseId, interval, first: prev?.first ?? now, seen: now, report: { ...prev?.report, ...report, ...keepPlaying }, playingAt: playing,
    });
  }

  /** Devices heard from since the last flush (memory held: one small entry each). */
  get size(): number {
    return this.entries.size;
  }

  /** Write every pending entry in one statement; on failure they go back into the map for the next try. */
  flush(): Promise<number> {
    if (this.flushing) return this.flushing.then(() => this.flush());
    if (!this.entries.size) return Promise.resolve(0);
    const batch = this.entries;
    this.entries = new Map();
    const rows = [...batch].map(([deviceId, e]) => ({
      device_id: deviceId, enterprise_id: e.enterpriseId, t_first: e.first, t_seen: e.seen, hb_interval: e.interval,
      app_version: e.report.appVersion ?? '', free_storage_mb: e.report.freeStorageMb ?? null, volume: e.report.volume ?? null,
      direction: e.report.direction ?? null, errors: e.report.errors, clock_skew: e.report.clockSkew,
      playing_content: e.report.playing?.contentId ?? null, playing_plan: e.report.playing?.planId ?? null, playing_at: e.playingAt,
    }));
    this.flushing = this.db
      .tx({}, async (q) => (await q.query<{ n: number }>('select device_presence_flush($1::jsonb) as n', [JSON.stringify(rows)]))[0].n)
      .catch((err: unknown) => {
        for (const [id, e] of batch) {
          const newer = this.entries.get(id);
          this.entries.set(id, newer ? { ...newer, first: Math.min(newer.first, e.first) } : e);
        }
        throw err;
      })
      .finally(() => {
        this.flushing = null;
      });
    return this.flushing;
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
