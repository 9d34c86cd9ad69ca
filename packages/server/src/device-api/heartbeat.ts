import type { z } from 'zod';
import type { heartbeatBody } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { intervalOf } from './config.js';
import { playlistEtag } from './playlist.js';
import { commandsOf, type AuthRow, type HeartbeatRow } from './device-row.js';

export const configOf = (d: AuthRow) => ({
  name: d.name,
  type: d.type,
  direction: d.orientation,
  volume: d.volume,
  ai: d.ai,
  timezone: d.timezone,
  cameraMark: d.cameraMark,
});

/**
 * A heartbeat: its report goes into this instance's presence map (written in batches, never one
 * UPDATE per heartbeat); the answer comes from the batched device_heartbeat statement (token, the
 * device's settings, its unacknowledged commands — pending ones become delivered) and the playlist
 * source's ETag.
 */
export async function heartbeat(
  deps: Deps,
  input: z.output<typeof heartbeatBody>,
  dev: HeartbeatRow,
  now = new Date(),
) {
  const nowSec = now.getTime() / 1000;
  // a device holding a live socket heartbeats less often (the welcome told it how often)
  const interval = intervalOf(
    dev.deviceId,
    input.live === 1 ? deps.device.loop.liveHeartbeatSeconds : deps.device.loop.heartbeatSeconds,
  );
  deps.device.presence.record(
    dev.deviceId,
    dev.enterpriseId,
    interval,
    {
      appVersion: input.appVersion,
      freeStorageMb: input.freeStorageMb,
      volume: input.volume,
      direction: input.direction,
      errors: input.errors ?? [],
      clockSkew: input.clock === undefined ? 0 : Math.round(input.clock - nowSec),
      playing: input.playing,
      camera: input.camera,
    },
    Math.floor(nowSec),
  );
  const etag = await playlistEtag(
    deps.device.playlists,
    { enterpriseId: dev.enterpriseId, deviceId: dev.deviceId, shopId: dev.shopId },
    { type: dev.type, orientation: dev.orientation, ai: dev.ai, timezone: dev.timezone },
    now,
  );
  return {
    serverTime: Math.round(now.getTime()) / 1000,
    interval,
    playlistEtag: etag,
    commands: commandsOf(dev),
    config: configOf(dev),
  };
}
