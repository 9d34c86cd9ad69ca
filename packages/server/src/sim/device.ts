import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import {
  DEVICE_API_PREFIX,
  DEVICE_BATCH_MAX,
  LIVE_PATH,
  LiveClient,
  isOpenAt,
  type CommandAction,
  type LiveSocketLike,
  type Playlist,
  type PlayEvent,
  type Span,
  type VisitEvent,
} from '@vitrine/contract';
import { makePng } from '../domains/files/fixtures.js';
import { ApiError, DeviceClient } from './client.js';
import { localClock, seeded, visitorsBetween, type Rng } from './visitors.js';

/**
 * What goes wrong with a simulated screen, so every status appears in the console:
 * - power-loss: it reports for a while, then goes silent (offline, 0);
 * - storage-low: it reports little free storage (online but abnormal, 1);
 * - stalled: it should be playing but reports no plays (playback abnormal, 3, when its plan says play).
 */
export type Fault = 'none' | 'power-loss' | 'storage-low' | 'stalled';

export type SimDeviceSpec = {
  id: number;
  code: string;
  activation: string;
  hours: Span[];
  fault: Fault;
  /** traffic relative to an average screen */
  weight: number;
  seed: number;
  /**
   * When its live reports begin (Unix seconds, default: when it is made): the first heartbeat reports
   * what happened since then, and its backdated history ends there, so the two neither overlap nor
   * leave a gap. A test sets it a day back to have one heartbeat report a whole day.
   */
  since?: number;
};

/**
 * The screen logs one play in every PLAY_SAMPLE_SECONDS of opening hours: the item on screen at each
 * 10-minute mark. Live and backdated alike, so a day of history and today compare like for like
 * (issue 25 §6); every play would be ~360 an hour a screen, 2 million a day for the demo's fleet and
 * far more than a backdated fortnight on PGlite can hold and still start in a minute.
 */
export const PLAY_SAMPLE_SECONDS = 600;
const WEEK = 7 * 86400;

type Command = { id: number; action: CommandAction; params: Record<string, unknown>; seq: number };
type Logger = (msg: string) => void;

/** One screen: activates with its code, then heartbeats, applies commands, plays its playlist and counts visitors. */
export class SimDevice {
  readonly client: DeviceClient;
  private rng: Rng;
  private interval = 60;
  private timeZone = 'Asia/Shanghai';
  private etag: string | undefined;
  private playlist: Playlist | null = null;
  private volume = 50;
  private direction = 1;
  private beats = 0;
  /** the camera counts visitors only with AI on (API.md: the player is the detector), as the activation's config says */
  private ai = 1;
  /** when its live reports begin and its history ends */
  private readonly since: number;
  private last: number;
  private plays: PlayEvent[] = [];
  private visits: VisitEvent[] = [];
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** the live socket (API.md "Live channel"), once started */
  live?: LiveClient;
  /** commands applied, by id: one pushed and then polled again is acknowledged, not applied twice */
  private applied = new Map<number, 0 | 1>();
  /** Heartbeats answered, commands acknowledged, events accepted, pushes heard: what the tests read. */
  readonly counts = { beats: 0, acks: 0, plays: 0, visits: 0, errors: 0, pushed: 0 };
  /** when each command arrived (id → ms), for the bench */
  readonly arrivals = new Map<number, number>();

  constructor(
    private base: string,
    readonly spec: SimDeviceSpec,
    private speed = 1,
    private log: Logger = () => {},
  ) {
    this.client = new DeviceClient(base);
    this.rng = seeded(spec.seed);
    this.since = spec.since ?? Date.now() / 1000;
    this.last = this.since;
  }

  /**
   * Open the live socket: commands and playlist changes arrive at once, `collect` heartbeats now,
   * and while connected the screen heartbeats at the welcome's longer period.
   */
  goLive(opts: { pingMs?: number } = {}): LiveClient {
    this.live ??= new LiveClient({
      url: `${this.base.replace(/^http/, 'ws')}${DEVICE_API_PREFIX}/${LIVE_PATH}`,
      token: () => this.client.token || undefined,
      etag: () => this.etag,
      open: (url) => new WebSocket(url) as unknown as LiveSocketLike,
      onCommands: (commands) => {
        this.counts.pushed++;
        const now = Date.now();
        for (const c of commands) if (!this.arrivals.has(c.id)) this.arrivals.set(c.id, now);
        void this.apply([...commands].sort((a, b) => a.seq - b.seq)).catch((err: unknown) => this.fail(err));
      },
      onPlaylist: (etag) => {
        this.counts.pushed++;
        if (etag !== this.etag) void this.refreshPlaylist(etag).catch((err: unknown) => this.fail(err));
      },
      onCollect: () => {
        clearTimeout(this.timer);
        void this.tick();
      },
      pingMs: opts.pingMs,
    });
    this.live.start();
    return this.live;
  }

