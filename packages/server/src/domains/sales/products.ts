import type { z } from 'zod';
import type { salesApi } from '@vitrine/contract';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { previousPeriod, salePeriodsSql } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { playCountsSql } from '../../stats/streams.js';
import { figures, SUMS, type Figures } from './stats.js';
import type { WithDays } from '../stats/days.js';

// stats/pdt (products against the period before, shares, categories) and stats/comm (exposure
// conversion of the products product ads showed), each one statement over the sales and play
// rollups plus their raw tails (docs/decisions/0119) of the caller's shops.

type Filter = WithDays<z.output<typeof salesApi.statsPdt.body>>;
const share = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : 0);

export function productStats(deps: Deps, ctx: TenantCtx, f: Filter) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const prev = await previousPeriod(q, scope.enterpriseId, f);
    const p = new Params([scope.enterpriseId, prev.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const from = p.add(f.from);
    type Row = Figures & {
      product_id: number;
      name: string;
      code: string;
      category: string;
      p_amount: number;
      p_quantity: number;
      p_orders: number;
    };
    const rows = await q.query<Row>(
      `with l as (select * from (${salePeriodsSql(prev, { prevFrom: '$2', from, to: '$3' }, p.add)}) l where l.shop_id in (${shops}))
       select l.commodity_id as product_id, c.name, c.code, c.category,
              coalesce(sum(amount) filter (where local_day >= ${from}::date), 0)::float8 as amount,
              coalesce(sum(quantity) filter (where local_day >= ${from}::date), 0)::int as quantity,
              coalesce(sum(lines) filter (where local_day >= ${from}::date), 0)::int as orders,
              coalesce(sum(amount) filter (where local_day < ${from}::date), 0)::float8 as p_amount,
              coalesce(sum(quantity) filter (where local_day < ${from}::date), 0)::int as p_quantity,
              coalesce(sum(lines) filter (where local_day < ${from}::date), 0)::int as p_orders
         from l join commodities c on c.enterprise_id = $1 and c.id = l.commodity_id
        group by l.commodity_id, c.name, c.code, c.category
        order by 5 desc, 1`,
      p.values,
    );
    const total = rows.reduce((s, r) => s + Number(r.amount), 0);
    const summary = rows.reduce(
      (s, r) => ({
        amount: s.amount + Number(r.amount),
        quantity: s.quantity + r.quantity,
        orders: s.orders + r.orders,
      }),
      { amount: 0, quantity: 0, orders: 0 },
    );
    const cats = new Map<string, Figures>();
    for (const r of rows) {
      const c = cats.get(r.category) ?? { amount: 0, quantity: 0, orders: 0 };
      cats.set(r.category, {
        amount: c.amount + Number(r.amount),
        quantity: c.quantity + r.quantity,
        orders: c.orders + r.orders,
      });
    }
    return {
      summary: { ...summary, products: rows.filter((r) => r.orders > 0).length },
      byProduct: rows.map((r) => ({
        productId: r.product_id,
        name: r.name,
        code: r.code,
        category: r.category,
        ...figures(r),
        previous: figures({ amount: r.p_amount, quantity: r.p_quantity, orders: r.p_orders }),
        share: share(Number(r.amount), total),
      })),
      byCategory: [...cats]
        .map(([category, x]) => ({ category, ...x, share: share(x.amount, total) }))
        .sort((a, b) => b.amount - a.amount),
    };
  });
}

/**
 * Exposure: a product is exposed in a shop when a details or compare content naming it played
 * there during the period; its units and amount sold in those shops during the period are set
 * against the same number of days just before (up to the same time of day: previousPeriod).
 */
export function exposureStats(deps: Deps, ctx: TenantCtx, f: Filter) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const prev = await previousPeriod(q, scope.enterpriseId, f);
    const p = new Params([scope.enterpriseId, prev.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const from = p.add(f.from);
    type Row = { product_id: number; name: string; code: string; plays: number; shops: number; b: Figures; a: Figures };
    const rows = await q.query<Row>(
      `with shown as (
         select (jsonb_array_elements_text(c.commodity_ids))::int as product_id, pe.shop_id, sum(pe.plays)::int as plays
           from (${playCountsSql(from, '$3')}) pe join ad_contents c on c.enterprise_id = $1 and c.id = pe.content_id and c.ad_type in ('details', 'compare')
          where pe.shop_id in (${shops})
          group by 1, 2),
       sold as (
         select l.commodity_id as product_id, l.shop_id, (l.local_day >= ${from}::date) as after, ${SUMS}
           from (${salePeriodsSql(prev, { prevFrom: '$2', from, to: '$3' }, p.add)}) l where l.shop_id in (${shops})
          group by 1, 2, 3)
       select s.product_id, c.name, c.code, sum(s.plays)::int as plays, count(distinct s.shop_id)::int as shops,
              json_build_object('amount', coalesce(sum(b.amount), 0), 'quantity', coalesce(sum(b.quantity), 0), 'orders', coalesce(sum(b.orders), 0)) as b,
              json_build_object('amount', coalesce(sum(a.amount), 0), 'quantity', coalesce(sum(a.quantity), 0), 'orders', coalesce(sum(a.orders), 0)) as a
         from shown s join commodities c on c.enterprise_id = $1 and c.id = s.product_id
         left join sold b on b.product_id = s.product_id and b.shop_id = s.shop_id and not b.after
         left join sold a on a.product_id = s.product_id and a.shop_id = s.shop_id and a.after
        group by s.product_id, c.name, c.code
        order by 4 desc, 1`,
      p.values,
    );
    return {
      list: rows.map((r) => {
        const before = figures(r.b);
        const after = figures(r.a);
        return {
          productId: r.product_id,
          name: r.name,
          code: r.code,
          plays: r.plays,
          shops: r.shops,
          before,
          after,
          lift: before.quantity ? Math.round(((after.quantity - before.quantity) * 1000) / before.quantity) / 10 : null,
        };
      }),
    };
  });
}
