// The player (issue 10 §3, §5): a browser becomes a screen of the chain. The console shows a
// device's activation code; the player page activates with it and plays the launched plan from its
// Service Worker's cache. With the network gone it keeps advancing (picture → video → picture) and
// survives a reload, buffering its plays in IndexedDB; back online the plays reach the server. A
// volume command reaches the player through its live socket in under 2 s and is acknowledged, and
// closing the player turns the device offline in the console. Screenshots: .e2e-artifacts/player-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launch, shot, type Browser } from './browser';
import { suffix } from './server';
import { approved, material } from './player-helpers';
import { logIn, openStore, setupStoreTeam, tenantOk, type StoreTeam } from './stores-helpers';

/** What the stage shows now: the picture's or video's URL. */
const onStage = (page: Page) =>
  page.evaluate(() => {
    const el = document.querySelector<HTMLImageElement | HTMLVideoElement>('.vs-slide img, .vs-slide video');
    return el
      ? {
          src: new URL(el.src).pathname,
          video: el instanceof HTMLVideoElement,
          time: el instanceof HTMLVideoElement ? el.currentTime : 0,
        }
      : null;
  });
const buffered = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const req = indexedDB.open('vitrine-player');
        req.onsuccess = () => {
          const c = req.result.transaction('events').objectStore('events').count();
          c.onsuccess = () => resolve(c.result);
        };
        req.onerror = () => resolve(-1);
      }),
  );

