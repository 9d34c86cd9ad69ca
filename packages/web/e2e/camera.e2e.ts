// The audience on the screen (issue 26): a player whose device has AI on, activated with the code the
// console shows, sees the people of a photo through a fake camera (face-api's own sample photo, made
// into a .y4m by Chromium itself) and reports one visit each, women as the photo shows, greeted by the
// pitch of their cell; the "camera in use" mark shows. Offline, a reloaded screen counts and greets
// from its cached models and sends the visits once back online. A camera seeing nobody reports no
// visit. A refused camera is a heartbeat error the console's device drawer shows in words.
// Screenshots: .e2e-artifacts/camera-*.png.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { launch, shot, type Browser } from './browser';
import { fakeCameraArgs, i420, writeY4m } from './fake-camera';
import { approved, material } from './player-helpers';
import { suffix } from './server';
import { logIn, openStore, setupStoreTeam, tenantOk, type StoreTeam } from './stores-helpers';

/** face-api's sample 3 (MIT, in its npm package): three women, faces turned to the camera; the part with them, as a camera 1–2 m away sees it. */
const PHOTO = join(import.meta.dirname, '../../../node_modules/@vladmandic/face-api/demo/sample3.jpg');
const PEOPLE_CROP = { x: 0.25, y: 0, w: 0.75, h: 0.75 };
const PEOPLE = 3;
type Visit = {
  eventId: string;
  time: number;
  gender: number;
  ageBand: number;
  action: string;
  dwellMs?: number;
  pitchId?: number;
};

/** Every visit the page posts to the device API. */
function visitsOf(page: Page): Visit[] {
  const seen: Visit[] = [];
  page.on('request', (r: Request) => {
    if (r.url().endsWith('/device-api/visits')) seen.push(...(r.postDataJSON() as { events: Visit[] }).events);
  });
  return seen;
}

async function activate(page: Page, team: StoreTeam, device: { id: number; code: string }) {
  const { code } = await tenantOk<{ code: string }>('device/activation', { id: device.id }, team.supervisor);
  await page.goto('/player/');
  await page.getByTestId('player-code').fill(device.code);
  await page.getByTestId('player-activation-code').fill(code);
  await page.getByTestId('player-activate').click();
  await page.getByTestId('player').waitFor();
}

/** Visits the screen holds in its buffer (IndexedDB), not yet answered by the server. */
const bufferedVisits = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('vitrine-player');
        req.onsuccess = () => {
          const c = req.result.transaction('events').objectStore('events').index('kind').count('visits');
          c.onsuccess = () => resolve(c.result);
        };
        req.onerror = () => resolve(-1);
      }),
  );

const cameraState = (page: Page) =>
  page.evaluate(() => (window as { vitrineAudience?: { state: string; fps: number } }).vitrineAudience ?? null);

