import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@vitrine/contract';
import { buildApp } from '../../app.js';
import { openPg, type Db } from '../../db/client.js';
import { post, testConfig, useTestApp } from '../../../test/harness.js';
import { activated, makeDevice, makeFleet } from '../../../test/devices.js';
import { openLive } from '../../../test/live-client.js';

// Two app instances on one PostgreSQL database, as behind a balancer: the screen's socket is held
// by B, the console's command is queued through A; A's commit notifies, B hears it and pushes.
// Closing B says `bye` to its screens first. PostgreSQL only (PGlite is one process); B hears
// PostgreSQL's notifications on its own LISTEN connection, and again through Redis (REDIS_URL set:
// db/relay.ts, B relays them for itself).

const t = useTestApp({ deviceLoop: { timers: false, playlistCacheMs: 0, livePingMs: 0 } });
const pgOnly = !process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;

for (const via of ['listen', 'redis'] as const)
  describe.skipIf(pgOnly || (via === 'redis' && !redisUrl))(`the live channel across instances (${via})`, () => {
    let b: Awaited<ReturnType<typeof buildApp>> | undefined;
    let bDb: Db | undefined;
    const dir = mkdtempSync(join(tmpdir(), 'vitrine-live-b-'));

    beforeAll(async () => {
      bDb = await openPg(t.url!, 4, via === 'redis' ? { redisUrl } : {});
      b = await buildApp({
        config: testConfig(dir, { deviceLoop: { timers: false, playlistCacheMs: 0, livePingMs: 0 } }),
        db: bDb,
      });
      await b.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await b?.app.close();
      await bDb?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a command queued through instance A reaches the socket held by instance B, delivered', async () => {
      const f = await makeFleet(t);
      const device = await makeDevice(t, f);
      const token = await activated(t, f, device);
      const { port } = b!.app.server.address() as { port: number };
      const sock = await openLive(`http://127.0.0.1:${port}`, { deviceToken: token });
      await sock.next('welcome');
      expect(b!.deps.device.live.has(device.id)).toBe(true);
      expect(t.deps.device.live.has(device.id)).toBe(false);
      const at = Date.now();
      const q = await post<{ commands: { id: number }[] }>(
        t,
        'device/manage',
        { ids: [device.id], action: 'restart' },
        f.sup,
      );
      const pushed = await sock.next('commands', 1000);
      expect(Date.now() - at).toBeLessThan(1000);
      expect(pushed.commands.map((c) => c.id)).toEqual([q.body.result.commands[0].id]);
      const list = await post<{ list: { id: number; state: string }[] }>(
        t,
        'device/commands',
        { id: device.id },
        f.sup,
      );
      expect(list.body.result.list[0].state).toBe('delivered');

      // graceful close of B: bye with a reconnect delay, then 1001
      const closing = b!.app.close();
      expect((await sock.next('bye')).reconnectInMs).toBeGreaterThan(0);
      expect(await sock.closed).toBe(LIVE_CLOSE.goingAway);
      await closing;
      b = undefined;
    });
  });
