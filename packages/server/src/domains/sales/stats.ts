import type { z } from 'zod';
import type { salesApi } from '@vitrine/contract';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { BUCKET, listPeriod, previousPeriod, salePeriodsSql, visitCountsSql } from '../stats/period.js';
import { localDay } from '../../lib/local-time.js';
import type { WithDays } from '../stats/days.js';
import { shopScopeSql } from '../stats/scope.js';
import { saleHoursSql } from '../../stats/streams.js';

// stats/sale: amount, quantity and orders (lines) of the filter's local days in the caller's shops,
// against the period just before (previousPeriod); by day (or hour, week, month), shop (with its visitors and sales
// per 100 visitors), employee and product. One statement over the daily sales rollups plus the raw
// tail (a series by hour: the hourly ones), docs/decisions/0119.

type Filter = WithDays<z.output<typeof salesApi.statsSale.body>>;
export type Figures = { amount: number; quantity: number; orders: number };

/** The figures summed over rows of saleLinesSql / saleHoursSql (orders: the lines). */
export const SUMS =
  'coalesce(sum(amount), 0)::float8 as amount, coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(lines), 0)::int as orders';
export const figures = (r: Partial<Figures> | null | undefined): Figures => ({
  amount: Number(r?.amount ?? 0),
  quantity: Number(r?.quantity ?? 0),
  orders: Number(r?.orders ?? 0),
});

export function saleStats(deps: Deps, ctx: TenantCtx, f: Filter) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const prev = await previousPeriod(q, scope.enterpriseId, f);
    const p = new Params([scope.enterpriseId, prev.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const from = p.add(f.from);
    const cur = `l.local_day >= ${from}::date`;
    // the daily rollups have no hour: a series by hour reads the hourly ones
    const series =
      f.group === 'hour' ? `(select * from (${saleHoursSql(from, '$3')}) l where l.shop_id in (${shops}))` : 'l';
    type R = {
      summary: Figures | null;
      previous: Figures | null;
      series: (Figures & { t: string })[];
      by_shop: (Figures & { shop_id: number; name: string; visits: number })[];
      by_employee: (Figures & { employee_id: number; name: string; shop_name: string })[];
      by_product: (Figures & { product_id: number; name: string; code: string })[];
    };
    const [r] = await q.query<R>(
      `with l as materialized (select * from (${salePeriodsSql(prev, { prevFrom: '$2', from, to: '$3' }, p.add)}) l where l.shop_id in (${shops})),
        visits as (
          select shop_id, sum(visits)::int as visits from (${visitCountsSql(from, '$3')}) v group by shop_id)
      select
        (select row_to_json(x) from (select ${SUMS} from l where ${cur}) x) as summary,
        (select row_to_json(x) from (select ${SUMS} from l where not (${cur})) x) as previous,
        (select coalesce(json_agg(x order by x.t), '[]') from (select ${BUCKET[f.group]} as t, ${SUMS} from ${series} l where ${cur} group by 1) x) as series,
        (select coalesce(json_agg(x order by x.amount desc, x.shop_id), '[]') from (
           select l.shop_id, s.name, ${SUMS}, coalesce(max(v.visits), 0)::int as visits from l join shops s on s.enterprise_id = $1 and s.id = l.shop_id
             left join visits v on v.shop_id = l.shop_id where ${cur} group by l.shop_id, s.name) x) as by_shop,
        (select coalesce(json_agg(x order by x.amount desc, x.employee_id), '[]') from (
           select l.employee_id, e.name, s.name as shop_name, ${SUMS} from l join employees e on e.enterprise_id = $1 and e.id = l.employee_id
             join shops s on s.enterprise_id = $1 and s.id = e.shop_id where ${cur} group by l.employee_id, e.name, s.name) x) as by_employee,
        (select coalesce(json_agg(x order by x.amount desc, x.product_id), '[]') from (
           select l.commodity_id as product_id, c.name, c.code, ${SUMS} from l join commodities c on c.enterprise_id = $1 and c.id = l.commodity_id
            where ${cur} group by l.commodity_id, c.name, c.code) x) as by_product`,
      p.values,
    );
    return {
      summary: figures(r.summary),
      previous: figures(r.previous),
      series: r.series.map((s) => ({ t: s.t, ...figures(s) })),
      byShop: r.by_shop.map((s) => ({
        shopId: s.shop_id,
        shopName: s.name,
        ...figures(s),
        visits: s.visits,
        per100: s.visits ? Math.round((s.orders * 1000) / s.visits) / 10 : 0,
      })),
      byEmployee: r.by_employee.map((e) => ({
        employeeId: e.employee_id,
        name: e.name,
        shopName: e.shop_name,
        ...figures(e),
      })),
      byProduct: r.by_product.map((x) => ({ productId: x.product_id, name: x.name, code: x.code, ...figures(x) })),
    };
  });
}

