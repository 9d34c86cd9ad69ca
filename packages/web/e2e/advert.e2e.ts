// Advertising from the console (issue 9 §8): a store manager uploads a picture and a video to the
// materials library (progress shown), composes a carousel of them, previews it in landscape and
// portrait on the screen renderer and submits it; the supervisor approves it. The manager plans it
// for the district with a morning daypart and submits; the supervisor approves and launches it, and
// the plan's screens say the landscape one is offline and the portrait one does not fit. Both
// languages; screenshots land in .e2e-artifacts/advert-*.png.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launch, pick, shot, type Browser } from './browser';
import { suffix } from './server';
import {
  checkTreeNode,
  expandTreeNode,
  logIn,
  setLanguage,
  setupStoreTeam,
  tenantOk,
  type StoreTeam,
} from './stores-helpers';

const MEDIA = join(import.meta.dirname, '../../server/src/seed/media');
const DISTRICT = { p: '31', c: '3101', a: '310101' };

async function openAdvert(page: Page, query = ''): Promise<void> {
  await page.goto(`/advert${query ? `?${query}` : ''}`);
  await page.getByTestId('advert-page').waitFor();
  await page.waitForLoadState('networkidle');
}

/** A row of the visible lifecycle table showing `text`, and its record id. */
async function rowOf(page: Page, text: string): Promise<number> {
  const row = page.locator('[data-testid^="lifecycle-"] tr[data-row-key]').filter({ hasText: text }).first();
  await row.waitFor();
  return Number(await row.getAttribute('data-row-key'));
}