  private fail(err: unknown) {
    this.counts.errors++;
    this.log(`device ${this.spec.code}: ${err instanceof Error ? err.message : String(err)}`);
  }

  async activate(): Promise<void> {
    const r = await this.client.call<{
      deviceToken: string;
      interval: number;
      config: { timezone: string; volume: number; direction: number; ai: number };
    }>('activate', {
      code: this.spec.code,
      activation: this.spec.activation,
      hw: { model: 'Vitrine simulator', os: 'sim', screen: { w: 1920, h: 1080 }, appVersion: 'sim-1.0' },
    });
    this.client.token = r.deviceToken;
    this.interval = r.interval;
    this.timeZone = r.config.timezone;
    this.volume = r.config.volume;
    this.direction = r.config.direction;
    this.ai = r.config.ai;
  }

  /**
   * Uploads the days `days` to `after` (exclusive) before its live reports begin, as a screen back
   * from a long time offline would: the visitors its camera counted (at the live rate `scale`) and
   * the plays it logged, by the same rules as its live reports. Answers the visits accepted.
   */
  async backfill(days: number, scale: number, after = 0): Promise<number> {
    const until = this.since;
    let sent = 0;
    for (let d = days; d > after; d--) {
      const events = this.visitorsIn(until - d * 86400, until - (d - 1) * 86400, scale);
      for (let i = 0; i < events.length; i += DEVICE_BATCH_MAX) {
        if (this.stopped) return sent;
        const r = await this.client.call<{ accepted: number }>('visits', {
          events: events.slice(i, i + DEVICE_BATCH_MAX),
        });
        sent += r.accepted;
      }
    }
    this.counts.visits += sent;
    if (!this.playlist) this.playlist = await this.client.playlist<Playlist>(undefined);
    const plays = this.playsIn(until - days * 86400, until - after * 86400);
    for (let i = 0; i < plays.length && !this.stopped; i += DEVICE_BATCH_MAX) {
      const r = await this.client.call<{ accepted: number }>('plays', {
        events: plays.slice(i, i + DEVICE_BATCH_MAX),
      });
      this.counts.plays += r.accepted;
    }
    return sent;
  }

  /** Visitors between two times (none without a camera), at `scale` times the shop's curve. */
  private visitorsIn(from: number, to: number, scale: number): VisitEvent[] {
    if (!this.ai) return [];
    return visitorsBetween(from, to, {
      timeZone: this.timeZone,
      hours: this.spec.hours,
      rng: this.rng,
      weight: this.spec.weight,
      scale,
    });
  }

  /**
   * The plays it logs between two times: at each PLAY_SAMPLE_SECONDS mark of opening hours, the item
   * its playlist plays then — for a time before the playlist's window (which covers the week ahead),
   * the item of the same weekday and time — or the default plan's.
   */
  private playsIn(from: number, to: number): PlayEvent[] {
    const segs = this.playlist?.segments ?? [];
    const start = segs.length ? Math.min(...segs.map((s) => s.from)) : from;
    const events: PlayEvent[] = [];
    for (let t = Math.ceil(from / PLAY_SAMPLE_SECONDS) * PLAY_SAMPLE_SECONDS; t < to; t += PLAY_SAMPLE_SECONDS) {
      if (!isOpenAt(this.spec.hours, localClock(t, this.timeZone).minute)) continue;
      const item = this.itemAt(t + Math.ceil(Math.max(0, start - t) / WEEK) * WEEK);
      if (item)
        events.push({
          eventId: randomUUID(),
          contentId: item.contentId,
          planId: item.planId,
          start: t,
          durationMs: item.durationMs,
        });
    }
    return events;
  }

  start(): void {
    // spread the first heartbeats over a few seconds so a fleet does not beat in step
    this.schedule(500 + this.rng() * 3000);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.live?.stop();
  }