describe('the player: activation, playback from the cache, offline, commands, offline status', () => {
  let console_: Browser;
  let player: Browser;
  let team: StoreTeam;
  let device = { id: 0, code: '' };
  let planId = 0;
  /** what the player's live socket received, when */
  const frames: { at: number; text: string }[] = [];

  beforeAll(async () => {
    team = await setupStoreTeam({ p: ['44'] });
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 播放门店 ${suffix()}`,
        code: `E2E-P-${suffix()}`,
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
    const code = `PLY-${suffix()}`;
    device = {
      id: await approved(team, 'device', { code, name: 'e2e 播放大屏', type: 'big', orientation: 1, shopId: shop.id }),
      code,
    };
    const picture = await material(team.manager, 'member-day.jpg');
    const video = await material(team.manager, 'welcome.mp4');
    const content = await approved(team, 'ad-content', {
      name: 'e2e 播放轮播',
      adType: 'main',
      items: JSON.stringify([{ fileId: picture, durationMs: 3000 }, { fileId: video }]),
    });
    planId = await approved(team, 'ad-plan', {
      name: 'e2e 播放计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ a: ['440305'] }),
    });
    await tenantOk('ad-plan/throw', { id: planId }, team.supervisor);
    console_ = await launch();
    player = await launch();
    player.page.on('websocket', (ws) =>
      ws.on('framereceived', (f) => frames.push({ at: Date.now(), text: String(f.payload) })),
    );
    await logIn(console_, team.supervisor, team.title);
  });
  afterAll(async () => {
    await console_?.close();
    await player?.close().catch(() => undefined);
  });

  it('activates with the code the console shows and plays the launched plan from its cache', async () => {
    const { page } = console_;
    await openStore(page, 'entity=device');
    await page.getByTestId(`row-control-${device.id}`).click();
    const activation = (await page.getByTestId('device-drawer').getByTestId('activation-code').innerText()).trim();
    await page.keyboard.press('Escape');

    const p = player.page;
    await p.goto('/player/');
    await p.getByTestId('player-code').fill(device.code);
    await p.getByTestId('player-activation-code').fill(activation);
    await p.getByTestId('player-activate').click();
    await expect
      .poll(() => p.getByTestId('player').getAttribute('data-slot'), { timeout: 30_000 })
      .toBe(String(planId));
    await p.waitForFunction(() => (window as { vitrinePlayerReady?: boolean }).vitrinePlayerReady === true);
    expect((await onStage(p))?.src).toMatch(/^\/player\/media\/[0-9a-f]{64}$/);
    await shot(p, 'player-playing');
  });

  it('without network it keeps advancing from the cache, survives a reload, and buffers its plays', async () => {
    const p = player.page;
    await player.context.setOffline(true);
    const seen = new Map<string, number>();
    for (let i = 0; i < 40; i++) {
      const now = await onStage(p);
      if (now) seen.set(now.src, Math.max(seen.get(now.src) ?? 0, now.time));
      await p.waitForTimeout(250);
    }
    expect(seen.size).toBe(2);
    // the video played on (its time advanced), served from the cache with ranges
    expect(Math.max(...seen.values())).toBeGreaterThan(0.5);
    const video = [...seen.keys()].find((src) => (seen.get(src) ?? 0) > 0)!;
    const probe = await p.evaluate(async (src) => {
      const net = await fetch('/api/account/session', { method: 'POST' }).then(
        () => 'reached',
        () => 'unreachable',
      );
      const part = await fetch(src, { headers: { range: 'bytes=100-199' } });
      return {
        net,
        status: part.status,
        bytes: (await part.arrayBuffer()).byteLength,
        range: part.headers.get('content-range'),
      };
    }, video);
    expect(probe).toMatchObject({ net: 'unreachable', status: 206, bytes: 100 });
    expect(probe.range).toMatch(/^bytes 100-199\/\d+$/);
    await expect.poll(() => buffered(p), { timeout: 15_000 }).toBeGreaterThan(0);

    await p.reload();
    await expect
      .poll(() => p.getByTestId('player').getAttribute('data-slot'), { timeout: 20_000 })
      .toBe(String(planId));
    await expect.poll(async () => (await onStage(p))?.src ?? '', { timeout: 10_000 }).toMatch(/^\/player\/media\//);
    await shot(p, 'player-offline');
  });

  it('back online, the buffered plays reach the server', async () => {
    const p = player.page;
    const before = await buffered(p);
    expect(before).toBeGreaterThan(0);
    await player.context.setOffline(false);
    // uploaded after the next heartbeat (every ~10 s here); removed only once the server answered
    await expect.poll(() => buffered(p), { timeout: 40_000, interval: 1000 }).toBeLessThan(before);
  });

  it(
    'a volume command reaches the open player through its live socket in under 2 s and is acknowledged; ' +
      'closing the player turns the device offline',
    async () => {
      const { page } = console_;
      await openStore(page, 'entity=device');
      await page.getByTestId(`row-control-${device.id}`).click();
      const drawer = page.getByTestId('device-drawer');
      await drawer.getByTestId('activation-active').waitFor();
      // the player's socket is up (reopened after the reload of the offline step)
      await expect.poll(() => frames.some((f) => f.text.includes('"welcome"')), { timeout: 30_000 }).toBe(true);
      const asked = Date.now();
      await drawer.getByTestId('control-volume').click();
      // the command arrives as a `commands` frame on the socket, not with a heartbeat
      await expect
        .poll(() => frames.find((f) => f.at >= asked && f.text.includes('"commands"'))?.at ?? 0, {
          timeout: 2000,
          interval: 50,
        })
        .toBeGreaterThan(0);
      expect(frames.find((f) => f.at >= asked && f.text.includes('"commands"'))!.at - asked).toBeLessThan(2000);
      await expect
        .poll(() => drawer.getByTestId('command-state-acknowledged').count(), { timeout: 10_000, interval: 500 })
        .toBeGreaterThan(0);
      await shot(page, 'player-command-acknowledged');
      await page.keyboard.press('Escape');

      await player.close();
      await expect
        .poll(
          async () => {
            await openStore(page, 'entity=device');
            return page.locator(`tr[data-row-key="${device.id}"]`).getByTestId('device-status-0').count();
          },
          { timeout: 90_000, interval: 5000 },
        )
        .toBe(1);
      expect(console_.pageErrors).toEqual([]);
    },
  );
});
