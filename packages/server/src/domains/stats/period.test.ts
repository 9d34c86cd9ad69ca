import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, approved, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { rollupAll } from '../../stats/rollup.js';

// The previous period of a statistic that runs up to today (issue 25): set against the same part of
// its last day — today at 12:xx against yesterday up to 12:xx —, not against the whole day; a period
// wholly past against whole days. For visits (stats/pa), plays (stats/ad), sales (stats/sale), and
// per product (stats/pdt, stats/comm), from the raw rows and from the rollups alike.

const t = useTestApp();
const HOUR = 3_600_000;

/** A fixed-offset zone in which it is now about noon, so 3 hours either side stay on the same local day. */
function noonZone(now: number): string {
  const off = 12 - new Date(now).getUTCHours();
  return off === 0 ? 'Etc/GMT' : off > 0 ? `Etc/GMT-${off}` : `Etc/GMT+${-off}`;
}

describe('the previous period up to the same time of day', () => {
  const now = Date.now();
  const zone = noonZone(now);
  const offsetMs = (12 - new Date(now).getUTCHours()) * HOUR;
  const dayOf = (ms: number) => new Date(ms + offsetMs).toISOString().slice(0, 10);
  const [today, yesterday, dayBefore] = [dayOf(now), dayOf(now - 24 * HOUR), dayOf(now - 48 * HOUR)];
  // today ~09:xx; yesterday ~09:xx (before this time of day) and ~15:xx (after it); the day before ~09:xx
  const times = { today: now - 3 * HOUR, early: now - 27 * HOUR, late: now - 21 * HOUR, dayBefore: now - 51 * HOUR };
  let f: Fleet;

  beforeAll(async () => {
    f = await makeFleet(t);
    await t.db.admin.query('update enterprises set time_zone = $2 where id = $1', [f.ent.companyId, zone]);
    const [{ code: shopCode }] = await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [
      f.shop,
    ]);
    const tea = await approved(t, f, 'commodity', { name: '绿茶', code: 'TEA', price: 500, category: '茶饮' });
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
    // one visit, one play and one line of 2 × ¥5 at each time
    const at = Object.values(times).map((ms) => Math.floor(ms / 1000));
    const visits = at.map((time) => ({ eventId: randomUUID(), time, gender: 2, ageBand: 1, action: 'watch' }));
    expect((await dev<{ accepted: number }>(t, 'visits', { events: visits }, token)).body.result.accepted).toBe(4);
    const plays = at.map((start) => ({
      eventId: randomUUID(),
      contentId: content,
      planId: plan,
      start,
      durationMs: 10_000,
    }));
    expect((await dev<{ accepted: number }>(t, 'plays', { events: plays }, token)).body.result.accepted).toBe(4);
    const lines = at.map((time, i) => ({
      lineId: `P${i}`,
      time,
      shopCode,
      productCode: 'TEA',
      quantity: 2,
      amount: 1000,
    }));
    expect((await post<{ accepted: number }>(t, 'sale/report', { lines }, f.sup)).body.result.accepted).toBe(4);
  });

  async function figures(from: string, to: string) {
    const ok = async <T>(path: string) => {
      const res = await post<T>(t, path, { from, to }, f.sup);
      expect(res.body.ret, `${path} ${JSON.stringify(res.body)}`).toBe(0);
      return res.body.result;
    };
    type Pair<T> = { summary: T; previous: T };
    const pa = await ok<Pair<{ visits: number; female_num: number }>>('stats/pa');
    const ad = await ok<Pair<{ plays: number; seconds: number }>>('stats/ad');
    const sale = await ok<Pair<{ amount: number; quantity: number; orders: number }>>('stats/sale');
    const pdt = await ok<{ byProduct: { quantity: number; previous: { quantity: number; amount: number } }[] }>(
      'stats/pdt',
    );
    const comm = await ok<{ list: { before: { quantity: number }; after: { quantity: number } }[] }>('stats/comm');
    return {
      visits: [pa.summary.visits, pa.previous.visits],
      plays: [ad.summary.plays, ad.previous.plays, ad.previous.seconds],
      sales: [sale.summary.orders, sale.previous.orders, sale.previous.amount, sale.previous.quantity],
      product: [pdt.byProduct[0].quantity, pdt.byProduct[0].previous.quantity, pdt.byProduct[0].previous.amount],
      exposure: [comm.list[0].after.quantity, comm.list[0].before.quantity],
    };
  }

  it('today so far against yesterday up to this time, raw rows and rollups alike', async () => {
    const expected = {
      visits: [1, 1],
      plays: [1, 1, 10],
      sales: [1, 1, 1000, 2],
      product: [2, 2, 1000],
      exposure: [2, 2],
    };
    expect(await figures(today, today)).toEqual(expected);
    await rollupAll(t.db, 0);
    expect(await figures(today, today)).toEqual(expected);
  });

  it('a period wholly past against the whole days before it', async () => {
    expect(await figures(yesterday, yesterday)).toEqual({
      visits: [2, 1],
      plays: [2, 1, 10],
      sales: [2, 1, 1000, 2],
      product: [4, 2, 1000],
      exposure: [4, 2],
    });
    expect(dayBefore < yesterday).toBe(true);
  });
});
