import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CONSOLE_LIVE_PATH, LIVE_CLOSE } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';

// The console's live feed (issue 27 §1) over real HTTP: a command queued, delivered and answered,
// and the settings a screen acknowledged, reach the consoles of the enterprise as events; another
// enterprise's consoles hear nothing; the stream needs the view of /store.

const t = useTestApp({ deviceLoop: { timers: false, playlistCacheMs: 0, livePingMs: 0 } });
let base: string;
const sockets: WebSocket[] = [];

type Feed = { events: string[]; next: (event: string, timeoutMs?: number) => Promise<void>; closed: Promise<number> };

/** Opens the feed, says hello with a member's headers, and collects its messages by type. */
async function openFeed(headers: Record<string, string>): Promise<Feed> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/${CONSOLE_LIVE_PATH}`);
  sockets.push(ws);
  const feed: Feed = {
    events: [],
    next: async () => undefined,
    closed: new Promise((r) => ws.on('close', (code) => r(code))),
  };
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    feed.events.push((JSON.parse(String(data)) as { type: string }).type);
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.send(JSON.stringify({ type: 'hello', headers }));
  let seen = 0;
  feed.next = (event, timeoutMs = 2000) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no ${event} within ${timeoutMs} ms (got ${feed.events.join(', ')})`)),
        timeoutMs,
      );
      const check = () => {
        const at = feed.events.indexOf(event, seen);
        if (at >= 0) {
          seen = at + 1;
          clearTimeout(timer);
          resolve();
        } else waiters.push(check);
      };
      check();
    });
  return feed;
}

beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
});
afterAll(() => sockets.forEach((w) => w.terminate()));

const commandOf = async (f: Fleet, deviceId: number) =>
  (await post<{ commands: { id: number }[] }>(t, 'device/volume', { ids: [deviceId], volume: 35 }, f.sup)).body.result
    .commands[0].id;

describe('the console live feed', () => {
  let f: Fleet;
  let other: Fleet;
  let feed: Feed;
  let otherFeed: Feed;
  let token: string;
  let otherDevice: { id: number; code: string };

  it('tells the enterprise’s consoles of a command queued, delivered and answered, and of the setting applied', async () => {
    f = await makeFleet(t);
    other = await makeFleet(t);
    const device = await makeDevice(t, f);
    token = await activated(t, f, device);
    otherDevice = await makeDevice(t, other);
    await activated(t, other, otherDevice);
    feed = await openFeed(f.sup);
    otherFeed = await openFeed(other.sup);
    await feed.next('welcome');
    await otherFeed.next('welcome');
    expect(t.deps.device.feed.size).toBe(2);

    const id = await commandOf(f, device.id);
    await feed.next('commands');
    await dev(t, 'heartbeat', {}, token); // delivered
    await feed.next('commands');
    expect((await dev(t, 'ack', { results: [{ id, ok: 1 }] }, token)).body.ret).toBe(0);
    await feed.next('commands');
    await feed.next('devices'); // the acknowledged volume is the device's setting now
  });

  it('tells another enterprise’s consoles nothing', async () => {
    // (give a stray event the coalescing window and more to arrive)
    await new Promise((r) => setTimeout(r, 800));
    expect(otherFeed.events).toEqual(['welcome']);
    await commandOf(other, otherDevice.id);
    await otherFeed.next('commands');
    await new Promise((r) => setTimeout(r, 800));
    expect(feed.events.filter((e) => e === 'commands')).toHaveLength(3);
  });

  it('is denied without a session, and closed 4401', async () => {
    const anon = await openFeed({ appid: 'pc' });
    await anon.next('denied');
    expect(await anon.closed).toBe(LIVE_CLOSE.unauthorized);
    expect(t.deps.device.feed.size).toBe(2);
  });

  it('closes every console when the server shuts down', async () => {
    t.deps.device.feed.endAll();
    expect(await feed.closed).toBe(LIVE_CLOSE.goingAway);
    expect(t.deps.device.feed.size).toBe(0);
  });
});
