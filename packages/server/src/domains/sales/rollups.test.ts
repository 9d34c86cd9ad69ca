import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../../test/harness.js';
import { makeShop } from '../../../test/factories.js';
import { activated, approved, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { rebuildEnterprise, rollupAll } from '../../stats/rollup.js';

// The play and sales rollups (docs/decisions/0119) behind every statistic that reads plays or sales
// lines: each answer is the same before the fold (raw rows only), after it (rollups only) and after
// a rebuild; rows arriving late with earlier local days count once, raw before their fold and rolled
// up after; and the figures equal the test's own events.

const t = useTestApp();
const DAY = 86_400_000;
const shanghaiDay = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 10);
const TIERS = [{ threshold: 1000, reward: '奖金 50 元', rewardFen: 5000 }];

type Play = { eventId: string; contentId: number; planId: number; start: number; durationMs: number };
type Line = {
  lineId: string;
  time: number;
  shopCode: string;
  productCode: string;
  employeeCode?: string;
  quantity: number;
  amount: number;
};

describe('play and sales rollups', () => {
  let f: Fleet;
  let tokens: string[];
  let shopCodes: string[];
  let schemes: number[];
  let seed = 3;
  // a seeded generator (its high bits: the low ones of this one cycle)
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  const now = Date.now();
  const to = shanghaiDay(now);
  const from = shanghaiDay(now - 9 * DAY);
  const plays: (Play & { device: number })[] = [];
  let visitCount = 0;
  const lines: Line[] = [];
  let contents: number[];
  let plan: number;
  let phone: string;

  /** Plays and lines at random hours of the last `days` days, and a few visits; how many rows in all. */
  async function send(n: number, days: number, tag: string, withVisits = true) {
    const p = Array.from({ length: n }, () => ({
      eventId: randomUUID(),
      contentId: contents[rnd(2)],
      planId: plan,
      start: Math.floor((now - rnd(days * 24) * 3600_000 - 600_000) / 1000),
      durationMs: 1000 + rnd(20_000),
    }));
    for (const [device, token] of tokens.entries()) {
      const mine = p.splice(0, Math.ceil(n / tokens.length));
      expect((await dev<{ accepted: number }>(t, 'plays', { events: mine }, token)).body.result.accepted).toBe(
        mine.length,
      );
      plays.push(...mine.map((x) => ({ ...x, device })));
    }
    const l = Array.from({ length: n }, (_, i) => ({
      lineId: `${tag}${i}`,
      time: Math.floor((now - rnd(days * 24) * 3600_000 - 600_000) / 1000),
      shopCode: shopCodes[rnd(2)],
      productCode: ['TEA', 'BREAD'][rnd(2)],
      quantity: 1 + rnd(4),
      amount: 100 * (1 + rnd(30)),
      ...(rnd(3) ? { employeeCode: phone } : {}),
    }));
    // the employee works in the first shop: lines of the other shop have none
    for (const x of l) if (x.shopCode !== shopCodes[0]) delete x.employeeCode;
    const res = await post<{ accepted: number }>(t, 'sale/report', { lines: l }, f.sup);
    expect(res.body.result.accepted, JSON.stringify(res.body.result)).toBe(n);
    lines.push(...l);
    if (!withVisits) return n * 2;
    const visits = Array.from({ length: 5 }, () => ({
      eventId: randomUUID(),
      time: Math.floor((now - rnd(days * 24) * 3600_000 - 600_000) / 1000),
      gender: 1,
      ageBand: 2,
      action: 'watch',
    }));
    expect((await dev<{ accepted: number }>(t, 'visits', { events: visits }, tokens[0])).body.result.accepted).toBe(5);
    visitCount += visits.length;
    return n * 2 + visits.length;
  }

  /** Every statistic over plays and sales lines, for the last 10 days. */
  async function answers() {
    const ok = async (path: string, body: Record<string, unknown>) => {
      const res = await post(t, path, body, f.sup);
      expect(res.body.ret, `${path} ${JSON.stringify(res.body)}`).toBe(0);
      return res.body.result;
    };
    const period = { from, to };
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=plays&from=${from}&to=${to}`,
      headers: f.sup,
    });
    return {
      ad: await ok('stats/ad', period),
      adHours: await ok('stats/ad', { ...period, group: 'hour' }),
      adPads: await ok('stats/ad', { ...period, group: 'week', DeviceType: 'pad' }),
      sale: await ok('stats/sale', period),
      saleHours: await ok('stats/sale', { ...period, group: 'hour' }),
      saleMonths: await ok('stats/sale', {
        ...period,
        group: 'month',
        shopRange: { p: [], c: [], a: [], s: [String(f.shop)] },
      }),
      top: await Promise.all(
        ['shops-by-sales', 'ads-by-plays', 'products-by-sales', 'employees-by-sales'].map((kind) =>
          ok('stats/top', { ...period, kind }),
        ),
      ),
      pdt: await ok('stats/pdt', period),
      comm: await ok('stats/comm', period),
      home: ((await ok('stats/home', {})) as { sales: unknown }).sales,
      exportPlays: csv.body,
      standings: await Promise.all(
        schemes.map((id) => ok('incentive/progress', { id, day: to, pageNum: 1, pageSize: 10 })),
      ),
    };
  }

  /** The figures of the test's own events that the answers must hold. */
  function own() {
    const playDay = (p: Play) => shanghaiDay(p.start * 1000);
    const lineDay = (l: Line) => shanghaiDay(l.time * 1000);
    const inPeriod = plays.filter((p) => playDay(p) >= from && playDay(p) <= to);
    const sold = lines.filter((l) => lineDay(l) >= from && lineDay(l) <= to);
    return {
      plays: {
        plays: inPeriod.length,
        seconds: Math.round(inPeriod.reduce((s, p) => s + p.durationMs, 0) / 1000),
        devices: new Set(inPeriod.map((p) => p.device)).size,
      },
      sales: {
        amount: sold.reduce((s, l) => s + l.amount, 0),
        quantity: sold.reduce((s, l) => s + l.quantity, 0),
        orders: sold.length,
      },
      employee: sold.filter((l) => l.employeeCode).reduce((s, l) => s + l.amount, 0),
    };
  }

  beforeAll(async () => {
    f = await makeFleet(t);
    const other = await makeShop(
      t,
      f.ent,
      { province: '11', city: '1101', district: '110101', hours: '00:00-24:00' },
      f.rev,
    );
    shopCodes = [];
    for (const id of [f.shop, other])
      shopCodes.push((await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [id]))[0].code);
    const tea = await approved(t, f, 'commodity', { name: '绿茶', code: 'TEA', price: 500, category: '茶饮' });
    const bread = await approved(t, f, 'commodity', { name: '面包', code: 'BREAD', price: 1200, category: '烘焙' });
    phone = `137${String(Date.now()).slice(-8)}`;
    await approved(t, f, 'employee', { name: '小李', phone, gender: 1, shopId: f.shop });
    contents = [
      await approved(t, f, 'ad-content', { name: '绿茶展示', adType: 'details', commodityIds: JSON.stringify([tea]) }),
      await approved(t, f, 'ad-content', {
        name: '早餐组合',
        adType: 'compare',
        commodityIds: JSON.stringify([tea, bread]),
        specNames: JSON.stringify(['产地']),
      }),
    ];
    plan = await approved(t, f, 'ad-plan', {
      name: '十日计划',
      dateFrom: '2026-01-01',
      dateTo: '2030-12-31',
      contents: JSON.stringify(contents.map((contentId) => ({ contentId, weight: 1 }))),
      targets: JSON.stringify({ s: [String(f.shop)] }),
    });
    tokens = [
      await activated(t, f, await makeDevice(t, f)),
      await activated(t, f, await makeDevice(t, f, { type: 'pad' })),
    ];
    schemes = [
      await approved(t, f, 'incentive', {
        name: '销售额',
        metric: 'amount',
        level: 'employee',
        op: 1,
        tiers: TIERS,
        dateFrom: from,
        dateTo: to,
        reset: 'none',
        targets: { a: ['440305', '110101'] },
      }),
      await approved(t, f, 'incentive', {
        name: '茶饮件数',
        metric: 'quantity',
        level: 'shop',
        category: '茶饮',
        op: 1,
        tiers: TIERS,
        dateFrom: from,
        dateTo: to,
        reset: 'weekly',
        targets: { a: ['440305', '110101'] },
      }),
      await approved(t, f, 'incentive', {
        name: '转化率',
        metric: 'conversion',
        level: 'shop',
        op: 1,
        tiers: TIERS,
        dateFrom: from,
        dateTo: to,
        reset: 'none',
        targets: { a: ['440305', '110101'] },
      }),
    ];
  });

  it('every statistic is the same from the raw rows, after the fold, and equal to the own events', async () => {
    // 40 plays and 40 lines over 20 days: half of them fall in the previous period
    const sent = await send(40, 20, 'A');
    const before = await answers();
    const mine = own();
    expect((before.ad as { summary: unknown }).summary).toEqual(mine.plays);
    expect((before.sale as { summary: unknown }).summary).toEqual(mine.sales);
    expect((before.standings[0] as { list: { value: number }[] }).list.map((x) => x.value)).toEqual([mine.employee]);
    // nothing trivial: both products exposed, every ranking filled, the hours add up to the summary
    expect((before.comm as { list: unknown[] }).list).toHaveLength(2);
    for (const top of before.top as { list: unknown[] }[]) expect(top.list.length).toBeGreaterThan(0);
    const hours = (before.adHours as { series: { plays: number }[] }).series;
    expect(hours.length).toBeGreaterThan((before.ad as { series: unknown[] }).series.length);
    expect(hours.reduce((s, x) => s + x.plays, 0)).toBe(mine.plays.plays);

    expect(await rollupAll(t.db, 0)).toBe(sent);
    // the rollups hold everything and the raw tail is empty: the answers now come from the rollups
    const [r] = await t.db.admin.query<{ plays: number; hourly: number; lines: number; hours: number; tail: number }>(
      `select (select sum(plays) from play_rollup_daily where enterprise_id = $1)::int as plays,
              (select sum(plays) from play_rollup_hourly where enterprise_id = $1)::int as hourly,
              (select sum(lines) from sale_rollup_daily where enterprise_id = $1)::int as lines,
              (select sum(lines) from sale_rollup_hourly where enterprise_id = $1)::int as hours,
              (select count(*) from play_events p where p.enterprise_id = $1
                 and p.id > (select last_id from stats_watermarks w where w.enterprise_id = $1 and w.stream = 'plays'))::int
            + (select count(*) from sale_lines l where l.enterprise_id = $1
                 and l.id > (select last_id from stats_watermarks w where w.enterprise_id = $1 and w.stream = 'sales'))::int as tail`,
      [f.ent.companyId],
    );
    expect(r).toEqual({ plays: 40, hourly: 40, lines: 40, hours: 40, tail: 0 });
    expect(await answers()).toEqual(before);
    expect(await rollupAll(t.db, 0)).toBe(0);
  });

  it('rows arriving late with earlier local days count once: raw before their fold, rolled up after', async () => {
    // plays and lines only: the job's work list (stats_pending_enterprises) must see them without visits
    const late = await send(20, 9, 'B', false);
    const before = await answers();
    const mine = own();
    expect((before.ad as { summary: unknown }).summary).toEqual(mine.plays);
    expect((before.sale as { summary: unknown }).summary).toEqual(mine.sales);
    // the same lines again (a replay): nothing added
    expect(
      (await post<{ duplicates: number }>(t, 'sale/report', { lines: lines.slice(-20) }, f.sup)).body.result.duplicates,
    ).toBe(20);
    expect(await rollupAll(t.db, 0)).toBe(late);
    expect(await rollupAll(t.db, 0)).toBe(0);
    expect(await answers()).toEqual(before);
  });

  it('a rebuild from the raw rows gives the same answers, even over damaged rollups', async () => {
    const before = await answers();
    await t.db.admin.query('update play_rollup_daily set plays = plays * 2 where enterprise_id = $1', [
      f.ent.companyId,
    ]);
    await t.db.admin.query('update sale_rollup_daily set amount = amount + 1 where enterprise_id = $1', [
      f.ent.companyId,
    ]);
    expect(await answers()).not.toEqual(before);
    const rebuilt = await t.db.tx({ enterpriseId: f.ent.companyId }, (q) => rebuildEnterprise(q, f.ent.companyId));
    expect(rebuilt).toBe(plays.length + lines.length + visitCount);
    expect(await answers()).toEqual(before);
  });
});
