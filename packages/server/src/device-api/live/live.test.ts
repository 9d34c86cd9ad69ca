import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIVE_CLOSE } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, approved, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { openLive, type TestSocket } from '../../../test/live-client.js';
import { makePng, permitOf, upload } from '../../domains/files/fixtures.js';

// The live channel over real HTTP and a real WebSocket (API.md "Live channel"): hello → welcome,
// 4401 for a bad token and on revoke, a console command pushed at once and delivered, its ack over
// the socket, a launched plan pushed to the screens of its enterprise only, and `bye` on close.

const t = useTestApp({ deviceLoop: { timers: false, playlistCacheMs: 0, liveHelloMs: 400, livePingMs: 0 } });
let base: string;
const sockets: TestSocket[] = [];
const live = async (hello?: { deviceToken: string; etag?: string }) => {
  const s = await openLive(base, hello);
  sockets.push(s);
  return s;
};

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => sockets.forEach((s) => s.ws.terminate()));

type Cmd = { id: number; state: string };
const states = async (f: Fleet, id: number) =>
  (await post<{ list: Cmd[] }>(t, 'device/commands', { id }, f.sup)).body.result.list;

describe('the live channel', () => {
  let f: Fleet;
  let device: { id: number; code: string };
  let token: string;
  let sock: TestSocket;

  it('welcomes a screen that says hello with its token, with a longer heartbeat period', async () => {
    f = await makeFleet(t);
    device = await makeDevice(t, f);
    token = await activated(t, f, device);
    sock = await live({ deviceToken: token });
    const w = await sock.next('welcome');
    expect(w.interval).toBeGreaterThan(t.deps.device.loop.heartbeatSeconds * 1.1);
    expect(Math.abs(w.serverTime - Date.now() / 1000)).toBeLessThan(5);
    sock.send({ type: 'ping' });
    await sock.next('pong');
    // a heartbeat that says it holds a socket is answered (and judged by presence) with that period
    expect((await dev<{ interval: number }>(t, 'heartbeat', { live: 1 }, token)).body.result.interval).toBe(w.interval);
    expect((await dev<{ interval: number }>(t, 'heartbeat', {}, token)).body.result.interval).toBeLessThan(w.interval);
  });

  it('closes 4401 for an unknown token and for anything before hello; 4408 without hello; 4400 for a bad message', async () => {
    expect(await (await live({ deviceToken: 'no-such-token' })).closed).toBe(LIVE_CLOSE.unauthorized);
    const early = await live();
    early.send({ type: 'ping' });
    expect(await early.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(await (await live()).closed).toBe(LIVE_CLOSE.helloTimeout);
    const bad = await live();
    bad.ws.send('not json');
    expect(await bad.closed).toBe(LIVE_CLOSE.badMessage);
    // a plain GET is told to upgrade, in the envelope
    const plain = await fetch(`${base}/device-api/live`);
    expect(plain.status).toBe(426);
    expect(((await plain.json()) as { ret: number }).ret).toBe(40004);
  });

  it('pushes a console command at once; it is delivered; its ack over the socket acknowledges it', async () => {
    const at = Date.now();
    const q = await post<{ commands: { id: number }[] }>(
      t,
      'device/manage',
      { ids: [device.id], action: 'refresh' },
      f.sup,
    );
    expect(q.body.ret).toBe(0);
    const id = q.body.result.commands[0].id;
    const pushed = await sock.next('commands', 1000);
    expect(Date.now() - at).toBeLessThan(1000);
    expect(pushed.commands.map((c) => [c.id, c.action])).toEqual([[id, 'refresh']]);
    expect((await states(f, device.id)).find((c) => c.id === id)?.state).toBe('delivered');
    sock.send({ type: 'ack', results: [{ id, ok: 1 }] });
    for (let i = 0; i < 100 && (await states(f, device.id)).find((c) => c.id === id)?.state !== 'acknowledged'; i++)
      await new Promise((r) => setTimeout(r, 20));
    expect((await states(f, device.id)).find((c) => c.id === id)?.state).toBe('acknowledged');
  });

  it('acknowledgements from several sockets are settled together, each on its own device only', async () => {
    const d2 = await makeDevice(t, f);
    const s2 = await live({ deviceToken: await activated(t, f, d2) });
    await s2.next('welcome');
    const q = await post<{ commands: { id: number; deviceId: number }[] }>(
      t,
      'device/volume',
      { ids: [device.id, d2.id], volume: 23 },
      f.sup,
    );
    const mine = q.body.result.commands.find((c) => c.deviceId === device.id)!.id;
    const theirs = q.body.result.commands.find((c) => c.deviceId === d2.id)!.id;
    await sock.next('commands', 1000);
    await s2.next('commands', 1000);
    const settled = async () => [
      (await states(f, device.id)).find((c) => c.id === mine)?.state,
      (await states(f, d2.id)).find((c) => c.id === theirs)?.state,
    ];
    const until = async (want: string) => {
      for (let i = 0; i < 100 && (await settled()).join() !== want; i++) await new Promise((r) => setTimeout(r, 20));
    };
    // the second screen also names the first one's command, failed: not its own, nothing changes
    s2.send({
      type: 'ack',
      results: [
        { id: theirs, ok: 1 },
        { id: mine, ok: 0, message: 'not mine' },
      ],
    });
    await until('delivered,acknowledged');
    expect(await settled()).toEqual(['delivered', 'acknowledged']);
    // both in the same turn (one batch): the first screen's own, and the second's again (idempotent)
    sock.send({ type: 'ack', results: [{ id: mine, ok: 1 }] });
    s2.send({ type: 'ack', results: [{ id: theirs, ok: 1 }] });
    await until('acknowledged,acknowledged');
    expect(await settled()).toEqual(['acknowledged', 'acknowledged']);
    const applied = await t.db.admin.query<{ id: number; volume: number }>(
      `select id, (applied->>'volume')::int as volume from devices where id = any($1::int[]) order by id`,
      [[device.id, d2.id]],
    );
    expect(applied).toEqual([
      { id: device.id, volume: 23 },
      { id: d2.id, volume: 23 },
    ]);
  });

  it('device/collect asks the screen to heartbeat now; another enterprise cannot ask, and its screen hears nothing', async () => {
    const at = Date.now();
    expect((await post(t, 'device/collect', { id: device.id }, f.sup)).body.ret).toBe(0);
    await sock.next('collect', 1000);
    expect(Date.now() - at).toBeLessThan(1000);
    const other = await makeFleet(t);
    const theirs = await makeDevice(t, other);
    const theirSock = await live({ deviceToken: await activated(t, other, theirs) });
    await theirSock.next('welcome');
    expect((await post(t, 'device/collect', { id: theirs.id }, f.sup)).body.ret).toBe(40004);
    await new Promise((r) => setTimeout(r, 300));
    expect(theirSock.received.map((m) => m.type)).toEqual(['welcome']);
  });

  it('tells a launched plan to the screens of its enterprise, and nothing to another enterprise', async () => {
    const other = await makeFleet(t);
    const otherSock = await live({ deviceToken: await activated(t, other, await makeDevice(t, other)) });
    await otherSock.next('welcome');
    const before = (await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token)).body.result.playlistEtag;
    const permit = await permitOf(t, f.sup, 'material');
    const up = await upload(t, f.sup, permit.result.permit, {
      name: 'poster.png',
      data: makePng(1920, 1080, Date.now() % 1000),
    });
    const content = await approved(t, f, 'ad-content', {
      name: '冬季轮播',
      adType: 'main',
      deviceType: 'big',
      orientation: 1,
      items: JSON.stringify([{ fileId: Number(up.body.result.id) }]),
    });
    const plan = await approved(t, f, 'ad-plan', {
      name: '冬季计划',
      dateFrom: '2026-01-01',
      dateTo: '2027-12-31',
      priority: 5,
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ a: ['440305'] }),
    });
    expect((await post(t, 'ad-plan/throw', { id: plan }, f.sup)).body.ret).toBe(0);
    const pushed = await sock.next('playlist', 2000);
    expect(pushed.etag).not.toBe(before);
    expect(pushed.etag).toBe((await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token)).body.result.playlistEtag);
    // the other enterprise's screen heard nothing (give a stray push time to arrive)
    await new Promise((r) => setTimeout(r, 300));
    expect(otherSock.received.map((m) => m.type)).toEqual(['welcome']);
    // withdrawn: the old playlist again
    expect((await post(t, 'ad-plan/revoke', { id: plan }, f.sup)).body.ret).toBe(0);
    expect((await sock.next('playlist', 2000)).etag).toBe(before);
  });

  it('a hello naming an old ETag gets the current one at once', async () => {
    const again = await live({ deviceToken: token, etag: 'pl-old' });
    await again.next('welcome');
    expect((await again.next('playlist')).etag).toMatch(/^pl-/);
    // the older socket of the same screen was replaced
    expect(await sock.closed).toBe(LIVE_CLOSE.replaced);
    sock = again;
  });

  it('revoking the device closes its socket with 4401', async () => {
    expect((await post(t, 'device/deactivate', { id: device.id }, f.sup)).body.ret).toBe(0);
    expect(await sock.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(t.deps.device.live.has(device.id)).toBe(false);
  });

  it('says bye with a reconnect delay when the server closes', async () => {
    const d = await makeDevice(t, f);
    const s = await live({ deviceToken: await activated(t, f, d) });
    await s.next('welcome');
    t.deps.device.live.bye();
    const bye = await s.next('bye');
    expect(bye.reconnectInMs).toBeGreaterThanOrEqual(1000);
    expect(await s.closed).toBe(LIVE_CLOSE.goingAway);
  });
});