describe('advertising: materials → content → plan → screens', () => {
  let manager: Browser;
  let supervisor: Browser;
  let team: StoreTeam;
  const screens = { landscape: 0, portrait: 0 };
  const content = `e2e 冬季轮播 ${suffix()}`;
  const plan = `e2e 早间计划 ${suffix()}`;

  beforeAll(async () => {
    team = await setupStoreTeam({ a: [DISTRICT.a] });
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 广告门店 ${suffix()}`,
        code: `E2E-A-${suffix()}`,
        level: 1,
        province: DISTRICT.p,
        city: DISTRICT.c,
        district: DISTRICT.a,
        hours: '09:00-22:00',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: shop.id }, team.manager);
    await tenantOk('shop/examine', { id: shop.id, pass: 1 }, team.supervisor);
    for (const [key, orientation] of [
      ['landscape', 1],
      ['portrait', 0],
    ] as const) {
      const d = await tenantOk<{ id: number }>(
        'device/create',
        { code: `AD-${suffix()}`, name: `e2e ${key}`, type: 'big', orientation, shopId: shop.id },
        team.manager,
      );
      await tenantOk('device/apply', { id: d.id }, team.manager);
      await tenantOk('device/examine', { id: d.id, pass: 1 }, team.supervisor);
      screens[key] = d.id;
    }
    manager = await launch();
    supervisor = await launch();
    await logIn(manager, team.manager, team.title);
    await logIn(supervisor, team.supervisor, team.title);
  });
  afterAll(async () => {
    await manager?.close();
    await supervisor?.close();
  });

  it('the manager uploads a picture and a video with progress; the library shows them with a poster frame', async () => {
    const { page } = manager;
    await openAdvert(page);
    await page.getByTestId('advert-getting-started').waitFor();
    await openAdvert(page, 'entity=material');
    await page.getByTestId('material-empty').waitFor();
    // slow the uploads down a little so their progress can be seen
    await page.route('**/api/file/upload', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page
      .getByTestId('material-input')
      .setInputFiles([join(MEDIA, 'new-arrivals.jpg'), join(MEDIA, 'welcome.mp4')]);
    await page.getByTestId('material-progress').first().waitFor();
    await shot(page, 'advert-upload-zh');
    await expect.poll(() => page.locator('.ant-card[data-testid^="material-"]').count(), { timeout: 30_000 }).toBe(2);
    await page.getByTestId('material-progress').first().waitFor({ state: 'detached', timeout: 30_000 });
    const library = await tenantOk<{ list: { title: string; mime: string; posterUrl: string | null }[] }>(
      'material/list',
      {},
      team.manager,
    );
    expect(library.list.map((m) => m.title).sort()).toEqual(['new-arrivals', 'welcome']);
    expect(library.list.find((m) => m.mime === 'video/mp4')?.posterUrl).toBeTruthy();
    await shot(page, 'advert-library-zh');
  });

  it('composes a carousel, previews it landscape and portrait, submits; the supervisor approves', async () => {
    const { page } = manager;
    await openAdvert(page);
    await page.getByTestId('create').click();
    const drawer = page.getByTestId('lifecycle-form');
    await drawer.locator('#name').fill(content);
    await page.getByTestId('field-items-add').click();
    await page.locator('[data-testid^="pick-material-"]').nth(0).click();
    await page.locator('[data-testid^="pick-material-"]').nth(1).click();
    await page.getByTestId('material-pick-ok').click();
    const preview = page.getByTestId('screen-preview');
    await preview.getByTestId('preview-landscape').locator('[data-testid=vs-stage]').waitFor();
    expect(await preview.locator('[data-testid=vs-screen]').getAttribute('data-orientation')).toBe('1');
    await shot(page, 'advert-compose-landscape-zh');
    await preview.getByTestId('preview-orientation').getByText('竖屏').click();
    await preview.getByTestId('preview-portrait').locator('[data-testid=vs-stage]').waitFor();
    const stage = await preview
      .locator('[data-testid=vs-stage]')
      .evaluate((el) => [(el as HTMLElement).style.width, (el as HTMLElement).style.height]);
    expect(stage).toEqual(['1080px', '1920px']);
    await shot(page, 'advert-compose-portrait-zh');
    await page.getByTestId('form-save').click();
    const id = await rowOf(page, content);
    await page.getByTestId(`row-submit-${id}`).click();
    await expect
      .poll(async () => (await tenantOk<{ status: number }>('ad-content/get', { id }, team.manager)).status)
      .toBe(102);

    const sup = supervisor.page;
    await openAdvert(sup, 'tab=review');
    const reviewId = await rowOf(sup, content);
    await sup.getByTestId(`row-pass-${reviewId}`).click();
    await pick(sup.getByTestId('confirm-ok'));
    await expect
      .poll(
        async () =>
          (await tenantOk<{ liveVersion: number | null }>('ad-content/get', { id }, team.manager)).liveVersion,
      )
      .toBe(1);
  });

  it('plans it for the district in the morning; the supervisor approves and launches it; its screens say why they do not play', async () => {
    const { page } = manager;
    await openAdvert(page, 'entity=ad-plan');
    await page.getByTestId('create').click();
    const drawer = page.getByTestId('lifecycle-form');
    await drawer.locator('#name').fill(plan);
    await page.getByTestId('field-contents-add').click();
    await pick(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: content }).first(),
    );
    for (const [field, day] of [
      ['#dateFrom', '2026-01-01'],
      ['#dateTo', '2030-12-31'],
    ]) {
      await drawer.locator(field).click();
      await drawer.locator(field).fill(day);
      await drawer.locator(field).press('Enter');
    }
    await page.getByTestId('field-dayparts-add').click();
    await page.getByTestId('field-targets-choose').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('tree-dialog') });
    await dialog.getByTestId(`tree-node-${DISTRICT.p}`).waitFor();
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.p, DISTRICT.c);
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.c, DISTRICT.a);
    await checkTreeNode(dialog, 'tree-node-', DISTRICT.a);
    await page.getByTestId('tree-ok').click();
    // the only district of the manager's range under its province: the tree checks the province too
    await expect.poll(() => page.getByTestId('field-targets-summary').innerText()).not.toBe('尚未选择投放范围');
    // …and says how many screens that covers, not only the devices picked one by one (issue 25 §5)
    await expect.poll(() => page.getByTestId('field-targets-total').innerText()).toMatch(/共覆盖 [1-9]\d* 台设备/);
    await shot(page, 'advert-plan-form-zh', true);
    await page.getByTestId('form-save').click();
    const id = await rowOf(page, plan);
    // …and the server keeps the manager's part of it: their district
    const saved = await tenantOk<{
      dayparts: { from: string; to: string }[];
      targets: { p: string[]; a: string[] };
      dateFrom: string;
    }>('ad-plan/get', { id }, team.manager);
    expect([saved.dayparts, saved.targets.p, saved.targets.a, saved.dateFrom]).toEqual([
      [{ from: '08:00', to: '12:00' }],
      [],
      [DISTRICT.a],
      '2026-01-01',
    ]);
    await page.getByTestId(`row-submit-${id}`).click();
    await expect
      .poll(async () => (await tenantOk<{ status: number }>('ad-plan/get', { id }, team.manager)).status)
      .toBe(102);

    const sup = supervisor.page;
    await openAdvert(sup, 'entity=ad-plan&tab=review');
    const inReview = await rowOf(sup, plan);
    await sup.getByTestId(`row-pass-${inReview}`).click();
    await pick(sup.getByTestId('confirm-ok'));
    // approved once it leaves the review list: only then open the enabled one
    await sup.getByTestId(`row-pass-${inReview}`).waitFor({ state: 'detached' });
    await openAdvert(sup, 'entity=ad-plan');
    await rowOf(sup, plan);
    await sup.getByTestId(`row-online-${id}`).click();
    // launching says first how many screens will start playing it (issue 25 §4)
    await expect.poll(() => sup.locator('.ant-modal-confirm').innerText()).toMatch(/[1-9]\d* 块屏幕将开始按计划播放/);
    await pick(sup.getByTestId('confirm-ok'));
    await expect
      .poll(async () => (await tenantOk<{ online: number }>('ad-plan/get', { id }, team.supervisor)).online)
      .toBe(302);
    await sup.getByTestId(`row-devices-${id}`).click();
    const list = sup.getByTestId('plan-devices');
    await expect.poll(() => list.getByTestId(`why-${screens.portrait}`).innerText()).toBe('屏幕方向不符');
    expect(await list.getByTestId(`why-${screens.landscape}`).innerText()).toBe('设备离线');
    await shot(sup, 'advert-plan-devices-zh');

    await setLanguage(supervisor.context, 'en-US');
    await openAdvert(sup, 'entity=ad-plan');
    await sup.getByTestId(`row-devices-${id}`).click();
    await expect
      .poll(() => sup.getByTestId('plan-devices').getByTestId(`why-${screens.portrait}`).innerText())
      .toBe('Other orientation');
    await sup.getByTestId(`timeline-${screens.landscape}`).click();
    await sup.getByTestId('plan-timeline').waitFor();
    await shot(sup, 'advert-timeline-en');
    expect(manager.pageErrors).toEqual([]);
    expect(supervisor.pageErrors).toEqual([]);
  });
});
