import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@vitrine/contract';
import { DEVICE_LOOP_DEFAULTS } from '../config.js';
import type { AuthRow } from '../device-row.js';
import type { PlaylistSource } from '../playlist.js';
import { LiveHub, type LiveConn } from './hub.js';

// The hub's ETags when a device change and a plan change are worked on at once (no database: the
// playlist source answers when the test says). Seen in CI: the device change began first, on the
// plans before the launch, finished last and pushed that older ETag over the launch's.

const dev: AuthRow = {
  enterpriseId: 1,
  deviceId: 7,
  shopId: 3,
  timezone: 'Asia/Shanghai',
  name: 'screen',
  type: 'big',
  orientation: 1,
  volume: 50,
  ai: 1,
  cameraMark: 1,
};

describe('the live hub', () => {
  it('a computation that a newer one overtook does not overwrite what the screen is told', async () => {
    const pending: ((etag: string) => void)[] = [];
    const playlists: PlaylistSource = {
      playlistFor: () => Promise.reject(new Error('not used')),
      etagFor: () => new Promise<string>((resolve) => pending.push(resolve)),
      invalidate: () => undefined,
    };
    const auth = { load: () => Promise.resolve(dev) };
    const hub = new LiveHub(
      { loop: { ...DEVICE_LOOP_DEFAULTS, liveSpreadMs: 0 }, playlists, auth, heartbeats: auth as never },
      { warn: () => undefined },
    );
    const sent: LiveServerMessage[] = [];
    const conn: LiveConn = { dev, hash: 'h', etag: 'pl-old', send: (m) => sent.push(m), close: () => undefined };
    hub.add(conn);

    hub.notify('d:1:7'); // a device change: its ETag computed from the plans as they were
    await new Promise((r) => setImmediate(r));
    const launched = hub.playlistChanged(1); // then the launch: computed from the new plans
    await new Promise((r) => setImmediate(r));
    expect(pending).toHaveLength(2);
    pending[1]('pl-launched'); // the launch's answer comes first
    await launched;
    pending[0]('pl-before-launch'); // the device change's, on older plans, last
    await new Promise((r) => setTimeout(r, 10));

    expect(sent).toEqual([{ type: 'playlist', etag: 'pl-launched' }]);
    expect(conn.etag).toBe('pl-launched');
  });
});
