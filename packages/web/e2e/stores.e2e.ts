// Stores (issue 4 §5): a store manager creates a shop in the drawer and submits it; the supervisor
// rejects it with a reason; the manager sees the reason, edits and resubmits; the supervisor
// approves; the shop is in the enabled list and in the tree dialog with its count; a device of the
// shop gets a volume command that shows as pending. Two browser profiles (manager, supervisor);
// screenshots of the store page in zh-CN and en-US land in .e2e-artifacts/stores-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launch, pick, shot, toasts, type Browser } from './browser';
import { suffix } from './server';
import {
  checkTreeNode,
  expandTreeNode,
  logIn,
  openStore,
  pickRegion,
  pickSelect,
  row,
  rowDetails,
  rowId,
  setLanguage,
  setupStoreTeam,
  shopTreeId,
  tenantApi,
  tenantOk,
  type StoreTeam,
} from './stores-helpers';

const CJK = /[\u4e00-\u9fff]/;
/**
 * 上海市 / 上海市 / 黄浦区 (the server names the city 市辖区 after its province): the manager's data
 * range is this district.
 */
const DISTRICT = { p: '31', c: '3101', a: '310101', labels: ['上海市', '上海市', '黄浦区'] };

type ShopVersion = Record<string, unknown> & { status: number };

/** The version of a shop in progress (the draft while there is one, else the record), as the manager reads it. */
async function latestShop(team: StoreTeam, id: number): Promise<ShopVersion> {
  const got = await tenantOk<ShopVersion & { draft: ShopVersion | null }>('shop/get', { id }, team.manager);
  return got.draft ?? got;
}

/** Opens the shop-scope tree dialog of the filter sidebar, expands down to the district, checks the shop. */
async function pickShopInTreeDialog(page: Page, shopId: number): Promise<string> {
  await page.getByTestId('filter-scope').click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('tree-dialog') });
  await dialog.getByTestId(`tree-node-${DISTRICT.p}`).waitFor();
  await expandTreeNode(dialog, 'tree-node-', DISTRICT.p, DISTRICT.c);
  await expandTreeNode(dialog, 'tree-node-', DISTRICT.c, DISTRICT.a);
  // The district shows how many enabled shops it holds.
  await expect.poll(() => dialog.getByTestId(`tree-node-${DISTRICT.a}`).innerText()).toMatch(/\(1\)/);
  await expandTreeNode(dialog, 'tree-node-', DISTRICT.a, shopTreeId(shopId));
  await checkTreeNode(dialog, 'tree-node-', shopTreeId(shopId));
  const count = dialog.getByTestId('tree-count');
  // While the count is fetched a spinner stands in for the number.
  await expect.poll(() => count.innerText()).toMatch(/(^|\D)1(\D|$)/);
  return count.innerText();
}

/** Opens the device drawer from the enabled device list, sets a volume with the slider and queues it. */
async function queueVolume(page: Page, deviceId: number, steps: number): Promise<void> {
  await openStore(page, 'entity=device');
  await page.getByTestId(`row-control-${deviceId}`).click();
  const drawer = page.getByTestId('device-drawer');
  await drawer.waitFor();
  await drawer.getByTestId('command-table').waitFor();
  const handle = drawer.getByTestId('control-panel').locator('.ant-slider-handle').first();
  await handle.focus();
  for (let i = 0; i < steps; i++) await handle.press('ArrowRight');
  const button = drawer.getByTestId('control-volume');
  await expect.poll(() => button.innerText()).toContain(`(${50 + steps})`);
  await button.click();
  // the newest command is first: this volume, pending (counting rows raced the table's first load)
  const newest = drawer.locator('tr[data-row-key]').first();
  await newest.getByText(new RegExp(`(音量|Volume) ${50 + steps}$`)).waitFor();
  await newest.locator('[data-testid="command-state-pending"]').waitFor();
}

