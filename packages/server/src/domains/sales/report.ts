import { message, saleLine, type Lang, type MessageKey, type SaleLine } from '@vitrine/contract';
import { tenantTx, type Tx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import type { TenantCtx } from '../../plugins/context.js';
import { shopScopeSql } from '../stats/scope.js';
import { Params } from '../../lifecycle/sql.js';
import type { Row } from '../../db/schema/index.js';

// sale/report (API.md): a point-of-sale system's lines, each judged alone — malformed, an unknown
// shop (or one outside the caller's range), an unknown or not enabled product, an employee not of
// the shop, a time ahead of the clock — and stored once per line id (a replay adds nothing).

type Rejected = { lineId: string; reason: string; message: string; field?: string };
/** How far ahead of the clock a sale's time may be (clocks of tills drift). */
export const AHEAD_SECONDS = 300;

const idOf = (raw: unknown) => {
  const id = (raw as { lineId?: unknown } | null)?.lineId;
  return typeof id === 'string' ? id.slice(0, 64) : '';
};

/** Lines that parse, the first of each id; the rest rejected with a reason in the caller's language. */
function judge(raws: unknown[], lang: Lang, nowSec: number) {
  const valid: SaleLine[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  for (const raw of raws) {
    const parsed = saleLine.safeParse(raw);
    if (!parsed.success) {
      const field = parsed.error.issues[0].path.join('.') || '_';
      rejected.push({
        lineId: idOf(raw),
        reason: 'sale.invalid',
        message: `${field}: ${message('sale.invalid', lang)}`,
        field,
      });
    } else if (parsed.data.time > nowSec + AHEAD_SECONDS) {
      rejected.push({
        lineId: parsed.data.lineId,
        reason: 'sale.future',
        message: message('sale.future', lang),
        field: 'time',
      });
    } else if (seen.has(parsed.data.lineId)) repeated++;
    else {
      seen.add(parsed.data.lineId);
      valid.push(parsed.data);
    }
  }
  return { valid, rejected, repeated };
}

/** A line whose codes name this enterprise's shop, product and employee: what sale_lines stores. */
export type ResolvedLine = {
  line: string;
  shop: number;
  product: number;
  employee: number | null;
  quantity: number;
  amount: number;
  at: number;
};
export type Refusal = { line: SaleLine; reason: MessageKey; field: string };

/**
 * The codes of parsed lines against the enterprise: an unknown shop or one outside the caller's data
 * range, an unknown or not enabled product, an employee not of the shop are refused. sale/report and
 * sale/import judge their lines here alike.
 */
export async function resolveLines(
  q: Tx,
  ctx: TenantCtx,
  lines: SaleLine[],
): Promise<{ rows: ResolvedLine[]; refused: Refusal[] }> {
  const enterpriseId = ctx.enterprise.id;
  const p = new Params([enterpriseId]);
  // an unknown shop and one outside the caller's range get the same answer: a range does not reveal other shops
  const shopRows = await q.query<Row<'shops', 'id' | 'code'>>(
    `select s.id, s.code from shops s where s.enterprise_id = $1 and s.live_version is not null and s.deleted_at is null
        and s.code = any(${p.add([...new Set(lines.map((l) => l.shopCode))])}::text[]) and s.id in (${shopScopeSql('$1', ctx.range, undefined, p.add)})`,
    p.values,
  );
  const shops = new Map(shopRows.map((r) => [r.code, r.id]));
  const products = new Map(
    (
      await q.query<Row<'commodities', 'id' | 'code'>>(
        `select id, code from commodities where enterprise_id = $1 and live_version is not null and deleted_at is null and code = any($2::text[])`,
        [enterpriseId, [...new Set(lines.map((l) => l.productCode))]],
      )
    ).map((r) => [r.code, r.id]),
  );
  const staff = new Map(
    (
      await q.query<Row<'employees', 'id' | 'phone' | 'shop_id'>>(
        `select id, phone, shop_id from employees where enterprise_id = $1 and live_version is not null and deleted_at is null and phone = any($2::text[])`,
        [enterpriseId, [...new Set(lines.flatMap((l) => (l.employeeCode ? [l.employeeCode] : [])))]],
      )
    ).map((r) => [`${r.shop_id}:${r.phone}`, r.id]),
  );
  const rows: ResolvedLine[] = [];
  const refused: Refusal[] = [];
  for (const l of lines) {
    const shop = shops.get(l.shopCode);
    const product = products.get(l.productCode);
    const employee = l.employeeCode ? staff.get(`${shop}:${l.employeeCode}`) : undefined;
    if (shop === undefined) refused.push({ line: l, reason: 'sale.shopUnknown', field: 'shopCode' });
    else if (product === undefined) refused.push({ line: l, reason: 'sale.productUnknown', field: 'productCode' });
    else if (l.employeeCode && employee === undefined)
      refused.push({ line: l, reason: 'sale.employeeUnknown', field: 'employeeCode' });
    else
      rows.push({
        line: l.lineId,
        shop,
        product,
        employee: employee ?? null,
        quantity: l.quantity,
        amount: l.amount,
        at: l.time,
      });
  }
  return { rows, refused };
}

/** Stores resolved lines once per line id (a line id stored before adds nothing); answers the ids stored now. */
export async function storeLines(q: Tx, ctx: TenantCtx, rows: ResolvedLine[]): Promise<string[]> {
  if (!rows.length) return [];
  const inserted = await q.query<Row<'sale_lines', 'line_id'>>(
    `insert into sale_lines (enterprise_id, line_id, shop_id, commodity_id, employee_id, quantity, amount, sold_at, local_day, local_hour)
     select $1, x.line, x.shop, x.product, x.employee, x.quantity, x.amount, to_timestamp(x.at),
            (to_timestamp(x.at) at time zone e.time_zone)::date, extract(hour from to_timestamp(x.at) at time zone e.time_zone)::smallint
       from jsonb_to_recordset($2::jsonb) as x(line text, shop int, product int, employee int, quantity int, amount bigint, at float8)
       join enterprises e on e.id = $1
     on conflict (enterprise_id, line_id) do nothing returning line_id`,
    [ctx.enterprise.id, JSON.stringify(rows)],
  );
  if (inserted.length) q.changed({ id: 0, label: `${inserted.length}`, after: { lines: inserted.length } });
  return inserted.map((r) => r.line_id);
}

export async function reportSales(deps: Deps, ctx: TenantCtx, input: { lines: unknown[] }, now = new Date()) {
  const { valid, rejected, repeated } = judge(input.lines, ctx.lang, now.getTime() / 1000);
  return tenantTx(deps.db, ctx, async (q) => {
    if (!valid.length) return { accepted: 0, duplicates: repeated, rejected };
    const { rows, refused } = await resolveLines(q, ctx, valid);
    for (const r of refused)
      rejected.push({ lineId: r.line.lineId, reason: r.reason, message: message(r.reason, ctx.lang), field: r.field });
    const stored = await storeLines(q, ctx, rows);
    return { accepted: stored.length, duplicates: rows.length - stored.length + repeated, rejected };
  });
}
