import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { parseCsv, readSheet } from '../../lib/sheet.js';

// Importing products (issue 9 §2): the template, a preview with per-row errors in the caller's
// language, a commit of the good rows as drafts, a re-import that changes nothing, a changed row
// that becomes a new version, CSV and XLSX alike.

const t = useTestApp();
type Result = {
  rows: { line: number; code: string; action: string; errors: { field: string; message: string }[] }[];
  counts: Record<string, number>;
  written: number;
};
const b64 = (s: string | Buffer) => Buffer.from(s).toString('base64');

const CSV = [
  '名称 (Name),编码 (Code),品牌 (Brand),品类 (Category),价格（元） (Price (yuan)),单位 (Unit),卖点 (Selling points),规格 (Specifications)',
  '龙井绿茶,TEA-001,西湖,茶叶,68.00,罐,"明前采摘；清香回甘",产地:浙江杭州；净含量:250g',
  '"铁观音, 特级",TEA-002,安溪,茶叶,88,罐,,',
  ',TEA-003,,,,,,',
  '滇红,TEA-004,,,abc,,,',
  '普洱,TEA-002,,,10,,,',
  '白茶,TEA-005,,,12.5,,,等级',
].join('\r\n');

describe('products import', () => {
  it('parses CSV with quotes and both line breaks', () => {
    expect(parseCsv('\uFEFFa,"b,c",d\r\n"x""y",,z\n')).toEqual([
      ['a', 'b,c', 'd'],
      ['x"y', '', 'z'],
    ]);
  });

  it('previews per-row errors, commits the good rows once, and a changed row becomes a new version', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const run = async (file: string, mode: 'preview' | 'commit', lang = 'zh-CN') => {
      const res = await post<Result>(
        t,
        'commodity/import',
        { name: 'p.csv', file, mode },
        { ...h, 'accept-language': lang },
      );
      expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
      return res.body.result;
    };
    const preview = await run(b64(CSV), 'preview');
    expect(preview.rows.map((r) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(preview.rows[1].errors.map((e) => e.message)).toEqual(['文件中商品编码重复']);
    expect(preview.rows[2].errors[0].field).toBe('name');
    expect(preview.rows[3].errors).toEqual([{ field: 'price', message: '价格须为不小于0的金额（元）' }]);
    expect(preview.rows[5].errors[0].field).toBe('specs');
    expect((await run(b64(CSV), 'preview', 'en-US')).rows[3].errors[0].message).toBe(
      'The price must be an amount in yuan, 0 or more',
    );
    expect((await post(t, 'commodity/my-list', {}, h)).body.result).toMatchObject({ total: 0 });

    const good = CSV.split('\r\n').slice(0, 3).join('\r\n').replace('TEA-002', 'TEA-009');
    expect((await run(b64(good), 'commit')).written).toBe(2);
    const drafts = await post<{
      list: { code: string; price: number; specs: { name: string; value: string }[]; name: string }[];
    }>(t, 'commodity/my-list', {}, h);
    const tea = drafts.body.result.list.find((c) => c.code === 'TEA-001')!;
    expect([tea.price, tea.specs]).toEqual([
      6800,
      [
        { name: '产地', value: '浙江杭州' },
        { name: '净含量', value: '250g' },
      ],
    ]);
    expect(drafts.body.result.list.find((c) => c.code === 'TEA-009')?.name).toBe('铁观音, 特级');

    // the same file again: nothing changes
    const again = await run(b64(good), 'commit');
    expect([again.counts.same, again.written]).toEqual([2, 0]);
    // the same rows as XLSX read the same; a changed price is an update
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('商品');
    for (const row of parseCsv(good.replace('68.00', '72.00'))) ws.addRow(row);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await readSheet(xlsx))?.[1][1]).toBe('TEA-001');
    const changed = await run(b64(xlsx), 'commit');
    expect(changed.rows.map((r) => r.action)).toEqual(['update', 'same']);
    const versions = await post<{ list: unknown[] }>(
      t,
      'commodity/history',
      {
        id: (
          await t.db.admin.query<{ id: number }>(
            `select id from commodities where code = 'TEA-001' and enterprise_id = $1`,
            [ent.companyId],
          )
        )[0].id,
      },
      h,
    );
    expect(versions.body.result.list.length).toBeGreaterThanOrEqual(1);

    // another enterprise's codes do not collide; bad files are the client's mistake
    const other = await makeEnterprise(t);
    const oh = tenantHeaders(other.owner, other, other.ownerRole);
    expect(
      (await post<Result>(t, 'commodity/import', { name: 'p.csv', file: b64(good), mode: 'preview' }, oh)).body.result
        .counts.create,
    ).toBe(2);
    expect(
      (await post(t, 'commodity/import', { name: 'x.bin', file: b64(Buffer.from([0, 1, 2, 0, 255])) }, h)).body.ret,
    ).toBe(RET.validation);
    expect((await post(t, 'commodity/import', { name: 'x.csv', file: b64('foo,bar\n1,2') }, h)).body.ret).toBe(
      RET.validation,
    );
    expect(
      (await post(t, 'commodity/import', { name: 'big.csv', file: b64('a'.repeat(600 * 1024)) }, h)).body.ret,
    ).toBe(RET.validation);
    const u = await makeUser(t);
    expect(
      (
        await post(
          t,
          'commodity/import',
          { name: 'p.csv', file: b64(good) },
          tenantHeaders(u, ent, await addMemberWithRole(t, ent, u, 1)),
        )
      ).body.ret,
    ).toBe(RET.forbidden);
  });

  it('the template opens as a workbook with the headers and an example row', async () => {
    const ent = await makeEnterprise(t);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/commodity/import-template',
      headers: tenantHeaders(ent.owner, ent, ent.ownerRole),
    });
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const rows = await readSheet(res.rawPayload);
    expect(rows?.[0][0]).toBe('名称 (Name)');
    expect(rows?.[1][1]).toBe('TEA-001');
    // the English template imports as it is (its headers read English first)
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/commodity/import-template',
      headers: { ...tenantHeaders(ent.owner, ent, ent.ownerRole), 'accept-language': 'en-US' },
    });
    const preview = await post<Result>(
      t,
      'commodity/import',
      { name: 't.xlsx', file: en.rawPayload.toString('base64') },
      tenantHeaders(ent.owner, ent, ent.ownerRole),
    );
    expect(preview.body.result.rows.map((r) => [r.code, r.action])).toEqual([['TEA-001', 'create']]);
  });
});
