// Publishing alone (issue 25 §1): a new user registers and creates an enterprise; the operator
// approves it; as its sole admin, led by the getting-started card on /home, they create a shop and
// see it approved by themselves (the log says self-approved), a device whose activation code shows,
// an ad content and a plan, approved alone and launched — in zh-CN. Asking for a second approver
// while alone is refused with a button to the permissions. Screenshots of the card in both
// languages land in .e2e-artifacts/alone-*.png.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { field, launch, location, pick, shot, toasts, type Browser } from './browser';
import { approve, enterpriseCode, newPassword, newPhone, outboxCode, suffix } from './server';
import { checkTreeNode, expandTreeNode, logIn, pickRegion, row, rowId, setLanguage } from './stores-helpers';

const MEDIA = join(import.meta.dirname, '../../server/src/seed/media');
const DISTRICT = { p: '31', c: '3101', a: '310101', labels: ['上海市', '上海市', '黄浦区'] };
const SELF = '已提交并通过：没有其他成员可以审核，由你本人审核通过';

/** The getting-started card on /home, once its steps have been read. */
async function card(page: Page) {
  await page.goto('/home');
  const start = page.getByTestId('home-getting-started');
  await start.waitFor();
  return start;
}

const stepState = (page: Page, step: string) => page.getByTestId(`start-step-${step}`).getAttribute('data-state');

/** Saves the open lifecycle form and submits the saved row; returns its id. */
async function saveAndSubmit(page: Page, name: string): Promise<number> {
  await page.getByTestId('form-save').click();
  await page.getByTestId('lifecycle-form').waitFor({ state: 'hidden' });
  await row(page, name).waitFor();
  const id = await rowId(page, name);
  await page.getByTestId(`row-submit-${id}`).click();
  await expect.poll(() => toasts(page)).toContain(SELF);
  return id;
}

