// The data centre (issue 11): a screen activated with the console's code reports visitors through
// the device API; the supervisor opens /data/count and reads the same number, with charts, in
// zh-CN and en-US (.e2e-artifacts/data-count-*.png).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { launch, shot, type Browser } from './browser';
import { suffix } from './server';
import { logIn, setLanguage, setupStoreTeam, tenantOk, type StoreTeam } from './stores-helpers';

async function device<T>(path: string, body: object, token?: string): Promise<T> {
  const res = await fetch(`${inject('baseURL')}/device-api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { dt: token } : {}) },
    body: JSON.stringify(body),
  });
  return (await res.json()) as T;
}

describe('data centre: visitors reported by a screen, read on /data/count', () => {
  let b: Browser;
  let team: StoreTeam;
  const VISITS = 137;
  const SALES = 23;

  beforeAll(async () => {
    team = await setupStoreTeam({ a: ['310101'] });
    const shopCode = `E2E-S-${suffix()}`;
    const shop = await tenantOk<{ id: number }>(
      'shop/create',
      {
        name: `e2e 客流门店 ${suffix()}`,
        code: shopCode,
        level: 1,
        province: '31',
        city: '3101',
        district: '310101',
        hours: '24h',
      },
      team.manager,
    );
    await tenantOk('shop/apply', { id: shop.id }, team.manager);
    await tenantOk('shop/examine', { id: shop.id, pass: 1 }, team.supervisor);
    const code = `SCR-${suffix()}`;
    const d = await tenantOk<{ id: number }>(
      'device/create',
      { code, name: 'e2e 客流屏', type: 'big', orientation: 1, shopId: shop.id },
      team.manager,
    );
    await tenantOk('device/apply', { id: d.id }, team.manager);
    await tenantOk('device/examine', { id: d.id, pass: 1 }, team.supervisor);
    const activation = await tenantOk<{ code: string }>('device/activation', { id: d.id }, team.supervisor);
    const act = await device<{ ret: number; result: { deviceToken: string } }>('activate', {
      code,
      activation: activation.code,
    });
    expect(act.ret).toBe(0);
    const now = Date.now() / 1000;
    const events = Array.from({ length: VISITS }, (_, i) => ({
      eventId: randomUUID(),
      time: now - 60 - (i % 6) * 86400 - ((i * 997) % 36000),
      gender: (i % 3) as 0 | 1 | 2,
      ageBand: i % 5,
      action: ['pass', 'watch', 'interact', 'enter'][i % 4],
      dwellMs: 2000 + (i % 7) * 3000,
    }));
    const sent = await device<{ ret: number; result: { accepted: number } }>(
      'visits',
      { events },
      act.result.deviceToken,
    );
    expect(sent.result.accepted).toBe(VISITS);
    // the shop's point-of-sale system reports its sales lines
    const productCode = `G-${suffix()}`;
    const product = await tenantOk<{ id: number }>(
      'commodity/create',
      { name: 'e2e 绿茶', code: productCode, price: 1250 },
      team.manager,
    );
    await tenantOk('commodity/apply', { id: product.id }, team.manager);
    await tenantOk('commodity/examine', { id: product.id, pass: 1 }, team.supervisor);
    const lines = Array.from({ length: SALES }, (_, i) => ({
      lineId: `E2E-${suffix()}-${i}`,
      time: now - 120 - i * 3600,
      shopCode: shopCode,
      productCode,
      quantity: 1 + (i % 3),
      amount: 1250 * (1 + (i % 3)),
    }));
    const reported = await tenantOk<{ accepted: number }>('sale/report', { lines }, team.manager);
    expect(reported.accepted).toBe(SALES);
    b = await launch();
    await logIn(b, team.supervisor, team.title);
  });
  afterAll(async () => {
    await b?.close();
  });

  for (const lang of ['zh-CN', 'en-US'] as const) {
    it(`shows the reported visits with charts in ${lang}`, async () => {
      await setLanguage(b.context, lang);
      await b.page.goto('/data/count');
      await b.page.getByTestId('count-page').waitFor();
      const kpi = b.page.getByTestId('kpi-visits');
      await kpi.waitFor();
      await expect.poll(async () => (await kpi.innerText()).replace(/[\s,]/g, '')).toContain(String(VISITS));
      for (const id of ['chart-trend', 'chart-gender', 'chart-age', 'chart-heat'])
        await b.page.getByTestId(id).locator('canvas').first().waitFor();
      await expect
        .poll(() => b.page.getByTestId('count-shops-table').locator('tbody tr.ant-table-row').count())
        .toBe(1);
      await shot(b.page, `data-count-${lang}`, true);
    });
  }

  it('the 30-day shortcut keeps the figures and the URL says so', async () => {
    await b.page.getByTestId('count-days').getByText(/30/).click();
    await expect.poll(() => new URL(b.page.url()).searchParams.get('days')).toBe('30');
    await expect
      .poll(async () => (await b.page.getByTestId('kpi-visits').innerText()).replace(/[\s,]/g, ''))
      .toContain(String(VISITS));
  });

  it("with a gender chosen, the third card is that gender's share of all visits, in both languages", async () => {
    const female = Array.from({ length: VISITS }, (_, i) => i % 3).filter((g) => g === 2).length;
    for (const [lang, title] of [
      ['zh-CN', '占全部客流（女）'],
      ['en-US', 'Share of all visits (Female)'],
    ] as const) {
      await setLanguage(b.context, lang);
      await b.page.goto('/data/count?gender=2');
      await expect
        .poll(async () => (await b.page.getByTestId('kpi-visits').innerText()).replace(/[\s,]/g, ''))
        .toContain(String(female));
      const card = b.page.getByTestId('kpi-share');
      await expect
        .poll(async () => (await card.innerText()).replace(/\s/g, ''))
        .toContain(`${Math.round((female * 100) / VISITS)}%`);
      expect(await card.innerText()).toContain(title);
      expect(await b.page.getByTestId('kpi-female').count()).toBe(0);
      await shot(b.page, `data-count-female-${lang}`, true);
    }
  });

  it('the sales tab reads the reported lines and exports them as CSV', async () => {
    const { page } = b;
    await setLanguage(b.context, 'zh-CN');
    await page.goto('/data/count?tab=sales&days=7');
    const orders = page.getByTestId('kpi-orders');
    await orders.waitFor();
    await expect.poll(async () => (await orders.innerText()).replace(/[\s,]/g, '')).toContain(String(SALES));
    await page.getByTestId('chart-sales').locator('canvas').first().waitFor();
    await shot(page, 'data-sales-zh-CN', true);
    const download = page.waitForEvent('download');
    await page.getByTestId('export-sales').click();
    const file = await download;
    const text = (await import('node:fs')).readFileSync((await file.path())!, 'utf8');
    const rows = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0].startsWith('时间,明细编号')).toBe(true);
    expect(rows).toHaveLength(SALES + 1);
  });

  it("/home shows the supervisor today's figures from the same reports", async () => {
    const { page } = b;
    await page.goto('/home/home');
    await page.getByTestId('home-dashboard').waitFor();
    await expect
      .poll(async () => (await page.getByTestId('home-visitors').innerText()).replace(/[\s,]/g, ''))
      .toMatch(/\d/);
    await page.getByTestId('home-devices').waitFor();
    expect(await page.getByTestId('home-devices').innerText()).toContain('1');
    await shot(page, 'data-home-zh-CN', true);
    expect(b.pageErrors).toEqual([]);
  });
});
