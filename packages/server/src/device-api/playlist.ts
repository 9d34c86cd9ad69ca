import { hash } from 'node:crypto';
import type { Playlist } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import { localDay } from '../lib/local-time.js';

/** Who a device call acts for: the device's enterprise, the device and its shop. */
export type DeviceScope = { enterpriseId: number; deviceId: number; shopId: number };

/** Everything about the device itself that a playlist depends on. */
export type DeviceInputs = { type: string; orientation: number; ai: number; timezone: string };

/**
 * Where playlists come from: (device, now) → the playlist of API.md. The advertising slice provides
 * the real one (plans loaded from the database, the pure resolution of DESIGN §7); until then every
 * device gets the splash: no segments, no fallback. Its `etag` must hash every input of the answer
 * so that the heartbeat's `playlistEtag` changes exactly when the playlist does.
 */
export type PlaylistSource = {
  /**
   * `q`: a transaction acting for the enterprise to read through — a caller already inside one (the
   * sweep) must not open another (PGlite has one session: a second would wait for the first).
   */
  playlistFor(scope: DeviceScope, device: DeviceInputs, now: Date, q?: Q): Promise<Playlist>;
  /** The ETag alone (every heartbeat asks), when the source keeps it cheaper than the whole playlist; equal to playlistFor's. */
  etagFor?(scope: DeviceScope, device: DeviceInputs, now: Date): Promise<string>;
  /** Forget what is kept of the enterprise (all enterprises: none given): its plans changed (a live notification). */
  invalidate?(enterpriseId?: number): void;
};

/** The ETag of a device's playlist now: the source's own when it keeps one, else its playlist's. */
export async function playlistEtag(
  source: PlaylistSource,
  scope: DeviceScope,
  device: DeviceInputs,
  now: Date,
): Promise<string> {
  return source.etagFor ? source.etagFor(scope, device, now) : (await source.playlistFor(scope, device, now)).etag;
}

/** An ETag over named inputs (order-independent keys, stable JSON). */
export function etagOf(inputs: Record<string, unknown>): string {
  const stable = JSON.stringify(
    Object.keys(inputs)
      .sort()
      .map((k) => [k, inputs[k]]),
  );
  return `pl-${hash('sha256', stable, 'base64url').slice(0, 27)}`;
}

/** The splash for every device: nothing scheduled. Its answer depends on the device and the local day only. */
export const splashPlaylists: PlaylistSource = {
  async playlistFor(scope, device, now) {
    const { day, secondsToMidnight } = localDay(device.timezone, now);
    const nowSec = Math.floor(now.getTime() / 1000);
    return {
      etag: etagOf({ v: 1, device: scope.deviceId, shop: scope.shopId, ...device, day }),
      generatedAt: nowSec,
      timezone: device.timezone,
      segments: [],
      fallback: null,
      bgm: [],
      pitches: [],
      files: [],
      nextChangeAt: nowSec + secondsToMidnight,
    };
  },
};

/** The contents a device should be showing at `now` (empty = nothing scheduled: the splash). */
export function expectedContents(p: Playlist, nowSec: number): { contents: Set<number>; since: number } | null {
  const seg = p.segments.find((s) => s.from <= nowSec && nowSec < s.to);
  if (seg) return { contents: new Set(seg.items.map((i) => i.contentId)), since: seg.from };
  if (p.fallback?.items.length) return { contents: new Set(p.fallback.items.map((i) => i.contentId)), since: 0 };
  return null;
}
