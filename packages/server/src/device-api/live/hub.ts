import { LIVE_CLOSE, type LiveServerMessage } from '@vitrine/contract';
import type { Batcher } from '../../lib/batcher.js';
import type { DeviceLoopConfig } from '../config.js';
import { playlistEtag, type PlaylistSource } from '../playlist.js';
import { commandsOf, type AuthRow, type HeartbeatRow } from '../device-row.js';

/** The channel the triggers of 0280_live_notify.sql notify. */
export const LIVE_CHANNEL = 'vitrine_live';

/** One screen's open socket on this instance. */
export type LiveConn = {
  dev: AuthRow;
  /** sha256 of its device token: what the batched lookups take */
  hash: string;
  /** the playlist ETag the screen holds, as far as we know (its hello's, then the last we pushed) */
  etag: string;
  /** bumped by each ETag computation for this socket: one that a newer one overtook is dropped */
  ticket?: number;
  send(msg: LiveServerMessage): void;
  close(code: number, reason: string): void;
};

type Parts = {
  loop: DeviceLoopConfig;
  playlists: PlaylistSource;
  auth: Batcher<string, AuthRow>;
  heartbeats: Batcher<string, HeartbeatRow>;
};
type Log = { warn: (obj: object, msg: string) => void };

/**
 * A notification's payload; undefined when it is none of ours. 0280_live_notify.sql: `c:` a command
 * queued and `d:` a device changed (with the device), `p:` a playlist input changed; 0282: `k:` a
 * command answered and `s:` a device's status (the enterprise only; the consoles' feed hears them);
 * `h:` a console asks a device to heartbeat now (`device/collect`, with the device).
 */
export function parseLive(
  payload: string,
):
  | { kind: 'c' | 'd' | 'h'; enterpriseId: number; deviceId: number }
  | { kind: 'p' | 'k' | 's'; enterpriseId: number }
  | undefined {
  const m = /^([cdpksh]):(\d+)(?::(\d+))?$/.exec(payload);
  if (!m) return undefined;
  const kind = m[1] as 'c' | 'd' | 'p' | 'k' | 's' | 'h';
  if (kind === 'c' || kind === 'd' || kind === 'h')
    return m[3] ? { kind, enterpriseId: Number(m[2]), deviceId: Number(m[3]) } : undefined;
  return { kind, enterpriseId: Number(m[2]) };
}

/**
 * The live sockets this instance holds, and what a change notification means for them. Every
 * instance hears every notification; only the one holding a device's socket acts. Commands go out
 * through the heartbeat's own statement (device_heartbeat: pending ones become delivered), so a
 * pushed command is in exactly the state a polled one would be. A plan change is one notification
 * per enterprise: the enterprise's playlists are read again once, each socket's ETag recomputed,
 * and only sockets whose ETag changed are told, spread over a short window so that their playlist
 * fetches do not land at once.
 */
export class LiveHub {
  private byDevice = new Map<number, LiveConn>();
  private byEnterprise = new Map<number, Set<LiveConn>>();
  private timers = new Set<NodeJS.Timeout>();
  /** playlist pushes sent (tests and the bench read it) */
  pushed = 0;

  constructor(
    private parts: Parts,
    private log: Log,
  ) {}

  get size(): number {
    return this.byDevice.size;
  }

  has(deviceId: number): boolean {
    return this.byDevice.has(deviceId);
  }

  /** Hold a socket; an older socket of the same device is closed (a screen has one). */
  add(conn: LiveConn): void {
    const old = this.byDevice.get(conn.dev.deviceId);
    if (old && old !== conn) {
      this.remove(old);
      old.close(LIVE_CLOSE.replaced, 'replaced');
    }
    this.byDevice.set(conn.dev.deviceId, conn);
    let set = this.byEnterprise.get(conn.dev.enterpriseId);
    if (!set) this.byEnterprise.set(conn.dev.enterpriseId, (set = new Set()));
    set.add(conn);
  }

  remove(conn: LiveConn): void {
    if (this.byDevice.get(conn.dev.deviceId) === conn) this.byDevice.delete(conn.dev.deviceId);
    const set = this.byEnterprise.get(conn.dev.enterpriseId);
    set?.delete(conn);
    if (set && !set.size) this.byEnterprise.delete(conn.dev.enterpriseId);
  }