/**
 * sale/list: the lines of my shops, newest first, over a bounded period (issue 24 §1): the filter's
 * local days, the last 31 when it names none, never more than a statistic reads (checkPeriod).
 */
export async function listSales(
  deps: Deps,
  ctx: TenantCtx,
  input: { from?: string | number; to?: string; shopId?: number; pageNum: number; pageSize: number; offset?: number },
) {
  // a number `from` is the spec's offset paging (input.offset), a day the first day
  const f = { ...input, from: typeof input.from === 'string' ? input.from : undefined };
  if (f.from && f.to) listPeriod(f, f.to); // refused before any statement
  return tenantTx(deps.db, ctx, async (q, scope) => {
    let today = f.to ?? '';
    if (!f.from || !f.to) {
      const [{ tz }] = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [
        scope.enterpriseId,
      ]);
      today = localDay(tz, new Date()).day;
    }
    const period = listPeriod(f, today);
    const p = new Params([scope.enterpriseId]);
    const where = [
      `l.enterprise_id = $1`,
      `l.local_day between ${p.add(period.from)}::date and ${p.add(period.to)}::date`,
      `l.shop_id in (${shopScopeSql('$1', ctx.range, undefined, p.add)})`,
    ];
    if (f.shopId) where.push(`l.shop_id = ${p.add(f.shopId)}`);
    const cond = where.join(' and ');
    const [{ total }] = await q.query<{ total: number }>(
      `select count(*)::int as total from sale_lines l where ${cond}`,
      p.values,
    );
    const rows = await q.query<{
      id: string;
      line_id: string;
      time: number;
      shop_id: number;
      shop_name: string;
      product_id: number;
      product_name: string;
      employee_name: string | null;
      quantity: number;
      amount: string;
    }>(
      `select l.id, l.line_id, extract(epoch from l.sold_at)::int as time, l.shop_id, s.name as shop_name, l.commodity_id as product_id, c.name as product_name,
              e.name as employee_name, l.quantity, l.amount
         from sale_lines l join shops s on s.enterprise_id = l.enterprise_id and s.id = l.shop_id
         join commodities c on c.enterprise_id = l.enterprise_id and c.id = l.commodity_id
         left join employees e on e.enterprise_id = l.enterprise_id and e.id = l.employee_id
        where ${cond} order by l.sold_at desc, l.id desc limit ${p.add(f.pageSize)} offset ${p.add(f.offset ?? (f.pageNum - 1) * f.pageSize)}`,
      p.values,
    );
    return {
      total,
      pageNum: f.pageNum,
      pageSize: f.pageSize,
      list: rows.map((r) => ({
        id: Number(r.id),
        lineId: r.line_id,
        time: r.time,
        shopId: r.shop_id,
        shopName: r.shop_name,
        productId: r.product_id,
        productName: r.product_name,
        employeeName: r.employee_name ?? '',
        quantity: r.quantity,
        amount: Number(r.amount),
      })),
    };
  });
}
