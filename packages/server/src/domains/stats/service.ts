import { AGE_BUCKETS, statsApi, type PaResult, type VisitorColumns } from '@vitrine/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { VISIT_AGGREGATES } from '../../stats/rollup.js';
import { BUCKET, previousFrom } from './period.js';
import { shopScopeSql } from './scope.js';

type Filter = z.output<typeof statsApi.stats.pa.body>;
type Counts = { visits: number; male: number; female: number; unknown: number; age: number[]; act: number[]; dwell: number };

const SUMS = `sum(visits)::int as visits, sum(male)::int as male, sum(female)::int as female, sum(unknown)::int as unknown,
  sum(age0)::int as age0, sum(age1)::int as age1, sum(age2)::int as age2, sum(age3)::int as age3, sum(age4)::int as age4,
  sum(act0)::int as act0, sum(act1)::int as act1, sum(act2)::int as act2, sum(act3)::int as act3, sum(act4)::int as act4,
  coalesce(sum(dwell_ms), 0)::float8 as dwell`;

const ROLLUP_COLS = 'visits, male, female, unknown, age0, age1, age2, age3, age4, act0, act1, act2, act3, act4, dwell_ms';

type Row = Record<string, number | string | null>;

const counts = (r: Row | undefined): Counts => ({
  visits: Number(r?.visits ?? 0), male: Number(r?.male ?? 0), female: Number(r?.female ?? 0), unknown: Number(r?.unknown ?? 0),
  age: [0, 1, 2, 3, 4].map((i) => Number(r?.[`age${i}`] ?? 0)), act: [0, 1, 2, 3, 4].map((i) => Number(r?.[`act${i}`] ?? 0)),
  dwell: Number(r?.dwell ?? 0),
});

/** Shares in % with one decimal that add up to exactly 100 (largest remainder), or all 0 with no visits. */
export function shares(parts: number[]): number[] {
  const total = parts.reduce((s, x) => s + x, 0);
  if (total === 0) return parts.map(() => 0);
  const raw = parts.map((x) => (x * 1000) / total);
  const floor = raw.map(Math.floor);
  let left = 1000 - floor.reduce((s, x) => s + x, 0);
  const order = raw.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) if (left-- > 0) floor[i]++;
  return floor.map((x) => x / 10);
}

/** The spec's visitor columns from counts. */
export function columns(c: Counts): VisitorColumns {
  const [female, male, unknown] = shares([c.female, c.male, c.unknown]);
  const out: Record<string, number> = { visits: c.visits, female_num: female, male_num: male, unkownG_num: unknown, dwell: c.visits ? Math.round(c.dwell / c.visits / 100) / 10 : 0 };
  AGE_BUCKETS.forEach((b, i) => {
    out[b] = c.age[i];
    out[`age_act_${b}`] = c.act[i];
  });
  return out as VisitorColumns;
}



/**
 * stats/pa: rollups up to the enterprise's watermark plus the raw visits past it (current to the
 * minute). A gender filter reads the raw visits alone (rollups do not split age and action by gender).
 */
export function visitorStats(deps: Deps, ctx: TenantCtx, f: Filter): Promise<PaResult> {
  const prevFrom = previousFrom(f);
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const p = new Params([scope.enterpriseId, prevFrom, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const deviceCond = f.DeviceType ? `and device_id in (select d.id from devices d where d.enterprise_id = $1 and d.type = ${p.add(f.DeviceType)})` : '';
    const raw = (since: string, extra = '') => `select e.device_id, min(e.shop_id) as shop_id, e.local_day, e.local_hour, ${VISIT_AGGREGATES.replace(/\n/g, ' ')}
        from visit_events e where e.enterprise_id = $1 and e.local_day between $2::date and $3::date and e.id > ${since} ${extra}
       group by e.device_id, e.local_day, e.local_hour`;
    const rawCols = `device_id, shop_id, local_day, local_hour, ${ROLLUP_COLS}`;
    const source = f.gender !== undefined
      ? raw('0', `and e.gender = ${p.add(f.gender)}`)
      : `select ${rawCols} from visit_rollup_hourly where enterprise_id = $1 and local_day between $2::date and $3::date
         union all
         ${raw(`coalesce((select last_id from stats_watermarks where enterprise_id = $1 and stream = 'visits'), 0)`)}`;
    // One statement, one pass over the sources: the rows in range are first summed per shop, local
    // day and hour (materialised once), then the five answers are read from that small set.
    const fromP = p.add(f.from);
    const cur = `local_day >= ${fromP}::date`;
    const [r] = await q.query<{ summary: Row | null; previous: Row | null; series: (Row & { t: string })[]; by_shop: (Row & { shop_id: number; name: string })[]; heat: { weekday: number; hour: number; visits: number }[] }>(
      `with src (${rawCols}) as (${source}),
        v as materialized (
          select shop_id, local_day, local_hour, ${ROLLUP_COLS.split(', ').map((c) => `sum(${c}) as ${c}`).join(', ')}
            from src where shop_id in (${shops}) ${deviceCond} group by shop_id, local_day, local_hour)
      select
        (select row_to_json(x) from (select ${SUMS} from v where ${cur}) x) as summary,
        (select row_to_json(x) from (select ${SUMS} from v where not (${cur})) x) as previous,
        (select coalesce(json_agg(x order by x.t), '[]') from (select ${BUCKET[f.group]} as t, ${SUMS} from v where ${cur} group by 1) x) as series,
        (select coalesce(json_agg(x order by x.visits desc, x.shop_id), '[]') from (
           select v.shop_id, s.name, ${SUMS.replace(/sum\((\w+)\)/g, 'sum(v.$1)')} from v join shops s on s.enterprise_id = $1 and s.id = v.shop_id
            where ${cur} group by v.shop_id, s.name) x) as by_shop,
        (select coalesce(json_agg(x order by x.weekday, x.hour), '[]') from (
           select extract(dow from local_day)::int as weekday, local_hour::int as hour, sum(visits)::int as visits from v where ${cur} group by 1, 2) x) as heat`,
      p.values,
    );
    const summary = [r.summary ?? undefined];
    const previous = [r.previous ?? undefined];
    const series = r.series;
    const byShop = r.by_shop;
    const heat = r.heat;
    return {
      summary: columns(counts(summary[0])),
      previous: columns(counts(previous[0])),
      series: series.map((r) => ({ t: r.t, ...columns(counts(r)) })),
      byShop: byShop.map((r) => ({ shopId: r.shop_id, shopName: r.name, ...columns(counts(r)) })),
      heat,
    };
  });
}