  /** A notification of LIVE_CHANNEL; none (a LISTEN reconnect: anything may have changed) checks every socket. */
  notify(payload?: string): void {
    const run = (p: Promise<unknown>) =>
      void p.catch((err: unknown) => this.log.warn({ err, payload }, 'live: a notification could not be handled'));
    if (payload === undefined) {
      for (const conn of this.byDevice.values()) run(this.pushCommands(conn));
      run(this.playlistChanged());
      return;
    }
    const n = parseLive(payload);
    if (!n) return;
    if (n.kind === 'p') return run(this.playlistChanged(n.enterpriseId));
    if (n.kind !== 'c' && n.kind !== 'd' && n.kind !== 'h') return; // the consoles' kinds
    const conn = this.byDevice.get(n.deviceId);
    // the enterprise too: ids are unique, but a socket is only ever touched for its own enterprise
    if (!conn || conn.dev.enterpriseId !== n.enterpriseId) return;
    if (n.kind === 'h') return void conn.send({ type: 'collect' });
    run(n.kind === 'c' ? this.pushCommands(conn) : this.deviceChanged(conn));
  }

  /** The device's unacknowledged commands, as its heartbeat would get them (pending → delivered). */
  async pushCommands(conn: LiveConn): Promise<void> {
    const row = await this.parts.heartbeats.load(conn.hash);
    if (!this.holds(conn)) return;
    if (!row) return this.unauthorized(conn);
    conn.dev = row;
    const commands = commandsOf(row);
    if (commands.length) conn.send({ type: 'commands', commands });
  }

  /** The device or its token changed: still allowed? then maybe another playlist (moved shop, turned). */
  private async deviceChanged(conn: LiveConn): Promise<void> {
    const row = await this.parts.auth.load(conn.hash);
    if (!this.holds(conn)) return;
    if (!row) return this.unauthorized(conn);
    if (row.enterpriseId !== conn.dev.enterpriseId) return this.unauthorized(conn);
    conn.dev = row;
    const etag = await this.freshEtag(conn);
    if (etag !== undefined && etag !== conn.etag && this.holds(conn)) {
      conn.etag = etag;
      this.pushed++;
      conn.send({ type: 'playlist', etag });
    }
  }

  /**
   * The enterprise's playlist inputs changed (all enterprises: unknown what changed): forget them,
   * recompute each held socket's ETag, tell those whose ETag changed, spread over the window.
   */
  async playlistChanged(enterpriseId?: number): Promise<void> {
    this.parts.playlists.invalidate?.(enterpriseId);
    const conns =
      enterpriseId === undefined ? [...this.byDevice.values()] : [...(this.byEnterprise.get(enterpriseId) ?? [])];
    const changed: [LiveConn, string][] = [];
    for (const conn of conns) {
      const etag = await this.freshEtag(conn);
      if (etag !== undefined && etag !== conn.etag) changed.push([conn, etag]);
    }
    const window = Math.min(this.parts.loop.liveSpreadMs, changed.length * 2);
    for (const [conn, etag] of changed) {
      conn.etag = etag;
      this.later(Math.random() * window, () => {
        if (!this.holds(conn) || conn.etag !== etag) return;
        this.pushed++;
        conn.send({ type: 'playlist', etag });
      });
    }
  }

  /** Graceful shutdown: every socket is told when to come back (spread, so they do not return at once) and closed. */
  bye(baseMs = 1000, spreadMs = 4000): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const conn of [...this.byDevice.values()]) {
      conn.send({ type: 'bye', reconnectInMs: Math.round(baseMs + Math.random() * spreadMs) });
      this.remove(conn);
      conn.close(LIVE_CLOSE.goingAway, 'bye');
    }
  }

  /**
   * The socket's ETag now, or undefined when another computation for it began meanwhile: a device
   * change and a plan change can be worked on at once, and the one that began first (on older data)
   * may finish last; it must not overwrite what the socket was told (seen in CI: a stale ETag pushed).
   */
  private async freshEtag(conn: LiveConn): Promise<string | undefined> {
    const ticket = (conn.ticket = (conn.ticket ?? 0) + 1);
    const etag = await this.etagOf(conn);
    return ticket === conn.ticket ? etag : undefined;
  }

  private etagOf(conn: LiveConn): Promise<string> {
    const d = conn.dev;
    return playlistEtag(
      this.parts.playlists,
      { enterpriseId: d.enterpriseId, deviceId: d.deviceId, shopId: d.shopId },
      { type: d.type, orientation: d.orientation, ai: d.ai, timezone: d.timezone },
      new Date(),
    );
  }

  private holds(conn: LiveConn): boolean {
    return this.byDevice.get(conn.dev.deviceId) === conn;
  }

  private unauthorized(conn: LiveConn): void {
    this.remove(conn);
    conn.close(LIVE_CLOSE.unauthorized, 'unauthorized');
  }

  private later(ms: number, fn: () => void): void {
    if (ms < 1) return fn();
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
  }
}
