import type { FastifyInstance } from 'fastify';
import { api, commodityData, message, type Lang, type MessageKey } from '@vitrine/contract';
import type { Row as DbRow } from '../../db/schema/index.js';
import { tenantTx, type Tx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { updateRecord } from '../../lifecycle/actions.js';
import { bulkImport } from '../../lifecycle/bulk.js';
import type { TenantCtx } from '../../plugins/context.js';
import { COMMODITY } from '../../records/advert-entities.js';
import { markRepeated, readImport, type Column } from '../../lib/sheet.js';
import { templateRoute } from '../import-template.js';

// Importing products (issue 9 §2). Columns are recognised by their header in either language; each
// row is checked alone (the contract's commodity schema, codes unique in the file); against the
// enterprise a known code with the same data is "same" (a re-import changes nothing), with other
// data an "update" (a new draft version through the lifecycle), a new code a "create" (a draft).

type Key = 'name' | 'code' | 'brand' | 'category' | 'price' | 'unit' | 'sellingPoints' | 'specs';
const COLUMNS: readonly Column<Key>[] = [
  { key: 'name', zh: '名称', en: 'Name' },
  { key: 'code', zh: '编码', en: 'Code' },
  { key: 'brand', zh: '品牌', en: 'Brand' },
  { key: 'category', zh: '品类', en: 'Category' },
  { key: 'price', zh: '价格（元）', en: 'Price (yuan)' },
  { key: 'unit', zh: '单位', en: 'Unit' },
  { key: 'sellingPoints', zh: '卖点', en: 'Selling points' },
  { key: 'specs', zh: '规格', en: 'Specifications' },
];
const list = (s: string) =>
  s
    .split(/[;；\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

type Row = {
  line: number;
  code: string;
  name: string;
  action: 'create' | 'update' | 'same' | 'error';
  errors: { field: string; message: string }[];
  data?: Record<string, unknown>;
  id?: number;
};

function readRow(cells: Record<Key, string>, lang: Lang): { data?: Record<string, unknown>; errors: Row['errors'] } {
  const errors: Row['errors'] = [];
  const err = (field: string, key: MessageKey) => errors.push({ field, message: message(key, lang) });
  const yuan = cells.price.trim() === '' ? 0 : Number(cells.price.replace(/[¥,\s]/g, ''));
  if (!Number.isFinite(yuan) || yuan < 0 || yuan > 10_000_000) err('price', 'import.price');
  const specs = list(cells.specs).map((s) => {
    const at = s.search(/[:：]/);
    return at > 0 ? { name: s.slice(0, at).trim(), value: s.slice(at + 1).trim() } : null;
  });
  if (specs.some((s) => s === null)) err('specs', 'import.spec');
  if (errors.length) return { errors };
  const parsed = commodityData.safeParse({
    name: cells.name,
    code: cells.code,
    brand: cells.brand,
    category: cells.category,
    price: Math.round(yuan * 100),
    unit: cells.unit,
    sellingPoints: list(cells.sellingPoints),
    specs,
    images: [],
  });
  if (!parsed.success) {
    for (const i of parsed.error.issues.slice(0, 3))
      errors.push({
        field: String(i.path[0] ?? '_'),
        message: message(i.message.includes(' ') ? 'field.invalid' : i.message, lang),
      });
    return { errors };
  }
  return { data: parsed.data, errors };
}

const same = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  (['name', 'brand', 'category', 'price', 'unit', 'sellingPoints', 'specs'] as const).every(
    (k) => JSON.stringify(a[k]) === JSON.stringify(b[k]),
  );

async function judge(q: Tx, ctx: TenantCtx, read: { line: number; cells: Record<Key, string> }[]): Promise<Row[]> {
  const rows: Row[] = read.map(({ line, cells }) => {
    const { data, errors } = readRow(cells, ctx.lang);
    return { line, code: cells.code, name: cells.name, action: errors.length ? 'error' : 'create', errors, data };
  });
  markRepeated(rows, (r) => r.code, { field: 'code', message: message('import.duplicate', ctx.lang) });
  const codes = rows.filter((r) => r.action !== 'error').map((r) => r.code);
  const existing = new Map(
    (
      await q.query<DbRow<'commodities', 'id' | 'code'> & { data: Record<string, unknown> }>(
        `select t.id, t.code, v.data from commodities t
      join record_versions v on v.enterprise_id = t.enterprise_id and v.entity = 'commodity' and v.record_id = t.id and v.version = t.version
      where t.enterprise_id = $1 and t.deleted_at is null and t.code = any($2::text[])`,
        [ctx.enterprise.id, codes],
      )
    ).map((r) => [r.code, r]),
  );
  for (const r of rows) {
    const found = existing.get(r.code);
    if (r.action === 'error' || !found) continue;
    r.id = found.id;
    r.action = same(r.data!, found.data) ? 'same' : 'update';
    if (r.action === 'update') r.data = { ...r.data, images: found.data.images ?? [] };
  }
  return rows;
}

export async function importCommodities(
  deps: Deps,
  ctx: TenantCtx,
  input: { name: string; file: string; mode: 'preview' | 'commit' },
) {
  const read = await readImport(input.file, COLUMNS, ['name', 'code'], 'import.noHeader');
  return tenantTx(deps.db, ctx, async (q) => {
    const rows = await judge(q, ctx, read);
    let written = 0;
    if (input.mode === 'commit') {
      const creates = rows.filter((r) => r.action === 'create');
      written += (
        await bulkImport(
          q,
          COMMODITY,
          ctx,
          ctx,
          creates.map((r) => ({ data: r.data!, outcome: 'draft' as const })),
        )
      ).length;
      for (const r of rows.filter((x) => x.action === 'update')) {
        await updateRecord(q, COMMODITY, ctx, r.id!, r.data!);
        written++;
      }
      if (written) q.changed({ id: 0, label: input.name, after: { rows: written } });
    }
    const counts = { create: 0, update: 0, same: 0, error: 0 };
    for (const r of rows) counts[r.action]++;
    return {
      rows: rows.map(({ line, code, name, action, errors }) => ({ line, code, name, action, errors })),
      counts,
      written,
    };
  });
}

/** GET commodity/import-template: the headers in both languages and an example row. */
export const commodityTemplateRoute = (app: FastifyInstance, deps: Deps) =>
  templateRoute(app, deps, api.commodity.importTemplate, {
    tag: 'commodity',
    file: 'vitrine-products-template.xlsx',
    sheet: { zh: '商品', en: 'Products' },
    columns: COLUMNS,
    note: 'import.example',
    example: ['龙井绿茶', 'TEA-001', '西湖', '茶叶', '68.00', '罐', '明前采摘；清香回甘', '产地:浙江杭州；净含量:250g'],
  });
