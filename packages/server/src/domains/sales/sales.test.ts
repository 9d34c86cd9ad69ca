import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRange, makeShop, makeUser, tenantHeaders } from '../../../test/factories.js';
import { approved, makeFleet } from '../../../test/devices.js';
import { csvCell } from './export.js';

// Sales lines from a point-of-sale system (issue 11 §2): each line judged alone, stored once per
// line id; stats/sale equals an independent sum of the test's own lines, cut to the caller's range.

const t = useTestApp();
type Report = {
  accepted: number;
  duplicates: number;
  rejected: { lineId: string; reason: string; message: string; field?: string }[];
};
type Figures = { amount: number; quantity: number; orders: number };
type SaleStats = {
  summary: Figures;
  previous: Figures;
  series: (Figures & { t: string })[];
  byShop: (Figures & { shopId: number; visits: number; per100: number })[];
  byEmployee: (Figures & { name: string })[];
  byProduct: (Figures & { code: string })[];
};

const code = async (id: number) =>
  (await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [id]))[0].code;
// 2026-03-10 10:30 in Shanghai (UTC+8) and the days around it
const at = (day: number, hour: number) => Date.UTC(2026, 2, day, hour - 8, 30) / 1000;

describe('sales', () => {
  it('stores each line once, refuses bad ones alone, and stats/sale adds up to the lines', async () => {
    const f = await makeFleet(t);
    const other = await makeShop(t, f.ent, { district: '110101', province: '11', city: '1101' }, f.rev);
    const [south, north] = [await code(f.shop), await code(other)];
    await approved(t, f, 'commodity', { name: '绿茶', code: 'G1', price: 500 });
    await approved(t, f, 'commodity', { name: '红茶', code: 'B1', price: 800 });
    await approved(t, f, 'employee', { name: '小李', phone: '13700000001', gender: 1, shopId: f.shop });
    const line = (lineId: string, over: Record<string, unknown> = {}) => ({
      lineId,
      time: at(10, 10),
      shopCode: south,
      productCode: 'G1',
      quantity: 1,
      amount: 500,
      ...over,
    });
    const lines = [
      line('L1', { employeeCode: '13700000001' }),
      line('L2', { quantity: 3, amount: 1500, time: at(10, 21) }),
      line('L3', { productCode: 'B1', amount: 800, time: at(11, 9) }),
      line('L4', { shopCode: north, productCode: 'B1', quantity: 2, amount: 1600 }),
      line('L0', { time: at(5, 12), amount: 999 }), // the period before
    ];
    const bad = [
      line('X1', { shopCode: 'NOPE' }),
      line('X2', { productCode: 'NOPE' }),
      line('X3', { amount: -1 }),
      line('X4', { employeeCode: '13999999999' }),
      { lineId: 'X5' },
      line('X6', { time: Date.now() / 1000 + 3600 }),
    ];
    const first = await post<Report>(t, 'sale/report', { lines: [...lines, ...bad, lines[0]] }, f.sup);
    expect(first.body.ret, JSON.stringify(first.body)).toBe(0);
    expect([first.body.result.accepted, first.body.result.duplicates]).toEqual([5, 1]);
    expect(first.body.result.rejected.map((r) => [r.lineId, r.reason])).toEqual([
      ['X3', 'sale.invalid'],
      ['X5', 'sale.invalid'],
      ['X6', 'sale.future'],
      ['X1', 'sale.shopUnknown'],
      ['X2', 'sale.productUnknown'],
      ['X4', 'sale.employeeUnknown'],
    ]);
    expect(first.body.result.rejected.find((r) => r.lineId === 'X1')?.message).toBe(
      '门店编码不存在或不在您的数据范围内',
    );
    const replay = await post<Report>(t, 'sale/report', { lines }, { ...f.sup, 'accept-language': 'en-US' });
    expect([replay.body.result.accepted, replay.body.result.duplicates, replay.body.result.rejected]).toEqual([
      0,
      5,
      [],
    ]);

    const stats = (await post<SaleStats>(t, 'stats/sale', { from: '2026-03-10', to: '2026-03-14' }, f.sup)).body.result;
    const sum = (ls: Record<string, unknown>[]) => ({
      amount: ls.reduce((s, l) => s + Number(l.amount), 0),
      quantity: ls.reduce((s, l) => s + Number(l.quantity), 0),
      orders: ls.length,
    });
    const current = lines.filter((l) => l.lineId !== 'L0');
    expect(stats.summary).toEqual(sum(current));
    expect(stats.previous).toEqual(sum([lines[4]]));
    expect(stats.series).toEqual([
      { t: '2026-03-10', ...sum(current.filter((l) => ['L1', 'L2', 'L4'].includes(l.lineId))) },
      { t: '2026-03-11', ...sum([lines[2]]) },
    ]);
    expect(stats.byShop.map((s) => [s.shopId, s.amount])).toEqual([
      [f.shop, 2800],
      [other, 1600],
    ]);
    expect(stats.byProduct.map((p) => [p.code, p.quantity])).toEqual([
      ['B1', 3],
      ['G1', 4],
    ]);
    expect(stats.byEmployee.map((e) => [e.name, e.amount])).toEqual([['小李', 500]]);
    type Top = { list: { rank: number; id: number; value: number }[] };
    const top = async (kind: string, n?: number) =>
      (await post<Top>(t, 'stats/top', { from: '2026-03-10', to: '2026-03-14', kind, n }, f.sup)).body.result.list;
    expect(await top('shops-by-sales')).toEqual([
      { rank: 1, id: f.shop, name: expect.any(String), value: 2800 },
      { rank: 2, id: other, name: expect.any(String), value: 1600 },
    ]);
    expect((await top('products-by-sales', 1)).map((x) => x.value)).toEqual([2400]);
    expect((await top('employees-by-sales')).map((x) => x.value)).toEqual([500]);
    expect(await top('shops-by-visits')).toEqual([]); // no screen reported visitors here
    const hours = (
      await post<SaleStats>(t, 'stats/sale', { from: '2026-03-10', to: '2026-03-10', group: 'hour' }, f.sup)
    ).body.result.series;
    expect(hours.map((h) => h.t)).toEqual(['2026-03-10 10:00', '2026-03-10 21:00']);

    // a manager of the north district sees and reports only the north shop
    const u = await makeUser(t);
    const manager = tenantHeaders(u, f.ent, await addMemberWithRange(t, f.ent, u, 2, { a: ['110101'] }));
    const mine = (await post<SaleStats>(t, 'stats/sale', { from: '2026-03-10', to: '2026-03-14' }, manager)).body
      .result;
    expect(mine.summary).toEqual(sum([lines[3]]));
    const cross = await post<Report>(t, 'sale/report', { lines: [line('M1')] }, manager);
    expect(cross.body.result.rejected.map((r) => r.reason)).toEqual(['sale.shopUnknown']);
    const listed = await post<{ total: number; list: { lineId: string }[] }>(
      t,
      'sale/list',
      { from: '2026-03-01', to: '2026-03-14' },
      manager,
    );
    expect(listed.body.result.list.map((l) => l.lineId)).toEqual(['L4']);

    // another enterprise's codes are not ours
    const g = await makeFleet(t);
    const theirs = await post<Report>(t, 'sale/report', { lines: [line('Z1')] }, g.sup);
    expect(theirs.body.result.rejected.map((r) => r.reason)).toEqual(['sale.shopUnknown']);
    expect(
      (await post(t, 'sale/report', { lines: Array.from({ length: 501 }, (_, i) => line(`B${i}`)) }, f.sup)).body.ret,
    ).toBe(RET.validation);
    // a day that does not exist is the client's mistake, not the database's
    for (const path of ['stats/sale', 'stats/pa'])
      expect((await post(t, path, { from: '2026-02-30', to: '2026-03-01' }, f.sup)).body.ret).toBe(RET.validation);
  });
});

