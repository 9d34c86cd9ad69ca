import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, approved, dev, makeDevice, makeFleet } from '../../../test/devices.js';
import { makeShop } from '../../../test/factories.js';

// stats/pdt and stats/comm (issue 11 §3): products against the period before, and the exposure
// conversion of a product ad — each figure equal to a sum of the test's own lines and plays.

const t = useTestApp();
const DAY = 86_400_000;
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
type F = { amount: number; quantity: number; orders: number };

describe('product statistics', () => {
  it('per product and category, and the sales where a product ad played against the days before', async () => {
    const f = await makeFleet(t);
    const other = await makeShop(t, f.ent, { province: '11', city: '1101', district: '110101' }, f.rev);
    const code = async (id: number) =>
      (await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [id]))[0].code;
    const tea = await approved(t, f, 'commodity', { name: '绿茶', code: 'P-TEA', price: 500, category: '茶饮' });
    await approved(t, f, 'commodity', { name: '面包', code: 'P-BREAD', price: 1200, category: '烘焙' });
    const content = await approved(t, f, 'ad-content', {
      name: '绿茶展示',
      adType: 'details',
      commodityIds: JSON.stringify([tea]),
    });
    const plan = await approved(t, f, 'ad-plan', {
      name: '绿茶计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify([{ contentId: content, weight: 1 }]),
      targets: JSON.stringify({ s: [String(f.shop)] }),
    });
    const token = await activated(t, f, await makeDevice(t, f));
    const now = Date.now();
    const plays = [1, 2, 26].map((h) => ({
      eventId: randomUUID(),
      contentId: content,
      planId: plan,
      start: (now - h * 3600_000) / 1000,
      durationMs: 10_000,
    }));
    expect((await dev<{ accepted: number }>(t, 'plays', { events: plays }, token)).body.result.accepted).toBe(3);

    const [south, north] = [await code(f.shop), await code(other)];
    // the period is the last 3 days; the 3 days before it are the comparison
    const at = (daysAgo: number) => Math.floor((now - daysAgo * DAY - 3600_000) / 1000);
    const lines = [
      { lineId: 'A1', time: at(0), shopCode: south, productCode: 'P-TEA', quantity: 4, amount: 2000 },
      { lineId: 'A2', time: at(1), shopCode: south, productCode: 'P-TEA', quantity: 2, amount: 1000 },
      { lineId: 'A3', time: at(1), shopCode: north, productCode: 'P-TEA', quantity: 5, amount: 2500 },
      { lineId: 'A4', time: at(0), shopCode: south, productCode: 'P-BREAD', quantity: 1, amount: 1200 },
      { lineId: 'B1', time: at(4), shopCode: south, productCode: 'P-TEA', quantity: 3, amount: 1500 },
      { lineId: 'B2', time: at(5), shopCode: north, productCode: 'P-TEA', quantity: 9, amount: 4500 },
    ];
    expect((await post<{ accepted: number }>(t, 'sale/report', { lines }, f.sup)).body.result.accepted).toBe(6);
    const to = shanghaiDay(now);
    const from = shanghaiDay(now - 2 * DAY);
    const prevFrom = shanghaiDay(now - 5 * DAY);
    const dayOf = (l: (typeof lines)[number]) => shanghaiDay(l.time * 1000);
    const inPeriod = (l: (typeof lines)[number]) => dayOf(l) >= from;
    // the comparison counts only the 3 days just before (a line that crossed midnight out of them is not)
    const before = (l: (typeof lines)[number]) => dayOf(l) >= prevFrom && dayOf(l) < from;
    const sum = (ls: typeof lines): F => ({
      amount: ls.reduce((s, l) => s + l.amount, 0),
      quantity: ls.reduce((s, l) => s + l.quantity, 0),
      orders: ls.length,
    });

    type Pdt = {
      summary: F & { products: number };
      byProduct: (F & { code: string; previous: F; share: number })[];
      byCategory: (F & { category: string; share: number })[];
    };
    const pdt = (await post<Pdt>(t, 'stats/pdt', { from, to }, f.sup)).body.result;
    const teaNow = lines.filter((l) => l.productCode === 'P-TEA' && inPeriod(l));
    const all = lines.filter(inPeriod);
    expect(pdt.summary).toEqual({ ...sum(all), products: 2 });
    const teaRow = pdt.byProduct.find((x) => x.code === 'P-TEA')!;
    expect([teaRow.amount, teaRow.quantity, teaRow.orders]).toEqual(Object.values(sum(teaNow)));
    expect(teaRow.previous).toEqual(sum(lines.filter((l) => l.productCode === 'P-TEA' && before(l))));
    expect(teaRow.share).toBe(Math.round((sum(teaNow).amount * 1000) / sum(all).amount) / 10);
    expect(pdt.byCategory.map((c) => c.category)).toEqual(['茶饮', '烘焙']);

    // exposure: the ad played in the south shop only, so only its tea sales count, before and after
    type Comm = {
      list: { productId: number; plays: number; shops: number; before: F; after: F; lift: number | null }[];
    };
    const comm = (await post<Comm>(t, 'stats/comm', { from, to }, f.sup)).body.result;
    const southTea = (when: (l: (typeof lines)[number]) => boolean) =>
      sum(lines.filter((l) => l.shopCode === south && l.productCode === 'P-TEA' && when(l)));
    const [b, a] = [southTea(before), southTea(inPeriod)];
    expect(comm.list).toEqual([
      {
        productId: tea,
        name: '绿茶',
        code: 'P-TEA',
        plays: 3,
        shops: 1,
        before: b,
        after: a,
        lift: b.quantity ? Math.round(((a.quantity - b.quantity) * 1000) / b.quantity) / 10 : null,
      },
    ]);
    // another enterprise sees none of it
    const g = await makeFleet(t);
    expect((await post<Comm>(t, 'stats/comm', { from, to }, g.sup)).body.result.list).toEqual([]);
  });
});