describe('stores: shop lifecycle between a store manager and a supervisor, tree dialog, device volume', () => {
  let manager: Browser;
  let supervisor: Browser;
  let team: StoreTeam;
  const shopName = `e2e 外滩旗舰店 ${suffix()}`;
  const shopCode = `E2E-${suffix()}`;
  const reason = `地址不完整，请补充门牌号 ${suffix()}`;
  let shopId = 0;
  let deviceId = 0;

  beforeAll(async () => {
    team = await setupStoreTeam({ a: [DISTRICT.a] });
    [manager, supervisor] = await Promise.all([launch(), launch()]);
    await Promise.all([logIn(manager, team.manager, team.title), logIn(supervisor, team.supervisor, team.title)]);
  });
  afterAll(async () => {
    await Promise.all([manager?.close(), supervisor?.close()]);
  });

  it('the store manager creates a shop in the drawer and submits it', async () => {
    const { page } = manager;
    await openStore(page, 'tab=mine');
    // A store manager does not examine: no in-review tab.
    await page.getByTestId('tab-mine').waitFor();
    expect(await page.getByTestId('tab-review').count()).toBe(0);

    await page.getByTestId('create').click();
    const drawer = page.locator('.ant-drawer-section').filter({ has: page.getByTestId('lifecycle-form') });
    await drawer.getByTestId('lifecycle-form').waitFor();
    await drawer.locator('#name').fill(shopName);
    await drawer.locator('#code').fill(shopCode);
    await pickSelect(page, drawer, 'level', 'A');
    await pickRegion(page, drawer, DISTRICT.labels);
    await drawer.locator('#address').fill('中山东一路');
    await drawer.locator('#phone').fill('021-63210000');
    await drawer.locator('#hours').fill('10:00-22:00');
    await drawer.locator('#area').fill('320');
    await shot(page, 'stores-create-drawer-zh');
    await drawer.getByTestId('form-save').click();
    await drawer.waitFor({ state: 'hidden' });

    await row(page, shopName).waitFor();
    shopId = await rowId(page, shopName);
    await expect.poll(() => row(page, shopName).innerText()).toContain('草稿');
    await page.getByTestId(`row-submit-${shopId}`).click();
    // Submitted, it leaves "my drafts" (drafts and rejected versions only) for the reviewers.
    await row(page, shopName).waitFor({ state: 'detached' });
    expect(await toasts(page)).toEqual(expect.arrayContaining(['已保存为草稿', '已提交审核']));

    // What was saved: the region codes and the level from the form.
    expect(await latestShop(team, shopId)).toMatchObject({
      status: 102,
      province: DISTRICT.p,
      city: DISTRICT.c,
      district: DISTRICT.a,
      level: 1,
      code: shopCode,
      address: '中山东一路',
    });
  });

  it('the supervisor rejects it with a reason from the in-review tab', async () => {
    const { page } = supervisor;
    await openStore(page, 'tab=review');
    await row(page, shopName).waitFor();
    expect(await row(page, shopName).innerText()).toContain(team.manager.nickname);
    await shot(page, 'stores-review-zh');

    await page.getByTestId(`row-reject-${shopId}`).click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('reject-reason') });
    // A reason is required.
    await dialog.getByTestId('reject-ok').click();
    await dialog.getByText('请填写驳回原因').waitFor();
    await dialog.getByTestId('reject-reason').fill(reason);
    await shot(page, 'stores-reject-dialog-zh');
    await dialog.getByTestId('reject-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, shopName).waitFor({ state: 'detached' });
    expect(await toasts(page)).toContain('已驳回');
  });

  it('the manager sees it rejected with the reason, edits it and resubmits', async () => {
    const { page } = manager;
    await openStore(page, 'tab=mine');
    await expect.poll(() => row(page, shopName).innerText()).toContain('已驳回');
    // the reviewer's reason is read in the row itself
    await expect.poll(() => page.getByTestId(`reason-${shopId}`).innerText()).toBe(reason);
    await shot(page, 'stores-rejected-reason-zh');

    await page.getByTestId(`row-edit-${shopId}`).click();
    const drawer = page.locator('.ant-drawer-section').filter({ has: page.getByTestId('lifecycle-form') });
    await expect.poll(() => drawer.locator('#name').inputValue()).toBe(shopName);
    // The region comes back from the record.
    await expect.poll(() => drawer.locator('.ant-cascader').innerText()).toContain('黄浦区');
    await drawer.locator('#address').fill('中山东一路 18 号');
    await drawer.getByTestId('form-save').click();
    await drawer.waitFor({ state: 'hidden' });
    await expect.poll(() => rowDetails(page, shopId)).toContain('中山东一路 18 号');
    await page.getByTestId(`row-submit-${shopId}`).click();
    await row(page, shopName).waitFor({ state: 'detached' });
    // the edit is a new version after the rejected one, which keeps its reason in the history
    expect(await latestShop(team, shopId)).toMatchObject({
      status: 102,
      address: '中山东一路 18 号',
      version: 2,
      reason: '',
    });
  });

  it('the supervisor approves it; the shop is in the enabled list', async () => {
    const { page } = supervisor;
    await openStore(page, 'tab=review');
    await expect.poll(() => rowDetails(page, shopId)).toContain('中山东一路 18 号');
    await page.getByTestId(`row-pass-${shopId}`).click();
    await pick(page.getByTestId('confirm-ok'));
    await row(page, shopName).waitFor({ state: 'detached' });
    expect(await toasts(page)).toContain('已通过');

    await openStore(page, 'tab=enabled');
    const enabled = row(page, shopName);
    await enabled.waitFor();
    expect(await enabled.innerText()).toContain('上线');
    // code and address are in the row's details (the table keeps what a person scans)
    const details = await rowDetails(page, shopId);
    expect(details).toContain(shopCode);
    expect(details).toContain('中山东一路 18 号');
    // The area tree on the left counts it under 上海市.
    await expect.poll(() => page.getByTestId(`area-node-${DISTRICT.p}`).innerText()).toMatch(/上海市.*\(1\)/);
    await shot(page, 'stores-enabled-zh');

    // The manager (data range 黄浦区) sees it enabled too.
    await openStore(manager.page, 'tab=enabled');
    await row(manager.page, shopName).waitFor();
  });

  it('the tree dialog of the filter sidebar shows the shop under its district and counts it', async () => {
    const { page } = supervisor;
    const countText = await pickShopInTreeDialog(page, shopId);
    expect(countText.replace(/\s+/g, '')).toBe('已选1家门店');
    await shot(page, 'stores-tree-dialog-zh');
    await page.getByTestId('tree-ok').click();
    await page.getByTestId('tree-dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('filter-scope').innerText()).toContain('1');
    await page.getByTestId('filter-apply').click();
    await page.waitForURL((u) => u.searchParams.has('shopRange'));
    await row(page, shopName).waitFor();
  });

  it('a device of the shop: the supervisor queues a volume command and it shows as pending', async () => {
    // The device through the API: the manager creates and submits it, the supervisor approves.
    const device = await tenantOk<{ id: number }>(
      'device/create',
      {
        code: `DEV-${suffix()}`,
        name: `e2e 入口大屏 ${suffix()}`,
        type: 'big',
        orientation: 1,
        shopId,
        volume: 50,
      },
      team.manager,
    );
    deviceId = device.id;
    await tenantOk('device/apply', { id: deviceId }, team.manager);
    await tenantOk('device/examine', { id: deviceId, pass: 1 }, team.supervisor);
    // A store manager lacks the publish bit on /store: device controls are refused.
    const refused = await tenantApi('device/volume', { ids: [deviceId], volume: 10 }, team.manager);
    expect(refused.ret).toBe(40003);

    const { page } = supervisor;
    await queueVolume(page, deviceId, 20);
    expect(await toasts(page)).toContain('已创建 1 条指令，等待设备接收');
    const pending = page.getByTestId('device-drawer').getByTestId('command-state-pending').first();
    expect(await pending.innerText()).toBe('待下发');
    await shot(page, 'stores-device-pending-zh');

    const queue = await tenantOk<{ list: { kind: string; state: string; payload: { volume?: number } }[] }>(
      'device/commands',
      { id: deviceId },
      team.supervisor,
    );
    expect(queue.list[0]).toMatchObject({ kind: 'volume', state: 'pending', payload: { volume: 70 } });
    expect(manager.pageErrors).toEqual([]);
    expect(supervisor.pageErrors).toEqual([]);
  });

  it('in English: enabled list, in-review tab, tree dialog and device controls', async () => {
    const { page, context } = supervisor;
    // Something waiting for review: a second shop of the manager, through the API.
    const second = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e Bund Express ${suffix()}`,
        code: `E2E-B-${suffix()}`,
        level: 2,
        province: DISTRICT.p,
        city: DISTRICT.c,
        district: DISTRICT.a,
        address: 'No. 1 Zhongshan East Road',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: second.id }, team.manager);

    await setLanguage(context, 'en-US');
    await openStore(page, 'tab=enabled');
    await page.getByTestId('tab-enabled').getByText('Enabled', { exact: false }).waitFor();
    await row(page, shopName).waitFor();
    expect(await page.getByTestId('tab-review').innerText()).not.toMatch(CJK);
    await shot(page, 'stores-enabled-en');

    await openStore(page, 'tab=review');
    await page.locator(`tr[data-row-key="${second.id}"]`).waitFor();
    await shot(page, 'stores-review-en');

    await openStore(page, 'tab=enabled');
    // Region names in the caller's language (geo/tree `title`): pinyin in English.
    expect(await page.getByTestId(`area-node-${DISTRICT.p}`).innerText()).toMatch(/^Shanghai \(1\)$/);
    const countText = await pickShopInTreeDialog(page, shopId);
    expect(countText.replace(/\s+/g, ' ').trim()).toBe('Selected: 1 shop');
    expect(await page.getByTestId(`tree-node-${DISTRICT.a}`).innerText()).toMatch(/^Huangpu \(1\)$/);
    await shot(page, 'stores-tree-dialog-en');
    await page.getByTestId('tree-cancel').click();

    await queueVolume(page, deviceId, 10);
    expect(await page.getByTestId('device-drawer').getByTestId('command-state-pending').first().innerText()).toBe(
      'Pending',
    );
    await shot(page, 'stores-device-pending-en');
    expect(supervisor.pageErrors).toEqual([]);
  });
});
