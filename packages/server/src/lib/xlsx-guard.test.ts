import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_BYTES, RET } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { makeEnterprise, tenantHeaders } from '../../test/factories.js';
import { deflatedBomb, makeZip, type ZipEntry } from '../../test/zip.js';
import { AppError } from '../errors.js';
import { readSheet } from './sheet.js';
import { unpackGuarded } from './xlsx-guard.js';

// XLSX bombs (issue 24 §1): a 495 KB workbook holding a 480 MB shared string took the server from 0.5
// to 3.9 GB. Every file here is generated in the test. A bomb is refused — declared too large, or
// lying about its size — without the process's memory growing; a normal workbook still reads.

const t = useTestApp();

/** The parts of a small real workbook (exceljs wrote it), to rebuild with some part replaced. */
async function workbookParts(rows: string[][]): Promise<ZipEntry[]> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  for (const r of rows) ws.addRow(r);
  const parts = unpackGuarded(Buffer.from(await wb.xlsx.writeBuffer()))!;
  return parts.map((p) => ({ name: p.name, data: p.data }));
}

const HEADER = ['名称 (Name)', '编码 (Code)', '价格（元） (Price (yuan))'];
const SST_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>';
const SST_TAIL = '</t></si></sst>';

const bombs = new Map<number, ReturnType<typeof deflatedBomb>>();
/** A workbook whose shared string 0 is `mb` megabytes of 'A' (declaring `declared` bytes if given). */
async function sharedStringBomb(mb: number, declared?: number): Promise<Buffer> {
  const parts = await workbookParts([HEADER, ['绿茶', 'TEA-1', '5']]);
  const bomb = await (bombs.get(mb) ?? bombs.set(mb, deflatedBomb(SST_HEAD, mb, SST_TAIL)).get(mb)!);
  const others = parts.filter((p) => p.name !== 'xl/sharedStrings.xml');
  return makeZip([...others, { name: 'xl/sharedStrings.xml', ...bomb, declaredSize: declared }]);
}

const refusal = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  return err instanceof AppError ? { ret: err.ret, key: err.key } : { ret: 0, key: String(err) };
};

/** Heap and external memory grown while `fn` ran (after a collection when exposed). */
async function grownBy(fn: () => Promise<unknown>): Promise<number> {
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.external + m.arrayBuffers;
  };
  (globalThis as { gc?: () => void }).gc?.();
  const before = used();
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, used());
  }, 5);
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, used()) - before;
}

describe('XLSX bombs', () => {
  it('a normal workbook rebuilt by the test zip writer reads as exceljs wrote it', async () => {
    const parts = await workbookParts([HEADER, ['绿茶', 'TEA-1', '5'], ['红茶', 'TEA-2', '6.5']]);
    expect(await readSheet(makeZip(parts))).toEqual([HEADER, ['绿茶', 'TEA-1', '5'], ['红茶', 'TEA-2', '6.5']]);
  });

  it('a 480 MB shared string in a small file is refused by its declared size, memory flat', async () => {
    const file = await sharedStringBomb(480);
    expect(file.length).toBeLessThan(IMPORT_MAX_BYTES);
    let out: { ret: number; key: string } | undefined;
    const grown = await grownBy(async () => {
      out = await refusal(readSheet(file));
    });
    expect(grown).toBeLessThan(64 << 20);
    expect(out).toEqual({ ret: RET.tooLarge, key: 'import.unpacked' });
  });

  it('a part that lies about its size is refused when it inflates past what it declared', async () => {
    const file = await sharedStringBomb(480, 1000);
    let out: { ret: number; key: string } | undefined;
    const grown = await grownBy(async () => {
      out = await refusal(readSheet(file));
    });
    expect(grown).toBeLessThan(64 << 20);
    expect(out).toEqual({ ret: RET.tooLarge, key: 'import.unpacked' });
    // and one declaring more than it holds
    const parts = await workbookParts([HEADER]);
    const sheet = parts.find((p) => p.name.startsWith('xl/worksheets/'))!;
    expect(
      await refusal(
        readSheet(makeZip(parts.map((p) => (p === sheet ? { ...p, declaredSize: p.data!.length + 10 } : p)))),
      ),
    ).toEqual({ ret: RET.tooLarge, key: 'import.unpacked' });
  });

  it('rows past the limit are refused while counting, before exceljs builds them', async () => {
    const rows = Array.from({ length: 2100 }, (_, i) => [`茶${i}`, `T-${i}`, '1']);
    const file = makeZip(await workbookParts([HEADER, ...rows]));
    expect(await refusal(readSheet(file))).toEqual({ ret: RET.validation, key: 'import.tooMany' });
    expect((await readSheet(makeZip(await workbookParts([HEADER, ...rows.slice(0, 1999)]))))?.length).toBe(2000);
  });

  it('commodity/import answers 40013 for the bomb and writes nothing; a normal workbook still imports', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const bomb = await post(
      t,
      'commodity/import',
      { name: 'p.xlsx', file: (await sharedStringBomb(480)).toString('base64'), mode: 'commit' },
      h,
    );
    expect(bomb.status).toBe(413);
    expect([bomb.body.ret, bomb.body.msg]).toEqual([
      RET.tooLarge,
      '表格解压后过大（每部分不超过20MB，合计不超过40MB）',
    ]);
    expect((await post(t, 'commodity/my-list', {}, h)).body.result).toMatchObject({ total: 0 });
    const good = makeZip(await workbookParts([HEADER, ['绿茶', 'TEA-1', '5']]));
    const ok = await post<{ written: number }>(
      t,
      'commodity/import',
      { name: 'p.xlsx', file: good.toString('base64'), mode: 'commit' },
      h,
    );
    expect([ok.body.ret, ok.body.result.written]).toEqual([0, 1]);
  });
});