describe('publish alone: a sole admin from registration to a launched plan', () => {
  let b: Browser;
  const un = newPhone();
  const pw = newPassword();
  const title = `e2e 独自开店 ${suffix()}`;
  const shop = `e2e 第一家店 ${suffix()}`;
  const screen = `e2e 门口大屏 ${suffix()}`;
  const content = `e2e 开业轮播 ${suffix()}`;
  const plan = `e2e 开业计划 ${suffix()}`;

  beforeAll(async () => {
    b = await launch();
  });
  afterAll(async () => {
    await b?.close();
  });

  it('registers and creates an enterprise; the operator approves it; its admin logs in', async () => {
    const { page, context } = b;
    await page.goto('/register');
    await field(page, 'register-un').fill(un);
    await page.getByTestId('register-send-code').click();
    await field(page, 'register-code').fill(await outboxCode(un, 'register'));
    await field(page, 'register-pw').fill(pw);
    await field(page, 'register-nickname').fill(`独自${suffix()}`);
    await page.getByTestId('register-submit').click();
    await field(page, 'register-create-title').fill(title);
    await page.getByTestId('register-create-submit').click();
    await page.waitForURL('**/register_succeed?flag=1');
    await approve((await enterpriseCode(title)).code);
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await logIn(b, { un, pw, nickname: '', token: '', userId: 0 }, title);
  });

  it('/home lists the first steps, all to do, in both languages', async () => {
    const { page, context } = b;
    await card(page);
    for (const step of ['shop', 'device', 'content', 'plan', 'staff']) expect(await stepState(page, step)).toBe('todo');
    await shot(page, 'alone-start-zh');
    await setLanguage(context, 'en-US');
    (await card(page)).getByText('Getting started').waitFor();
    await page.getByTestId('start-step-shop').getByText('Create your first shop').waitFor();
    await shot(page, 'alone-start-en');
    await setLanguage(context, 'zh-CN');
  });

  it('a shop: created and submitted, approved by its author; the log says self-approved', async () => {
    const { page } = b;
    await (await card(page)).getByTestId('start-shop').click();
    await page.waitForURL('**/store/store');
    await page.getByTestId('create').click();
    const drawer = page.locator('.ant-drawer-section').filter({ has: page.getByTestId('lifecycle-form') });
    await drawer.locator('#name').fill(shop);
    await drawer.locator('#code').fill(`ALONE-${suffix()}`);
    await pickRegion(page, drawer, DISTRICT.labels);
    const id = await saveAndSubmit(page, shop);

    await page.goto('/store/store?tab=enabled');
    await row(page, shop).waitFor();
    await page.getByTestId(`row-more-${id}`).click();
    await pick(page.getByTestId(`row-logs-${id}`));
    const log = page.getByTestId('log-table');
    await log.getByTestId('oplog-self-approved').waitFor();
    expect(await log.innerText()).toContain('通过（自审）');
    await shot(page, 'alone-shop-log-zh');
  });

  it('a device of the shop, approved alone; its activation code shows', async () => {
    const { page } = b;
    const start = await card(page);
    expect(await stepState(page, 'shop')).toBe('done');
    await start.getByTestId('start-device').click();
    await page.waitForURL('**/store/store?entity=device');
    await page.getByTestId('create').click();
    const drawer = page.locator('.ant-drawer-section').filter({ has: page.getByTestId('lifecycle-form') });
    await drawer.locator('#code').fill(`SCR-${suffix()}`);
    await drawer.locator('#name').fill(screen);
    await drawer.getByTestId('field-shop').click();
    await pick(page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: shop }).first());
    const id = await saveAndSubmit(page, screen);

    // the card now points at the activation code
    await (await card(page)).getByTestId('start-device').click();
    await page.getByTestId(`row-control-${id}`).click();
    const code = page.getByTestId('device-drawer').getByTestId('activation-code');
    await code.waitFor();
    expect((await code.innerText()).trim()).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    await shot(page, 'alone-device-code-zh');
  });

  it('an ad content and a plan, approved alone and launched; the card is done', async () => {
    const { page } = b;
    await (await card(page)).getByTestId('start-content').click();
    await page.waitForURL('**/advert');
    await page.goto('/advert?entity=material');
    await page.getByTestId('material-input').setInputFiles([join(MEDIA, 'new-arrivals.jpg')]);
    await expect.poll(() => page.locator('.ant-card[data-testid^="material-"]').count(), { timeout: 30_000 }).toBe(1);

    await page.goto('/advert');
    await page.getByTestId('create').click();
    await page.getByTestId('lifecycle-form').locator('#name').fill(content);
    await page.getByTestId('field-items-add').click();
    await page.locator('[data-testid^="pick-material-"]').first().click();
    await page.getByTestId('material-pick-ok').click();
    await saveAndSubmit(page, content);

    await (await card(page)).getByTestId('start-plan').click();
    await page.waitForURL('**/advert?entity=ad-plan');
    await page.getByTestId('create').click();
    const form = page.getByTestId('lifecycle-form');
    await form.locator('#name').fill(plan);
    await page.getByTestId('field-contents-add').click();
    await pick(
      page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: content }).first(),
    );
    for (const [input, day] of [
      ['#dateFrom', '2026-01-01'],
      ['#dateTo', '2030-12-31'],
    ]) {
      await form.locator(input).click();
      await form.locator(input).fill(day);
      await form.locator(input).press('Enter');
    }
    await page.getByTestId('field-targets-choose').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('tree-dialog') });
    await dialog.getByTestId(`tree-node-${DISTRICT.p}`).waitFor();
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.p, DISTRICT.c);
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.c, DISTRICT.a);
    await checkTreeNode(dialog, 'tree-node-', DISTRICT.a);
    await page.getByTestId('tree-ok').click();
    const id = await saveAndSubmit(page, plan);

    // approved, not yet launched: the card says launch it, and takes them there
    await card(page);
    expect(await stepState(page, 'plan')).toBe('launch');
    await shot(page, 'alone-start-launch-zh');
    await page.getByTestId('start-plan').click();
    await page.waitForURL('**/advert?entity=ad-plan&tab=enabled');
    await page.getByTestId(`row-online-${id}`).click();
    await pick(page.getByTestId('confirm-ok'));
    await expect.poll(() => toasts(page)).toContain('已投放到屏幕');
    await page.getByTestId(`row-offline-${id}`).waitFor();

    // a live shop, a device, a content and a launched plan: the card has done its work
    await page.goto('/home');
    await page.getByTestId('home-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('home-getting-started').count()).toBe(0);
  });

  it('a second approver cannot be required while alone; the refusal leads to the permissions', async () => {
    const { page } = b;
    await page.goto('/enterprise');
    await page.getByTestId('ent-review-second').click();
    const fix = page.getByTestId('error-fix');
    await fix.waitFor();
    expect(await page.getByTestId('error-fix-toast').innerText()).toContain('只有一名成员可以审核');
    await shot(page, 'alone-policy-refused-zh');
    await fix.click();
    await page.getByTestId('ent-permissions').waitFor();
    expect(location(page)).toBe('/enterprise?tab=permissions');
    expect(b.pageErrors).toEqual([]);
  });
});
