/** Timings of the device loop; defaults suit 60 s heartbeats, tests and the bench shorten them. */
export type DeviceLoopConfig = {
  /** base heartbeat period in seconds; each device gets it with a fixed jitter of up to ±10 % */
  heartbeatSeconds: number;
  /** how often each instance writes its presence map to the database */
  flushMs: number;
  /** device API calls a minute per device (heartbeats, batches, files) before 40029 */
  callsPerMinute: number;
  /** false: no flush timer (tests flush and run the sweep themselves, with a controlled clock) */
  timers: boolean;
  /** how long an instance keeps an enterprise's launched plans before reading them again (0: every call) */
  playlistCacheMs: number;
  /** heartbeat period (seconds) of a device holding a live socket (the welcome's interval): longer, the socket pushes */
  liveHeartbeatSeconds: number;
  /** how long a new live socket may take to say hello */
  liveHelloMs: number;
  /** the longest window a playlist change to many sockets is spread over (2 ms a socket up to it) */
  liveSpreadMs: number;
  /** how often the server pings every socket (a socket that missed one pong is dropped); 0: never */
  livePingMs: number;
};

export const DEVICE_LOOP_DEFAULTS: DeviceLoopConfig = {
  heartbeatSeconds: 60,
  flushMs: 5000,
  callsPerMinute: 600,
  timers: true,
  playlistCacheMs: 5000,
  liveHeartbeatSeconds: 180,
  liveHelloMs: 5000,
  liveSpreadMs: 3000,
  livePingMs: 30_000,
};

/** A device's own heartbeat period: the base with a jitter fixed per device (no thundering herd). */
export function intervalOf(deviceId: number, base: number): number {
  const spread = Math.max(1, Math.round(base * 0.1));
  const h = Math.imul(deviceId ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  return Math.max(1, base + (h % (2 * spread + 1)) - spread);
}
