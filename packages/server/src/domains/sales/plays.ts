import type { z } from 'zod';
import type { salesApi } from '@vitrine/contract';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { BUCKET, hourWeightSql, previousPeriod } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { playCountsSql, playHoursSql } from '../../stats/streams.js';
import type { WithDays } from '../stats/days.js';

// stats/ad: the plays the screens reported (device API `plays`, the player and the simulator), in
// the caller's shops and the filter's local days, against the period just before (previousPeriod); by content, plan
// and shop. One statement over the daily play rollups plus the raw tail (a series by hour: the
// hourly ones), docs/decisions/0119.

type Filter = WithDays<z.output<typeof salesApi.statsAd.body>>;
type Figures = { plays: number; seconds: number; devices: number };

const SUMS =
  'coalesce(sum(plays), 0)::int as plays, coalesce(round(sum(duration_ms) / 1000.0), 0)::float8 as seconds, count(distinct device_id)::int as devices';
const figures = (r: Partial<Figures> | null | undefined): Figures => ({
  plays: Number(r?.plays ?? 0),
  seconds: Number(r?.seconds ?? 0),
  devices: Number(r?.devices ?? 0),
});

export function adStats(deps: Deps, ctx: TenantCtx, f: Filter) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const prev = await previousPeriod(q, scope.enterpriseId, f);
    const p = new Params([scope.enterpriseId, prev.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const device = f.DeviceType
      ? `and device_id in (select d.id from devices d where d.enterprise_id = $1 and d.type = ${p.add(f.DeviceType)})`
      : '';
    const from = p.add(f.from);
    const cur = `e.local_day >= ${from}::date`;
    // the daily rollups have no hour: a series by hour reads the hourly ones
    const series =
      f.group === 'hour'
        ? `(select * from (${playHoursSql(from, '$3')}) e where e.shop_id in (${shops}) ${device})`
        : 'e';
    // the previous period up to its cut: its last day from the hourly rollups, weighted
    let previous = `(select * from e where not (${cur}))`;
    if (prev.cut) {
      const day = p.add(prev.cut.day);
      previous = `(select device_id, plays::float8 as plays, duration_ms::float8 as duration_ms from e where e.local_day < ${day}::date
         union all
         select device_id, plays * w, duration_ms * w from (
           select h.*, ${hourWeightSql(prev.cut, p.add)} as w from (${playHoursSql(day, day)}) h where h.shop_id in (${shops}) ${device}) h
          where w > 0)`;
    }
    type R = {
      summary: Figures | null;
      previous: Figures | null;
      series: (Figures & { t: string })[];
      by_content: (Figures & { content_id: number; name: string; ad_type: string })[];
      by_plan: (Figures & { plan_id: number; name: string })[];
      by_shop: (Figures & { shop_id: number; name: string })[];
    };
    const [r] = await q.query<R>(
      `with e as materialized (select * from (${playCountsSql('$2', '$3')}) e where e.shop_id in (${shops}) ${device})
      select
        (select row_to_json(x) from (select ${SUMS} from e where ${cur}) x) as summary,
        (select row_to_json(x) from (select ${SUMS} from ${previous} e) x) as previous,
        (select coalesce(json_agg(x order by x.t), '[]') from (select ${BUCKET[f.group]} as t, ${SUMS} from ${series} e where ${cur} group by 1) x) as series,
        (select coalesce(json_agg(x order by x.plays desc, x.content_id), '[]') from (
           select e.content_id, c.name, c.ad_type, ${SUMS} from e join ad_contents c on c.enterprise_id = $1 and c.id = e.content_id
            where ${cur} group by 1, 2, 3) x) as by_content,
        (select coalesce(json_agg(x order by x.plays desc, x.plan_id), '[]') from (
           select e.plan_id, p.name, ${SUMS} from e join ad_plans p on p.enterprise_id = $1 and p.id = e.plan_id where ${cur} group by 1, 2) x) as by_plan,
        (select coalesce(json_agg(x order by x.plays desc, x.shop_id), '[]') from (
           select e.shop_id, s.name, ${SUMS} from e join shops s on s.enterprise_id = $1 and s.id = e.shop_id where ${cur} group by 1, 2) x) as by_shop`,
      p.values,
    );
    return {
      summary: figures(r.summary),
      previous: figures(r.previous),
      series: r.series.map((s) => ({ t: s.t, ...figures(s) })),
      byContent: r.by_content.map((c) => ({ contentId: c.content_id, name: c.name, adType: c.ad_type, ...figures(c) })),
      byPlan: r.by_plan.map((x) => ({ planId: x.plan_id, name: x.name, ...figures(x) })),
      byShop: r.by_shop.map((s) => ({ shopId: s.shop_id, shopName: s.name, ...figures(s) })),
    };
  });
}
