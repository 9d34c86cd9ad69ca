import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRange, makeShop, makeUser, tenantHeaders } from '../../../test/factories.js';
import { approved, makeFleet, type Fleet } from '../../../test/devices.js';
import { parseCsv, readSheet } from '../../lib/sheet.js';
import { readTime } from './import.js';

// Importing sales lines (issue 11 §2): per-row errors of each kind in the caller's language, a commit
// through sale/report's code, a re-import that adds nothing, the caller's data range, CSV and XLSX
// alike, the template filled in.

const t = useTestApp();
type Row = { line: number; lineId: string; action: string; errors: { field: string; message: string }[] };
type Result = { rows: Row[]; counts: Record<string, number>; written: number };
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');
const HEADER = '明细编号,时间,门店编码,商品编码,员工编码,数量,金额（元）';
const shopCode = async (id: number) =>
  (await t.db.admin.query<{ code: string }>('select code from shops where id = $1', [id]))[0].code;
const stored = async (f: Fleet) =>
  (
    await t.db.admin.query<{ n: number; amount: number }>(
      'select count(*)::int as n, coalesce(sum(amount), 0)::float8 as amount from sale_lines where enterprise_id = $1',
      [f.ent.companyId],
    )
  )[0];

async function run(
  f: Fleet | Record<string, string>,
  file: string | Buffer,
  mode: 'preview' | 'commit' = 'preview',
  lang = 'zh-CN',
) {
  const headers = 'sup' in f ? (f as Fleet).sup : (f as Record<string, string>);
  const res = await post<Result>(
    t,
    'sale/import',
    { name: 's.csv', file: b64(file), mode },
    { ...headers, 'accept-language': lang },
  );
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  return res.body.result;
}
const errorsOf = (r: Result) =>
  Object.fromEntries(r.rows.map((x) => [x.lineId || x.line, x.errors.map((e) => `${e.field}: ${e.message}`)]));

async function shopWithProducts() {
  const f = await makeFleet(t);
  await approved(t, f, 'commodity', { name: '绿茶', code: 'G1', price: 500 });
  await approved(t, f, 'employee', { name: '小李', phone: '13700000001', gender: 1, shopId: f.shop });
  return { f, south: await shopCode(f.shop) };
}

