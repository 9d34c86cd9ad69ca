import { CLOCK_SKEW_SECONDS, OFFLINE_INTERVALS, PLAYBACK_INTERVALS, STORAGE_LOW_MB } from '@vitrine/contract';

// True device status (spec codes), derived from what the device reported — a pure function of the
// presence row, what the playlist says should play, the plays it sent, and the clock.

export type DeviceStatus = 0 | 1 | 3 | 7;

export type PresenceSnapshot = {
  /** Unix seconds; null = never connected */
  lastSeen: number | null;
  onlineSince: number;
  /** the device's heartbeat period, seconds */
  interval: number;
  errors: { code: string }[];
  freeStorageMb: number | null;
  /** device clock − server clock, seconds */
  clockSkew: number;
  /** AI (camera) switched on for this device */
  ai: number;
  playingContent: number | null;
  playingAt: number | null;
  /** A status the console set for a demo (virtual-status, acknowledged by the screen); 7 or null: none. */
  virtual?: number | null;
};

/** What should be on screen now (the playlist's current segment or fallback), and since when. */
export type Expectation = { contents: Set<number>; since: number } | null;

export type Derived = { status: DeviceStatus; reasons: string[] };

/**
 * 0 offline: no heartbeat for 2.5 × its interval (or never). 1 online but abnormal: it reports
 * errors, low storage, camera off while AI is on, or a clock more than 60 s off. 3 playback
 * abnormal: something should be playing, the device has been online for two intervals of it, and
 * in the last two intervals neither a heartbeat nor a play named a content that should play.
 * 7 normal. Errors come before playback: a device that cannot download cannot play either.
 */
export function deriveStatus(
  p: PresenceSnapshot,
  expected: Expectation,
  playedRecently: Set<number>,
  now: number,
): Derived {
  if (p.lastSeen === null || now - p.lastSeen > OFFLINE_INTERVALS * p.interval)
    return { status: 0, reasons: ['offline'] };
  // a virtual status stands over what the screen reports, while the screen is really there to hear it lifted (7)
  if (p.virtual === 0 || p.virtual === 1 || p.virtual === 3) return { status: p.virtual, reasons: ['virtual'] };
  // a camera fault matters only while the camera should count visitors (AI on)
  const reasons = p.errors.map((e) => e.code).filter((code) => !code.startsWith('camera.') || p.ai === 1);
  if (p.freeStorageMb !== null && p.freeStorageMb < STORAGE_LOW_MB && !reasons.includes('storage.low'))
    reasons.push('storage.low');
  if (Math.abs(p.clockSkew) > CLOCK_SKEW_SECONDS && !reasons.includes('clock.skew')) reasons.push('clock.skew');
  if (reasons.length) return { status: 1, reasons: [...new Set(reasons)] };
  if (expected) {
    const window = PLAYBACK_INTERVALS * p.interval;
    const settled = now - Math.max(p.onlineSince, expected.since) >= window;
    const heartbeatOk =
      p.playingAt !== null &&
      now - p.playingAt <= window &&
      p.playingContent !== null &&
      expected.contents.has(p.playingContent);
    const playsOk = [...playedRecently].some((c) => expected.contents.has(c));
    if (settled && !heartbeatOk && !playsOk) return { status: 3, reasons: ['playback'] };
  }
  return { status: 7, reasons: [] };
}
