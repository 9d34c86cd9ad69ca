import type { FastifyInstance } from 'fastify';
import { api, message, saleLine, type Lang, type ResultOf, type SaleLine } from '@vitrine/contract';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { localDay } from '../../lib/local-time.js';
import { markRepeated, readImport, type Column } from '../../lib/sheet.js';
import type { TenantCtx } from '../../plugins/context.js';
import { templateRoute } from '../import-template.js';
import { AHEAD_SECONDS, resolveLines, storeLines } from './report.js';
import type { Row as DbRow } from '../../db/schema/index.js';

// Importing sales lines (issue 11 §2, API.md sale/import). Each row is read alone (time in the
// enterprise's time zone or unix seconds, amount in yuan, line ids unique in the file), then its
// codes are judged by sale/report's own resolveLines; a line id stored before is "same". The commit
// stores the "create" rows through sale/report's storeLines: once per line id, whoever sent it.

type Key = 'lineId' | 'time' | 'shopCode' | 'productCode' | 'employeeCode' | 'quantity' | 'amount';
/** The headers of the template; "Line" is the header of stats/export's sales CSV, which re-imports as it is. */
const COLUMNS: readonly Column<Key>[] = [
  { key: 'lineId', zh: '明细编号', en: 'Line id', alias: ['Line'] },
  { key: 'time', zh: '时间', en: 'Time' },
  { key: 'shopCode', zh: '门店编码', en: 'Shop code' },
  { key: 'productCode', zh: '商品编码', en: 'Product code' },
  { key: 'employeeCode', zh: '员工编码', en: 'Employee code' },
  { key: 'quantity', zh: '数量', en: 'Quantity' },
  { key: 'amount', zh: '金额（元）', en: 'Amount (yuan)' },
];
const REQUIRED: Key[] = ['lineId', 'time', 'shopCode', 'productCode', 'quantity', 'amount'];

type Result = ResultOf<typeof api.sale.import>;
type Row = Result['rows'][number] & { sale?: SaleLine };
type Errors = Row['errors'];

const WALL_CLOCK = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/;

/** Unix seconds of a cell: digits are unix seconds, YYYY-MM-DD HH:mm[:ss] a wall-clock time in `tz`; null when neither. */
export function readTime(cell: string, tz: string): number | null {
  if (/^\d{9,10}$/.test(cell)) return Number(cell);
  const m = WALL_CLOCK.exec(cell);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(wall);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  // the zone's offset at a moment: its local wall clock there minus the moment; twice, for a change of offset in between
  const offset = (at: number) => {
    const local = localDay(tz, new Date(at));
    return Date.parse(`${local.day}T00:00:00Z`) + (86400 - local.secondsToMidnight) * 1000 - at;
  };
  const first = wall - offset(wall);
  return (wall - offset(first)) / 1000;
}

/** Fen of a cell in yuan (¥ and thousands separators allowed, at most 2 decimals); null when not an amount. */
function readAmount(cell: string): number | null {
  const s = cell.replace(/[¥￥,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(s)) return null;
  const fen = Number(s) * 100;
  return Math.abs(fen - Math.round(fen)) < 1e-6 && fen <= 10_000_000_000 ? Math.round(fen) : null;
}

/** One row's cells read into a sales line, or the errors of its fields in the caller's language. */
function readRow(
  cells: Record<Key, string>,
  tz: string,
  lang: Lang,
  nowSec: number,
): { sale?: SaleLine; errors: Errors } {
  const errors: Errors = [];
  const err = (field: string, key: string) => errors.push({ field, message: message(key, lang) });
  const time = readTime(cells.time, tz);
  if (time === null) err('time', 'saleImport.time');
  else if (time > nowSec + AHEAD_SECONDS) err('time', 'sale.future');
  const quantity = /^\d+$/.test(cells.quantity) ? Number(cells.quantity) : NaN;
  if (!(quantity >= 1 && quantity <= 100_000)) err('quantity', 'saleImport.quantity');
  const amount = readAmount(cells.amount);
  if (amount === null) err('amount', 'saleImport.amount');
  const parsed = saleLine.safeParse({
    lineId: cells.lineId,
    time: time ?? 0,
    shopCode: cells.shopCode,
    productCode: cells.productCode,
    employeeCode: cells.employeeCode || undefined,
    quantity,
    amount: amount ?? 0,
  });
  if (!parsed.success) {
    for (const i of parsed.error.issues) {
      const field = String(i.path[0] ?? '_');
      if (!errors.some((e) => e.field === field)) err(field, i.message.includes(' ') ? 'field.invalid' : i.message);
    }
  }
  return errors.length || !parsed.success ? { errors } : { sale: parsed.data, errors };
}

export async function importSales(
  deps: Deps,
  ctx: TenantCtx,
  input: { name: string; file: string; mode: 'preview' | 'commit' },
  now = new Date(),
): Promise<Result> {
  const read = await readImport(input.file, COLUMNS, REQUIRED, 'saleImport.noHeader');
  return tenantTx(deps.db, ctx, async (q) => {
    const [{ tz }] = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [
      ctx.enterprise.id,
    ]);
    const rows: Row[] = read.map(({ line, cells }) => {
      const { sale, errors } = readRow(cells, tz, ctx.lang, now.getTime() / 1000);
      return { line, ...cells, action: errors.length ? 'error' : 'create', errors, sale };
    });
    markRepeated(rows, (r) => r.lineId, { field: 'lineId', message: message('saleImport.duplicate', ctx.lang) });
    const byId = new Map(rows.flatMap((r) => (r.action === 'create' ? [[r.lineId, r] as const] : [])));
    // the codes, judged as sale/report judges them
    const { rows: resolved, refused } = await resolveLines(
      q,
      ctx,
      [...byId.values()].map((r) => r.sale!),
    );
    for (const { line, reason, field } of refused) {
      const row = byId.get(line.lineId)!;
      row.action = 'error';
      row.errors.push({ field, message: message(reason, ctx.lang) });
    }
    const stored = new Set(
      (
        await q.query<DbRow<'sale_lines', 'line_id'>>(
          'select line_id from sale_lines where enterprise_id = $1 and line_id = any($2::text[])',
          [ctx.enterprise.id, resolved.map((r) => r.line)],
        )
      ).map((r) => r.line_id),
    );
    for (const id of stored) byId.get(id)!.action = 'same';
    const creates = resolved.filter((r) => !stored.has(r.line));
    const written = input.mode === 'commit' ? (await storeLines(q, ctx, creates)).length : 0;
    const counts = { create: 0, same: 0, error: 0 };
    for (const r of rows) counts[r.action]++;
    return { rows: rows.map(({ sale: _sale, ...r }) => r), counts, written };
  });
}

/** GET sale/import-template: the headers in both languages, an example row, a note. */
export const saleTemplateRoute = (app: FastifyInstance, deps: Deps) =>
  templateRoute(app, deps, api.sale.importTemplate, {
    tag: 'sale',
    file: 'vitrine-sales-template.xlsx',
    sheet: { zh: '销售明细', en: 'Sales lines' },
    columns: COLUMNS,
    note: 'saleImport.example',
    example: ['POS1-20260310-0001', '2026-03-10 14:30', 'SH001', 'TEA-001', '13800000000', 2, '136.00'],
  });