  private schedule(ms: number) {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), ms);
    this.timer.unref?.();
  }

  /** One heartbeat period: report, apply commands, refresh the playlist, send what happened since the last one. */
  async tick(): Promise<void> {
    if (this.stopped) return;
    if (this.spec.fault === 'power-loss' && this.beats >= 3) return; // the power went: nothing more is heard
    const now = Date.now() / 1000;
    try {
      await this.beat(now);
      this.collect(this.last, now);
      await this.flush();
      this.last = now;
    } catch (err) {
      this.counts.errors++;
      this.log(`device ${this.spec.code}: ${err instanceof Error ? err.message : String(err)}`);
      if (err instanceof ApiError && err.ret === 65536) return this.stop(); // deactivated in the console
    }
    // while the socket is up the welcome's longer period, else the heartbeat's own
    this.schedule((this.live?.interval ?? this.interval) * 1000);
  }

  private current(now: number) {
    const seg = this.playlist?.segments.find((s) => s.from <= now && now < s.to);
    if (seg) return { planId: seg.planId, items: seg.items, from: seg.from };
    return this.playlist?.fallback
      ? { planId: this.playlist.fallback.planId, items: this.playlist.fallback.items, from: 0 }
      : null;
  }

  private async beat(now: number) {
    const playing = this.spec.fault === 'stalled' ? null : this.nowPlaying(now);
    const r = await this.client.call<{
      interval: number;
      playlistEtag: string;
      commands: Command[];
      config?: { ai: number };
    }>('heartbeat', {
      appVersion: 'sim-1.0',
      freeStorageMb: this.spec.fault === 'storage-low' ? 80 : 6000,
      volume: this.volume,
      direction: this.direction,
      clock: Math.round(now),
      playing,
      ...(this.live?.connected ? { live: 1 } : {}),
      ...(this.etag ? { playlistEtag: this.etag } : {}),
      ...(this.spec.fault === 'storage-low'
        ? { errors: [{ code: 'storage.low', message: 'free storage under 100 MB' }] }
        : {}),
    });
    this.beats++;
    this.counts.beats++;
    this.interval = r.interval;
    if (r.config) this.ai = r.config.ai;
    if (r.commands.length) await this.apply([...r.commands].sort((a, b) => a.seq - b.seq));
    if (r.playlistEtag !== this.etag) await this.refreshPlaylist(r.playlistEtag);
  }

  private async refreshPlaylist(etag: string) {
    const next = await this.client.playlist<Playlist>(this.etag);
    if (next) this.playlist = next;
    this.etag = next?.etag ?? etag;
  }

  private nowPlaying(now: number) {
    const item = this.itemAt(now);
    return item ? { contentId: item.contentId, planId: item.planId } : null;
  }

  /** The item the playlist plays at `time`: its segment's items in turn from the segment's start. */
  private itemAt(time: number) {
    const cur = this.current(time);
    if (!cur || cur.items.length === 0) return null;
    const total = cur.items.reduce((s, i) => s + Math.max(1000, i.durationMs), 0);
    let at = ((time - cur.from) * 1000) % total;
    for (const item of cur.items) {
      at -= Math.max(1000, item.durationMs);
      if (at < 0) return { contentId: item.contentId, planId: cur.planId, durationMs: Math.max(1000, item.durationMs) };
    }
    return null;
  }

  private async apply(commands: Command[]) {
    const results: { id: number; ok: 0 | 1; message?: string; file?: number }[] = [];
    for (const c of commands) {
      const done = this.applied.get(c.id);
      if (done !== undefined) {
        results.push({ id: c.id, ok: done });
        continue;
      }
      this.applied.set(c.id, 1);
      if (c.action === 'volume') this.volume = Number(c.params.volume ?? this.volume);
      if (c.action === 'direction') this.direction = Number(c.params.direction ?? this.direction);
      if (c.action === 'ai') this.ai = Number(c.params.ai ?? this.ai);
      if (c.action === 'refresh') this.etag = undefined;
      if (c.action === 'screenshot') {
        results.push({ id: c.id, ok: 1, file: await this.client.screenshot(c.id, makePng(64, 36, c.id)) });
        continue;
      }
      results.push({ id: c.id, ok: 1 });
    }
    if (this.applied.size > 1000) this.applied.delete(this.applied.keys().next().value!);
    // over the socket when it is up (the server acknowledges as POST ack would), else POST
    if (this.live?.ack(results)) {
      this.counts.acks += results.length;
      return;
    }
    const r = await this.client.call<{ accepted: number[] }>('ack', { results });
    this.counts.acks += r.accepted.length;
  }

  /** The plays and the visitors between two heartbeats, by the same rules as the backdated ones. */
  private collect(from: number, to: number) {
    if (this.spec.fault !== 'stalled') this.plays.push(...this.playsIn(from, to));
    this.visits.push(...this.visitorsIn(from, to, this.speed));
  }

  /** Sends buffered events; what the server did not take stays buffered for the next period. */
  private async flush() {
    for (const [path, buf, key] of [
      ['plays', this.plays, 'plays'],
      ['visits', this.visits, 'visits'],
    ] as const) {
      while (buf.length) {
        const batch = buf.slice(0, DEVICE_BATCH_MAX);
        const r = await this.client.call<{ accepted: number; duplicates: number }>(path, { events: batch });
        buf.splice(0, batch.length);
        this.counts[key] += r.accepted;
      }
    }
  }
}