describe('sales import', () => {
  it('reads wall-clock times in the time zone and unix seconds', () => {
    expect(readTime('2026-03-10 10:30', 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 10, 2, 30) / 1000);
    expect(readTime('2026/3/10 10:30:15', 'Asia/Shanghai')).toBe(Date.UTC(2026, 2, 10, 2, 30, 15) / 1000);
    // New York is UTC-4 after its change of offset on 8 March 2026, UTC-5 before
    expect(readTime('2026-03-10 10:30', 'America/New_York')).toBe(Date.UTC(2026, 2, 10, 14, 30) / 1000);
    expect(readTime('2026-03-01 10:30', 'America/New_York')).toBe(Date.UTC(2026, 2, 1, 15, 30) / 1000);
    expect(readTime('1773109800', 'Asia/Shanghai')).toBe(1773109800);
    for (const bad of ['2026-02-30 10:00', '2026-03-10 25:00', '2026-03-10', 'yesterday', ''])
      expect(readTime(bad, 'Asia/Shanghai')).toBeNull();
  });

  it('previews each kind of bad row, commits the good ones once, and a re-import adds nothing', async () => {
    const { f, south } = await shopWithProducts();
    const other = await makeFleet(t); // its shop code is not ours
    const theirs = await shopCode(other.shop);
    const csv = [
      HEADER,
      `L1,2026-03-10 10:30,${south},G1,13700000001,2,10.50`,
      `L2,1773109800,${south},G1,,1,"1,200.00"`,
      `X1,2026-03-10 10:30,NOPE,G1,,1,5`,
      `X2,2026-03-10 10:30,${theirs},G1,,1,5`,
      `X3,2026-03-10 10:30,${south},NOPE,,1,5`,
      `X4,2026-03-10 10:30,${south},G1,13999999999,1,5`,
      `X5,2026-03-10 10:30,${south},G1,,1,-5`,
      `X6,2026-03-10 10:30,${south},G1,,1,5.005`,
      `X7,2026-13-10 10:30,${south},G1,,1,5`,
      `X8,2099-01-01 00:00,${south},G1,,1,5`,
      `X9,2026-03-10 10:30,${south},G1,,0,5`,
      `D1,2026-03-10 10:30,${south},G1,,1,5`,
      `D1,2026-03-10 11:30,${south},G1,,1,6`,
      `,2026-03-10 10:30,${south},G1,,1,5`,
    ].join('\r\n');
    const before = await stored(f);
    const preview = await run(f, csv);
    expect(preview.counts).toEqual({ create: 2, same: 0, error: 12 });
    expect(preview.rows.map((r) => r.action).slice(0, 3)).toEqual(['create', 'create', 'error']);
    expect(errorsOf(preview)).toEqual({
      L1: [],
      L2: [],
      X1: ['shopCode: 门店编码不存在或不在您的数据范围内'],
      X2: ['shopCode: 门店编码不存在或不在您的数据范围内'],
      X3: ['productCode: 商品编码不存在或商品未启用'],
      X4: ['employeeCode: 该门店没有这个员工'],
      X5: ['amount: 金额须为不小于0的数字（元），最多两位小数'],
      X6: ['amount: 金额须为不小于0的数字（元），最多两位小数'],
      X7: ['time: 时间应为 YYYY-MM-DD HH:mm[:ss]（企业所在时区）或 Unix 秒数'],
      X8: ['time: 销售时间晚于当前时间'],
      X9: ['quantity: 数量须为1到100000之间的整数'],
      D1: ['lineId: 文件中明细编号重复'],
      15: ['lineId: 此项不能为空'],
    });
    expect(preview.rows.filter((r) => r.lineId === 'D1')).toHaveLength(2);
    expect(errorsOf(await run(f, csv, 'preview', 'en-US')).X5).toEqual([
      'amount: The amount must be a number of yuan, 0 or more, with at most 2 decimals',
    ]);
    expect(await stored(f)).toEqual(before); // a preview writes nothing

    const commit = await run(f, csv, 'commit');
    expect([commit.written, commit.counts.create]).toEqual([2, 2]);
    expect(await stored(f)).toEqual({ n: 2, amount: 121050 });
    const sale = async () =>
      (
        await post<{ summary: { amount: number; orders: number } }>(
          t,
          'stats/sale',
          { from: '2026-03-10', to: '2026-03-10' },
          f.sup,
        )
      ).body.result.summary;
    expect(await sale()).toMatchObject({ amount: 121050, orders: 2 });
    // L1 at 10:30 Shanghai time is on the 10th in the enterprise's day and hour
    const [l1] = await t.db.admin.query<{ local_day: string; local_hour: number; employee_id: number | null }>(
      `select local_day::text, local_hour, employee_id from sale_lines where enterprise_id = $1 and line_id = 'L1'`,
      [f.ent.companyId],
    );
    expect([l1.local_day, l1.local_hour, l1.employee_id !== null]).toEqual(['2026-03-10', 10, true]);

    // the same file again, and the same lines through sale/report: nothing more
    const again = await run(f, csv, 'commit');
    expect([again.counts.create, again.counts.same, again.written]).toEqual([0, 2, 0]);
    const report = await post<{ accepted: number; duplicates: number }>(
      t,
      'sale/report',
      { lines: [{ lineId: 'L1', time: 1773109800, shopCode: south, productCode: 'G1', quantity: 9, amount: 1 }] },
      f.sup,
    );
    expect([report.body.result.accepted, report.body.result.duplicates]).toEqual([0, 1]);
    expect(await stored(f)).toEqual({ n: 2, amount: 121050 });
    expect(await sale()).toMatchObject({ amount: 121050, orders: 2 });
    // lines reported first are "same" in a file
    await post(
      t,
      'sale/report',
      { lines: [{ lineId: 'R1', time: 1773109800, shopCode: south, productCode: 'G1', quantity: 1, amount: 100 }] },
      f.sup,
    );
    expect((await run(f, `${HEADER}\nR1,1773109800,${south},G1,,1,1.00`)).rows[0].action).toBe('same');
  });

  it("refuses, row by row, a shop outside a store manager's range (as an unknown one: a range does not reveal other shops)", async () => {
    const { f, south } = await shopWithProducts();
    const north = await shopCode(await makeShop(t, f.ent, { district: '110101', province: '11', city: '1101' }, f.rev));
    const u = await makeUser(t);
    const manager = tenantHeaders(u, f.ent, await addMemberWithRange(t, f.ent, u, 2, { a: ['110101'] }));
    const csv = [HEADER, `M1,2026-03-10 10:30,${south},G1,,1,5`, `M2,2026-03-10 10:30,${north},G1,,1,5`].join('\n');
    const r = await run(manager, csv, 'commit', 'en-US');
    expect(errorsOf(r)).toEqual({ M1: ['shopCode: No shop with this code in your data range'], M2: [] });
    expect([r.written, (await stored(f)).n]).toEqual([1, 1]);
    // without the create bit of /data/count, no import
    const viewer = await makeUser(t);
    const reader = tenantHeaders(viewer, f.ent, await addMemberWithRange(t, f.ent, viewer, 1, {}));
    expect((await post(t, 'sale/import', { name: 's.csv', file: b64(csv) }, reader)).body.ret).toBe(RET.forbidden);
  });

  it('reads an XLSX (dates, numbers) as the same rows as its CSV; the template filled in has no errors', async () => {
    const { f, south } = await shopWithProducts();
    const csv = [
      HEADER,
      `A1,2026-03-10 10:30:00,${south},G1,13700000001,2,10.5`,
      `A2,1773109800,${south},G1,,1,3`,
    ].join('\n');
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('销售');
    ws.addRow(HEADER.split(','));
    // a date cell (wall clock, no zone) and numeric cells, as a spreadsheet program saves them
    ws.addRow(['A1', new Date(Date.UTC(2026, 2, 10, 10, 30)), south, 'G1', '13700000001', 2, 10.5]);
    ws.addRow(['A2', 1773109800, south, 'G1', null, 1, 3]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await readSheet(xlsx))?.[1]).toEqual(parseCsv(csv)[1]);
    const [fromCsv, fromXlsx] = [await run(f, csv), await run(f, xlsx)];
    expect(fromXlsx).toEqual(fromCsv);
    expect(fromCsv.counts).toEqual({ create: 2, same: 0, error: 0 });

    for (const [lang, first] of [
      ['zh-CN', '明细编号 (Line id)'],
      ['en-US', 'Line id (明细编号)'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/sale/import-template',
        headers: { ...f.sup, 'accept-language': lang },
      });
      expect(res.headers['content-type']).toMatch(/spreadsheetml/);
      const rows = (await readSheet(res.rawPayload))!;
      expect(rows[0][0]).toBe(first);
      expect(rows).toHaveLength(2); // the note is on a sheet of its own
      // fill in the example row with this enterprise's codes
      const filled = new ExcelJS.Workbook();
      await filled.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const row = filled.worksheets[0].getRow(2);
      row.getCell(3).value = south;
      row.getCell(4).value = 'G1';
      row.getCell(5).value = '13700000001';
      const preview = await run(f, Buffer.from(await filled.xlsx.writeBuffer()));
      expect(preview.rows.map((r) => [r.action, r.errors])).toEqual([['create', []]]);
    }
    // stats/export's CSV of the imported lines imports back as they are
    await run(f, csv, 'commit');
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/stats/export?kind=sales&from=2026-03-10&to=2026-03-10',
      headers: f.sup,
    });
    expect((await run(f, exported.body)).counts).toEqual({ create: 0, same: 2, error: 0 });
  });

  it('refuses files that are not a sales sheet', async () => {
    const { f } = await shopWithProducts();
    const ret = async (file: string | Buffer) =>
      (await post(t, 'sale/import', { name: 'x', file: b64(file) }, f.sup)).body.ret;
    expect(await ret(Buffer.from([0, 1, 2, 0, 255]))).toBe(RET.validation);
    expect(await ret('名称,编码\nA,B')).toBe(RET.validation);
    expect(await ret('a'.repeat(600 * 1024))).toBe(RET.validation);
    const many = [HEADER, ...Array.from({ length: 2001 }, (_, i) => `B${i},1773109800,S,G1,,1,1`)].join('\n');
    expect(await ret(many)).toBe(RET.validation);
  });
});
