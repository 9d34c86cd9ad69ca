// The shop assistant's menu (issue 12 §4). Notifications: a supervisor writes one with an attachment
// to a district, a second supervisor approves it, the first sends it; a shop assistant of a shop
// there finds it under Received, opens the attachment and confirms with a reply; the receipts show
// who confirmed and who did not, per shop and per person. Incentives: after a sales import on
// /data/count, a running scheme shows the assistant their value, tier and rank, and the supervisor
// the standings. Both languages; screenshots land in .e2e-artifacts/inform-*.png and incentive-*.png.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launch, pick, shot, type Browser } from './browser';
import { suffix } from './server';
import {
  checkTreeNode,
  expandTreeNode,
  joinAs,
  logIn,
  setLanguage,
  setupStoreTeam,
  tenantOk,
  type Member,
  type StoreTeam,
} from './stores-helpers';

const DISTRICT = { p: '32', c: '3201', a: '320102' };

async function openInform(page: Page, query = ''): Promise<void> {
  await page.goto(`/inform${query ? `?${query}` : ''}`);
  await page.getByTestId('inform-page').waitFor();
  await page.waitForLoadState('networkidle');
}

describe('the shop assistant: notifications to confirm, incentives to reach', () => {
  let supervisor: Browser;
  let assistant: Browser;
  let team: StoreTeam;
  let reviewer: Member;
  let helper: Member;
  let reader: Member;
  let id = 0;
  let shopCode = '';
  let scheme = 0;
  const title = `e2e 周末陈列通知 ${suffix()}`;
  const pdf = join(mkdtempSync(join(tmpdir(), 'vt-inform-')), '陈列规范.pdf');

  beforeAll(async () => {
    writeFileSync(pdf, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    team = await setupStoreTeam({ a: [DISTRICT.a] });
    shopCode = `E2E-I-${suffix()}`;
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 通知门店 ${suffix()}`,
        code: shopCode,
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
    reviewer = await joinAs(team.supervisor, 3, null);
    helper = await joinAs(team.supervisor, 1, { s: [String(shop.id)] }, `店员甲${suffix()}`);
    reader = await joinAs(team.supervisor, 1, { s: [String(shop.id)] }, `店员乙${suffix()}`);
    // the assistants are staff of the shop (same phones), selling a product of the tea category
    for (const [who, name] of [
      [helper, '店员甲'],
      [reader, '店员乙'],
    ] as const) {
      const e = await tenantOk<{ id: number }>(
        'employee/create',
        { name, phone: who.un, gender: 2, shopId: shop.id },
        team.manager,
      );
      await tenantOk('employee/apply', { id: e.id }, team.manager);
      await tenantOk('employee/examine', { id: e.id, pass: 1 }, team.supervisor);
    }
    const product = await tenantOk<{ id: number }>(
      'commodity/create',
      { name: '冬日红茶', code: 'E2E-TEA', price: 3000, category: '茶饮' },
      team.supervisor,
    );
    await tenantOk('commodity/apply', { id: product.id }, team.supervisor);
    await tenantOk('commodity/examine', { id: product.id, pass: 1 }, reviewer);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const s = await tenantOk<{ id: number }>(
      'incentive/create',
      {
        name: '茶饮销售月冠军',
        metric: 'amount',
        level: 'employee',
        category: '茶饮',
        op: 1,
        dateFrom: today,
        dateTo: '2030-12-31',
        reset: 'monthly',
        tiers: [
          { threshold: 5000, reward: '奖金 20 元', rewardFen: 2000 },
          { threshold: 50000, reward: '奖金 200 元', rewardFen: 20000 },
        ],
        targets: { a: [DISTRICT.a] },
      },
      team.supervisor,
    );
    await tenantOk('incentive/apply', { id: s.id }, team.supervisor);
    await tenantOk('incentive/examine', { id: s.id, pass: 1 }, reviewer);
    scheme = s.id;
    supervisor = await launch();
    assistant = await launch();
    await logIn(supervisor, team.supervisor, team.title);
    await logIn(assistant, helper, team.title);
  });
  afterAll(async () => {
    await supervisor?.close();
    await assistant?.close();
  });

  it('the supervisor writes it with an attachment for the district and submits it; another supervisor approves it', async () => {
    const { page } = supervisor;
    await openInform(page, 'entity=inform');
    await page.getByTestId('create').click();
    const drawer = page.getByTestId('lifecycle-form');
    await drawer.locator('#title').fill(title);
    await page.getByTestId('field-body-box').click();
    await page.keyboard.type('请于周六 10 点前完成新品陈列，');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('拍照回复');
    await page.getByTestId('attachments-input').setInputFiles(pdf);
    await page.getByTestId('field-attachments').getByText('陈列规范.pdf').waitFor({ timeout: 20_000 });
    await page.getByTestId('field-targets-choose').click();
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('tree-dialog') });
    await dialog.getByTestId(`tree-node-${DISTRICT.p}`).waitFor();
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.p, DISTRICT.c);
    await expandTreeNode(dialog, 'tree-node-', DISTRICT.c, DISTRICT.a);
    await checkTreeNode(dialog, 'tree-node-', DISTRICT.a);
    await page.getByTestId('tree-ok').click();
    await shot(page, 'inform-form-zh', true);
    await page.getByTestId('form-save').click();
    const row = page.locator('[data-testid^="lifecycle-"] tr[data-row-key]').filter({ hasText: title }).first();
    await row.waitFor();
    id = Number(await row.getAttribute('data-row-key'));
    const saved = await tenantOk<{
      body: string;
      targets: { p: string[]; c: string[]; a: string[] };
      roles: number[];
      files: { name: string; type: number }[];
    }>('inform/get', { id }, team.supervisor);
    expect(saved.body).toContain('<b>拍照回复</b>');
    // the district, or the province / city holding it (the tree reports a parent whose children are all checked)
    const { p, c, a } = saved.targets;
    expect([...p, ...c, ...a].some((code) => DISTRICT.a.startsWith(code))).toBe(true);
    expect([saved.roles, saved.files.map((f) => [f.name, f.type])]).toEqual([[1, 2], [['陈列规范.pdf', 10]]]);
    await page.getByTestId(`row-submit-${id}`).click();
    await expect
      .poll(async () => (await tenantOk<{ status: number }>('inform/get', { id }, team.supervisor)).status)
      .toBe(102);
    await tenantOk('inform/examine', { id, pass: 1 }, reviewer);
  });

  it('is sent from the enabled list; the assistant confirms it under Received with a reply', async () => {
    const { page } = supervisor;
    await openInform(page, 'entity=inform');
    await page.getByTestId(`row-online-${id}`).click();
    await pick(page.getByTestId('confirm-ok'));
    await expect
      .poll(async () => (await tenantOk<{ recipients: number }>('inform/get', { id }, team.supervisor)).recipients)
      .toBe(3);

    const a = assistant.page;
    await openInform(a);
    // an assistant neither writes nor reviews: Received is the whole page
    expect(await a.getByTestId('inform-switch').count()).toBe(0);
    await a.getByTestId(`received-inform-${id}`).click();
    const drawer = a.getByTestId('received-drawer');
    await drawer.getByTestId('inform-body').getByText('拍照回复').waitFor();
    await drawer.getByTestId('inform-files').getByText('陈列规范.pdf').waitFor();
    await shot(a, 'inform-received-zh');
    // the attachment opens through a signed address (a download in a new tab)
    const fetched = assistant.context.waitForEvent('request', (r) => r.url().includes('/file/raw/'));
    await drawer.locator('[data-testid^="download-"]').first().click();
    expect((await fetched).url()).toMatch(/\/file\/raw\/\d+\?en=\d+&exp=\d+&sig=/);
    await drawer.getByTestId('received-reply').fill('已完成陈列');
    await a
      .getByTestId('received-photo-input')
      .setInputFiles(join(import.meta.dirname, '../../server/src/seed/media/new-arrivals.jpg'));
    await drawer.getByText('new-arrivals.jpg').waitFor({ timeout: 20_000 });
    await drawer.getByTestId('received-confirm').click();
    await drawer.getByText(/已于 .* 确认/).waitFor();
    await expect
      .poll(
        async () =>
          (
            await tenantOk<{ list: { confirmedAt: number | null; reply: string }[] }>(
              'inform/received',
              { pageNum: 1, pageSize: 10 },
              helper,
            )
          ).list[0],
      )
      .toMatchObject({ reply: '已完成陈列' });
    const others = await tenantOk<{ total: number }>(
      'inform/received',
      { pageNum: 1, pageSize: 10, pending: 1 },
      reader,
    );
    expect(others.total).toBe(1);
  });

  it('the receipts show who confirmed and who did not, per shop and per person, in both languages', async () => {
    const { page } = supervisor;
    await openInform(page, 'entity=inform');
    await page.getByTestId(`receipts-${id}`).click();
    const drawer = page.getByTestId('receipts-drawer');
    const people = drawer.getByTestId('receipts-people');
    await people.getByText('已完成陈列').waitFor();
    // the photo sent with the confirmation shows beside the reply
    expect(await people.locator('img').count()).toBe(1);
    expect(await drawer.getByTestId('receipts-shops').innerText()).toContain('1/3');
    expect(await people.locator('tr[data-row-key]').count()).toBe(3);
    await shot(page, 'inform-receipts-zh');

    await setLanguage(supervisor.context, 'en-US');
    await openInform(page, 'entity=inform');
    await expect.poll(() => page.getByTestId(`receipts-${id}`).innerText()).toBe('1/3 confirmed');
    await page.getByTestId(`receipts-${id}`).click();
    await page.getByTestId('receipts-drawer').getByText('Not yet').first().waitFor();
    await shot(page, 'inform-receipts-en');
    await setLanguage(assistant.context, 'en-US');
    await openInform(assistant.page);
    await assistant.page.getByTestId(`received-inform-${id}`).getByText('Confirmed').waitFor();
    await shot(assistant.page, 'inform-received-en');
  });

  it('a sales import moves the scheme: the assistant sees their value, tier and rank; the supervisor the standings', async () => {
    const { page } = supervisor;
    await setLanguage(supervisor.context, 'zh-CN');
    const minutesAgo = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(Date.now() - 5 * 60_000));
    const csv = join(mkdtempSync(join(tmpdir(), 'vt-sales-')), 'sales.csv');
    writeFileSync(
      csv,
      [
        '明细编号,时间,门店编码,商品编码,员工编码,数量,金额（元）',
        `E2E-S1-${suffix()},${minutesAgo},${shopCode},E2E-TEA,${helper.un},3,90.00`,
        `E2E-S2-${suffix()},${minutesAgo},${shopCode},E2E-TEA,${reader.un},1,30.00`,
      ].join('\n'),
    );
    await page.goto('/data/count?tab=sales');
    await page.getByTestId('sales-import').click();
    await page.getByTestId('import-input').setInputFiles(csv);
    await page.getByTestId('import-preview').waitFor();
    await page.getByTestId('import-commit').click();
    await expect
      .poll(async () =>
        (
          await tenantOk<{ list: { value: number }[] }>(
            'incentive/progress',
            { id: scheme, pageNum: 1, pageSize: 10 },
            team.supervisor,
          )
        ).list.map((x) => x.value),
      )
      .toEqual([9000, 3000]);

    const a = assistant.page;
    await setLanguage(assistant.context, 'zh-CN');
    await a.goto('/incentives');
    const card = a.getByTestId(`mine-${scheme}`);
    await card.getByText('¥90.00').waitFor();
    expect((await card.innerText()).replace(/\s+/g, ' ')).toContain('排名 1 / 2');
    await card.getByText(/再完成 ¥410.00 即可获得「奖金 200 元」/).waitFor();
    await shot(a, 'incentive-mine-zh');
    await setLanguage(assistant.context, 'en-US');
    await a.goto('/incentives');
    await a
      .getByTestId(`mine-${scheme}`)
      .getByText(/¥410.00 more to earn "奖金 200 元"/)
      .waitFor();
    await shot(a, 'incentive-mine-en');

    await page.goto('/incentives?view=schemes');
    await page.getByTestId(`row-progress-${scheme}`).click();
    const standings = page.getByTestId('incentive-standings');
    await standings.getByText('¥90.00').waitFor();
    await shot(page, 'incentive-progress-zh');
    expect(supervisor.pageErrors).toEqual([]);
    expect(assistant.pageErrors).toEqual([]);
  });

  it('pages the assistant may not view say so, and call nothing the server refuses (issue 25 §2)', async () => {
    const a = assistant.page;
    await setLanguage(assistant.context, 'zh-CN');
    const refused: string[] = [];
    const watch = (r: import('playwright-core').Response) => {
      if (!r.url().includes('/api/')) return;
      void r.json().then(
        (b: { ret?: number }) => {
          if (r.status() === 403 || b.ret === 40003) refused.push(r.url());
        },
        () => undefined,
      );
    };
    a.on('response', watch);
    for (const path of ['/store/store', '/advert', '/data/count']) {
      await a.goto(path);
      await a.getByTestId('page-denied').getByText('暂无权限').waitFor();
    }
    await shot(a, 'assistant-denied-zh');
    await a.goto('/home');
    a.off('response', watch);
    expect(refused).toEqual([]);
    expect(await a.getByTestId('side-item-/store').count()).toBe(0);
  });
});