describe('stats/export', () => {
  it('streams the lines as CSV with headers in the request language and formulas made text', async () => {
    const f = await makeFleet(t);
    const shopCode = await code(f.shop);
    await approved(t, f, 'commodity', { name: '=HYPERLINK("x")', code: 'F1', price: 100 });
    const lines = Array.from({ length: 2500 }, (_, i) => ({
      lineId: `E${i}`,
      time: at(10, 10) + i,
      shopCode,
      productCode: 'F1',
      quantity: 1,
      amount: 1050,
    }));
    for (let i = 0; i < lines.length; i += 500)
      expect(
        (await post<Report>(t, 'sale/report', { lines: lines.slice(i, i + 500) }, f.sup)).body.result.accepted,
      ).toBe(500);
    const get = async (lang: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/stats/export?kind=sales&from=2026-03-10&to=2026-03-10`,
        headers: { ...f.sup, 'accept-language': lang },
      });
    const zh = await get('zh-CN');
    expect(zh.headers['content-type']).toMatch(/^text\/csv/);
    const rows = zh.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('时间,明细编号,门店编码,门店,商品编码,商品,员工,数量,金额（元）');
    expect(rows).toHaveLength(2501);
    expect(rows[1]).toContain(`,E0,${shopCode},`);
    // the product's name would run as a formula in a spreadsheet: it is text, quoted for its quotes
    expect(rows[1]).toContain(`,"'=HYPERLINK(""x"")",`);
    expect(rows[1].endsWith(',1,10.50')).toBe(true);
    const en = await get('en-US');
    expect(en.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Time,Line,Shop code,Shop,Product code,Product,Employee,Quantity,Amount (yuan)',
    );
    const visits = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=visits&from=2026-03-10&to=2026-03-10`,
      headers: f.sup,
    });
    expect(visits.body.replace(/^\uFEFF/, '').trim()).toBe('日期,门店编码,门店,客流人次');
    // another enterprise exports nothing of it
    const g = await makeFleet(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=sales&from=2026-03-10&to=2026-03-10`,
      headers: g.sup,
    });
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/stats/export?kind=nope&from=2026-03-10&to=2026-03-10`,
          headers: f.sup,
        })
      ).json().ret,
    ).toBe(RET.validation);
  });

  it('has the database write each cell exactly as csvCell would', async () => {
    const values = [
      'plain',
      '',
      '=1+2',
      '+86 138',
      '-12.50',
      '@SUM(A1)',
      '\tx',
      '\rx',
      'a,b',
      'say "hi"',
      'two\nlines',
      'cr\rin',
      '=a,"b"',
      '中文,逗号',
      "it's",
      'x=1',
      ' =lead space',
    ];
    const rows = await t.db.admin.query<{ c: string }>(
      'select csv_cell(v) as c from unnest($1::text[]) with ordinality as u(v, i) order by i',
      [values],
    );
    expect(rows.map((r) => r.c)).toEqual(values.map(csvCell));
    expect((await t.db.admin.query<{ c: string }>('select csv_cell(null) as c'))[0].c).toBe('');
  });
});
