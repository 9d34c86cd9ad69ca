// Screens that fit (issue 25 §3): every main list at 1280×800 shows its whole table without sideways
// scrolling (neither the page nor a table scrolls), in both languages, with records in it; at
// 390×844 the shop assistant's pages keep the header's buttons on the screen.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, shot, visit, type Browser } from './browser';
import { approved, material } from './player-helpers';
import { suffix } from './server';
import { joinAs, logIn, setLanguage, setupStoreTeam, tenantOk, type Member, type StoreTeam } from './stores-helpers';

const LISTS = [
  '/store/store',
  '/store/store?entity=et',
  '/store/store?entity=employee',
  '/store/store?entity=member',
  '/store/store?entity=device',
  '/advert',
  '/advert?entity=ad-plan',
  '/advert?entity=ai-pitch',
  '/advert?entity=commodity',
  '/inform',
  '/inform?entity=inform2',
  '/inform?tab=received',
  '/incentives',
  '/enterprise?tab=oplog',
  '/enterprise?tab=members',
  '/data/count',
  '/data/count?tab=ads',
  '/data/count?tab=sales',
  '/data/count?tab=products',
];

/** What overflows: the page, and each table whose content is wider than its box (px). */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) out.push(`page +${doc.scrollWidth - window.innerWidth}px`);
    document.querySelectorAll('.ant-table-content, .ant-table-body').forEach((el, i) => {
      if (el.scrollWidth > el.clientWidth) out.push(`table ${i} +${el.scrollWidth - el.clientWidth}px`);
    });
    return out;
  });
}

/** Opens a path (loading the console when `load`, else as a link does) and waits for it to settle. */
async function settle(page: Page, path: string, load = false): Promise<void> {
  await (load ? page.goto(path) : visit(page, path));
  await page.waitForLoadState('networkidle');
  await page
    .locator('.vt-main .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

describe('screens that fit', () => {
  let b: Browser;
  let team: StoreTeam;
  let clerk: Member;

  beforeAll(async () => {
    team = await setupStoreTeam({ p: ['31'] });
    clerk = await joinAs(team.supervisor, 1, null, `店员${suffix()}`);
    // records in the tables, with names as long as a chain's
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `上海南京西路旗舰店（二期） ${suffix()}`,
        code: `E2E-FIT-${suffix()}`,
        level: 1,
        province: '31',
        city: '3101',
        district: '310101',
        hours: '09:00-22:00',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: shop.id }, team.manager);
    await tenantOk('shop/examine', { id: shop.id, pass: 1 }, team.supervisor);
    await approved(team, 'device', {
      code: `FIT-${suffix()}`,
      name: 'e2e 入口大屏 左侧',
      type: 'big',
      orientation: 1,
      shopId: shop.id,
      ai: 1,
    });
    await approved(team, 'ai-pitch', { gender: 2, ageBand: 1, text: '女士您好，今日会员日全场八折' });
    const picture = await material(team.manager, 'member-day.jpg');
    const content = await approved(team, 'ad-content', {
      name: 'e2e 会员日轮播（春季）',
      adType: 'main',
      items: JSON.stringify([{ fileId: picture, durationMs: 5000 }]),
    });
    const plan = await approved(team, 'ad-plan', {
      name: 'e2e 春季会员日投放计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ a: ['310101'] }),
    });
    await tenantOk('ad-plan/throw', { id: plan }, team.supervisor);
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`every main list fits 1280×800 in ${lang}`, async () => {
      const { page } = b;
      await page.setViewportSize({ width: 1280, height: 800 });
      await setLanguage(b.context, lang);
      if (lang === 'zh-CN') await logIn(b, team.supervisor, team.title);
      const bad: string[] = [];
      for (const [i, path] of LISTS.entries()) {
        await settle(page, path, i === 0);
        const over = await overflow(page);
        if (over.length) bad.push(`${path}: ${over.join(', ')}`);
      }
      await settle(page, '/store/store?entity=device');
      await shot(page, `fit-1280-device-${lang}`);
      await settle(page, '/enterprise?tab=oplog');
      await shot(page, `fit-1280-oplog-${lang}`);
      expect(bad).toEqual([]);
    });
  }

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`the shop assistant's pages and the header work at 390×844 in ${lang}`, async () => {
      const phone = await launch();
      try {
        const { page } = phone;
        await setLanguage(phone.context, lang);
        await logIn(phone, clerk, team.title);
        await page.setViewportSize({ width: 390, height: 844 });
        const bad: string[] = [];
        for (const path of ['/home/home', '/inform?tab=received', '/incentives?view=mine', '/news']) {
          await settle(page, path, path === '/home/home');
          const off = await page.evaluate(() => {
            const out: string[] = [];
            const doc = document.documentElement;
            if (doc.scrollWidth > window.innerWidth) out.push(`page +${doc.scrollWidth - window.innerWidth}px`);
            document.querySelectorAll('.vt-header button, .vt-header a, .vt-header input').forEach((el) => {
              const r = el.getBoundingClientRect();
              if (r.width === 0) return;
              if (r.left < 0 || r.right > window.innerWidth)
                out.push(
                  `header ${el.getAttribute('data-testid') ?? el.className} ${Math.round(r.left)}–${Math.round(r.right)}`,
                );
            });
            return out;
          });
          if (off.length) bad.push(`${path}: ${off.join(', ')}`);
          await shot(page, `fit-390${path.replace(/[/?=]/g, '_')}-${lang}`);
        }
        // the header's messages, language and user menu are there to be used
        for (const id of ['header-messages', 'header-language', 'header-user-menu']) {
          const box = await page.getByTestId(id).first().boundingBox();
          if (!box || box.x < 0 || box.x + box.width > 390) bad.push(`${id} off-screen: ${JSON.stringify(box)}`);
        }
        expect(bad).toEqual([]);
      } finally {
        await phone.close();
      }
    });
  }

  it('the figures of /home arrive without moving the page (CLS ≤ 0.1) at 390 and 1280 px (issue 25 §7)', async () => {
    const x = await launch();
    try {
      await logIn(x, team.supervisor, team.title);
      await x.context.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!e.hadRecentInput) w.__cls += e.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // stats/home answers late, as on a busy install: the loading cards are what the page shows first
      await x.page.route('**/api/stats/home', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      const cls: Record<number, number> = {};
      for (const width of [390, 1280]) {
        await x.page.setViewportSize({ width, height: 844 });
        await x.page.goto('/home/home');
        await x.page.getByTestId('home-dashboard-loading').waitFor();
        await x.page.getByTestId('home-dashboard').waitFor();
        await x.page.waitForTimeout(800);
        cls[width] = await x.page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      }
      expect(cls[390]).toBeLessThanOrEqual(0.1);
      expect(cls[1280]).toBeLessThanOrEqual(0.1);
    } finally {
      await x.close();
    }
  });
});
