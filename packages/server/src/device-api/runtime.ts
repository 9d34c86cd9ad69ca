import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { batcher, type Batcher } from '../lib/batcher.js';
import { DEVICE_LOOP_DEFAULTS, type DeviceLoopConfig } from './config.js';
import { ConsoleFeed } from './live/feed.js';
import { LiveHub } from './live/hub.js';
import { splashPlaylists, type PlaylistSource } from './playlist.js';
import { settleMany, type Result } from './settle.js';
import { Presence, type PresenceLog } from './presence.js';

export type { AuthRow, HeartbeatRow } from './device-row.js';
import type { AuthRow, HeartbeatRow } from './device-row.js';

/**
 * Calls per device and minute, counted in this instance's memory: a guard against a runaway
 * player, not a security boundary (with N instances a device may reach N times the limit).
 * Counting in the database would cost the write per heartbeat that presence avoids.
 */
export class DeviceLimiter {
  private window = 0;
  private counts = new Map<number, number>();
  constructor(private readonly perMinute: number) {}
  hit(deviceId: number, nowMs = Date.now()): boolean {
    const w = Math.floor(nowMs / 60_000);
    if (w !== this.window) {
      this.window = w;
      this.counts = new Map();
    }
    const n = (this.counts.get(deviceId) ?? 0) + 1;
    this.counts.set(deviceId, n);
    return n <= this.perMinute;
  }
}

export type DeviceRuntime = {
  loop: DeviceLoopConfig;
  presence: Presence;
  playlists: PlaylistSource;
  limiter: DeviceLimiter;
  auth: Batcher<string, AuthRow>;
  heartbeats: Batcher<string, HeartbeatRow>;
  /** acknowledgements over live sockets, settled many at once (device-api/settle.ts) */
  socketAcks: Batcher<{ dev: AuthRow; results: Result[] }, true>;
  /** the live sockets this instance holds (device-api/live) */
  live: LiveHub;
  /** the consoles listening for device changes on this instance (device-api/live/feed.ts) */
  feed: ConsoleFeed;
};

const BATCH = { maxBatch: 500, maxInFlight: 4 };

/** The device loop's shared parts for one app: presence map, batched lookups, limits, playlist source. */
export function createDeviceRuntime(
  db: Db,
  config: Config,
  log: PresenceLog & { warn: (obj: object, msg: string) => void },
  playlists: PlaylistSource = splashPlaylists,
): DeviceRuntime {
  const loop = { ...DEVICE_LOOP_DEFAULTS, ...config.deviceLoop };
  // one statement each: device_auth only reads (db.read); device_heartbeat also marks commands delivered (db.write)
  const byHash =
    <R extends { token_hash: string }, V>(sql: string, map: (r: R) => V, writes: boolean) =>
    async (hashes: string[]) => {
      const rows = writes ? (await db.write<R>({}, sql, [hashes])).rows : await db.read<R>({}, sql, [hashes]);
      return new Map(rows.map((r) => [r.token_hash, map(r)]));
    };
  type Row = {
    token_hash: string;
    enterprise_id: number;
    device_id: number;
    shop_id: number;
    time_zone: string;
    name: string;
    type: string;
    orientation: number;
    volume: number;
    ai: number;
    camera_mark: number;
  };
  const authOf = (r: Row): AuthRow => ({
    enterpriseId: r.enterprise_id,
    deviceId: r.device_id,
    shopId: r.shop_id,
    timezone: r.time_zone,
    name: r.name,
    type: r.type,
    orientation: r.orientation,
    volume: r.volume,
    ai: r.ai,
    cameraMark: r.camera_mark,
  });
  const auth = batcher(byHash<Row, AuthRow>('select * from device_auth($1::text[])', authOf, false), BATCH);
  const heartbeats = batcher(
    byHash<Row & Pick<HeartbeatRow, 'commands'>, HeartbeatRow>(
      'select * from device_heartbeat($1::text[])',
      (r) => ({ ...authOf(r), commands: r.commands }),
      true,
    ),
    BATCH,
  );
  // each acknowledgement is its own key (by identity): the batch is the acknowledgements waiting
  const socketAcks = batcher(async (acks: { dev: AuthRow; results: Result[] }[]) => {
    await settleMany(db, acks);
    return new Map(acks.map((a) => [a, true as const]));
  }, BATCH);
  return {
    loop,
    presence: new Presence(db, log),
    playlists,
    limiter: new DeviceLimiter(loop.callsPerMinute),
    auth,
    heartbeats,
    socketAcks,
    live: new LiveHub({ loop, playlists, auth, heartbeats }, log),
    feed: new ConsoleFeed(),
  };
}