describe('the audience on the screen: camera → visits and pitches, no image leaving', () => {
  let team: StoreTeam;
  let shopId = 0;
  let tmp = '';
  const pitches = new Map<number, string>();
  const browsers: Browser[] = [];
  const screen = async (name: string) => {
    const code = `CAM-${name}-${suffix()}`;
    return {
      id: await approved(team, 'device', {
        code,
        name: `e2e 摄像屏 ${name}`,
        type: 'big',
        orientation: 1,
        shopId,
        ai: 1,
      }),
      code,
    };
  };

  beforeAll(async () => {
    team = await setupStoreTeam({ p: ['44'] });
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 客流门店 ${suffix()}`,
        code: `E2E-C-${suffix()}`,
        level: 1,
        province: '44',
        city: '4403',
        district: '440305',
        hours: '00:00-24:00',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: shop.id }, team.manager);
    await tenantOk('shop/examine', { id: shop.id, pass: 1 }, team.supervisor);
    shopId = shop.id;
    // a pitch for every cell a visitor of the photo may fall in, the men's told apart
    for (const [gender, ageBand, text] of [
      [2, 1, '女士您好 19-29'],
      [2, 2, '女士您好 30-39'],
      [1, 1, '先生您好 19-29'],
      [1, 2, '先生您好 30-39'],
    ] as const) {
      pitches.set(await approved(team, 'ai-pitch', { gender, ageBand, text }), text);
    }
    const picture = await material(team.manager, 'member-day.jpg');
    const content = await approved(team, 'ad-content', {
      name: 'e2e 客流轮播',
      adType: 'main',
      items: JSON.stringify([{ fileId: picture, durationMs: 5000 }]),
    });
    const plan = await approved(team, 'ad-plan', {
      name: 'e2e 客流计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ a: ['440305'] }),
      aiPitches: 1,
    });
    await tenantOk('ad-plan/throw', { id: plan }, team.supervisor);
    tmp = mkdtempSync(join(tmpdir(), 'vitrine-e2e-camera-'));
  });
  afterAll(async () => {
    for (const b of browsers) await b.close().catch(() => undefined);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it("counts the people of the photo, one visit each, as women, and greets them with their cell's pitch", async () => {
    const maker = await launch();
    browsers.push(maker);
    const [face, empty] = [
      await i420(maker.page, PHOTO, 640, 480, PEOPLE_CROP),
      await i420(maker.page, null, 640, 480),
    ];
    // nobody for 4 s (longer than a slow box's frame period), the three women for 8 s: each loop of the
    // file is one appearance
    writeY4m(join(tmp, 'people.y4m'), 640, 480, 5, [
      { frame: empty, times: 20 },
      { frame: face, times: 40 },
    ]);
    writeY4m(join(tmp, 'nobody.y4m'), 640, 480, 5, [{ frame: empty, times: 10 }]);

    const player = await launch(fakeCameraArgs(join(tmp, 'people.y4m')));
    browsers.push(player);
    const sent = visitsOf(player.page);
    const device = await screen('people');
    await activate(player.page, team, device);
    await player.page.getByTestId('player-camera-mark').waitFor();
    await expect.poll(async () => (await cameraState(player.page))?.state, { timeout: 60_000 }).toBe('on');

    const pitch = player.page.getByTestId('player-pitch');
    await pitch.waitFor({ timeout: 60_000 });
    expect(['女士您好 19-29', '女士您好 30-39']).toContain(await pitch.innerText());
    await shot(player.page, 'camera-pitch');

    // visits leave after the heartbeat that follows a visitor's leaving (every ~10 s here). Each loop
    // of the file is one appearance of the three: the first may have begun before the camera was on,
    // so the second is the one judged.
    const appearances = () => {
      const groups: Visit[][] = [];
      for (const v of [...sent].sort((a, b) => a.time - b.time)) {
        const last = groups[groups.length - 1];
        if (last && v.time - last[last.length - 1].time < 5) last.push(v);
        else groups.push([v]);
      }
      return groups;
    };
    await expect.poll(() => appearances().length, { timeout: 120_000, interval: 1000 }).toBeGreaterThanOrEqual(3);
    const appearance = appearances()[1];
    const detail = JSON.stringify(appearances());
    expect(appearance.length, detail).toBeGreaterThanOrEqual(PEOPLE - 1);
    expect(appearance.length, detail).toBeLessThanOrEqual(PEOPLE + 1);
    expect(appearance.filter((v) => v.gender === 1)).toEqual([]);
    expect(appearance.filter((v) => v.gender === 2).length).toBeGreaterThanOrEqual(PEOPLE - 1);
    // they stood in front for 8 s: they watched; the greeted ones carry the pitch shown
    expect(appearance.every((v) => v.action === 'watch' && (v.dwellMs ?? 0) >= 3000)).toBe(true);
    const greeted = appearance.filter((v) => v.pitchId !== undefined);
    expect(greeted.length).toBeGreaterThan(0);
    expect(greeted.every((v) => pitches.get(v.pitchId!)?.startsWith('女士'))).toBe(true);
    // the visit is all that leaves: no request of the page carries a picture
    expect(Object.keys(appearance[0]).sort()).toEqual(
      ['action', 'ageBand', 'dwellMs', 'eventId', 'gender', 'pitchId', 'time'].filter((k) => k in appearance[0]).sort(),
    );
    expect(player.pageErrors).toEqual([]);
    await player.close();
  });

  it('offline, a reloaded screen still sees and greets its visitors from the cached models; their visits leave once it is back online', async () => {
    const player = await launch(fakeCameraArgs(join(tmp, 'people.y4m')));
    browsers.push(player);
    const p = player.page;
    const device = await screen('offline');
    await activate(p, team, device);
    await p.waitForFunction(() => (window as { vitrinePlayerReady?: boolean }).vitrinePlayerReady === true);
    await expect.poll(async () => (await cameraState(p))?.state, { timeout: 60_000 }).toBe('on');

    await player.context.setOffline(true);
    await p.reload();
    await p.getByTestId('player').waitFor();
    // the models, the WASM and the worker come from the Service Worker's caches: the camera is on again
    await expect.poll(async () => (await cameraState(p))?.state, { timeout: 60_000 }).toBe('on');
    await p.getByTestId('player-pitch').waitFor({ timeout: 60_000 });
    await shot(p, 'camera-offline-pitch');
    await expect.poll(() => bufferedVisits(p), { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);

    const delivered: Visit[] = [];
    p.on('response', async (r) => {
      if (r.url().endsWith('/device-api/visits') && r.ok())
        delivered.push(...(r.request().postDataJSON() as { events: Visit[] }).events);
    });
    await player.context.setOffline(false);
    // sent after the next heartbeat (every ~10 s here); removed from the buffer only once answered
    await expect.poll(() => delivered.length, { timeout: 60_000, interval: 1000 }).toBeGreaterThan(0);
    expect(delivered.filter((v) => v.gender === 1)).toEqual([]);
    expect(delivered.some((v) => v.pitchId !== undefined && pitches.get(v.pitchId)?.startsWith('女士'))).toBe(true);
    expect(player.pageErrors).toEqual([]);
    await player.close();
  });

  it('a camera that sees nobody reports no visit', async () => {
    const player = await launch(fakeCameraArgs(join(tmp, 'nobody.y4m')));
    browsers.push(player);
    const sent = visitsOf(player.page);
    const device = await screen('nobody');
    await activate(player.page, team, device);
    await expect
      .poll(async () => (await cameraState(player.page))?.fps ?? 0, { timeout: 60_000, interval: 1000 })
      .toBeGreaterThan(0);
    await player.page.waitForTimeout(12_000); // a heartbeat and its flush of the buffer
    expect(sent).toEqual([]);
    await player.close();
  });

  it("a refused camera: the screen says so in its heartbeat, the console's device drawer shows why", async () => {
    const player = await launch(fakeCameraArgs(join(tmp, 'nobody.y4m'), false));
    browsers.push(player);
    const device = await screen('refused');
    await activate(player.page, team, device);
    await expect.poll(async () => (await cameraState(player.page))?.state, { timeout: 30_000 }).toBe('denied');

    const console_ = await launch();
    browsers.push(console_);
    await logIn(console_, team.supervisor, team.title);
    await expect
      .poll(
        async () => {
          await openStore(console_.page, 'entity=device');
          await console_.page.getByTestId(`row-control-${device.id}`).click();
          const n = await console_.page.getByTestId('device-error-camera.denied').count();
          if (!n) await console_.page.keyboard.press('Escape');
          return n;
        },
        { timeout: 60_000, interval: 3000 },
      )
      .toBe(1);
    await expect(console_.page.getByTestId('camera-state').getAttribute('data-state')).resolves.toBe('denied');
    await shot(console_.page, 'camera-refused-drawer');
    expect(console_.pageErrors).toEqual([]);
  });
});
