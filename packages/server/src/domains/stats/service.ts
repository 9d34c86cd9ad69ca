import { AGE_BUCKETS, statsApi, type PaResult, type VisitorColumns } from '@vitrine/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { HOUR_AGGREGATES, HOUR_COLUMNS, VISIT_AGGREGATES, VISIT_COLUMNS } from '../../stats/rollup.js';
import { BUCKET, hourWeightSql, previousPeriod } from './period.js';
import { shopScopeSql } from './scope.js';
import type { WithDays } from './days.js';

type Filter = WithDays<z.output<typeof statsApi.stats.pa.body>>;
type Counts = {
  visits: number;
  male: number;
  female: number;
  unknown: number;
  age: number[];
  act: number[];
  dwell: number;
};

type Row = Record<string, number | string | null>;

const counts = (r: Row | undefined): Counts => ({
  visits: Number(r?.visits ?? 0),
  male: Number(r?.male ?? 0),
  female: Number(r?.female ?? 0),
  unknown: Number(r?.unknown ?? 0),
  age: [0, 1, 2, 3, 4].map((i) => Number(r?.[`age${i}`] ?? 0)),
  act: [0, 1, 2, 3, 4].map((i) => Number(r?.[`act${i}`] ?? 0)),
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
  const out: Record<string, number> = {
    visits: c.visits,
    female_num: female,
    male_num: male,
    unkownG_num: unknown,
    dwell: c.visits ? Math.round(c.dwell / c.visits / 100) / 10 : 0,
  };
  AGE_BUCKETS.forEach((b, i) => {
    out[b] = c.age[i];
    out[`age_act_${b}`] = c.act[i];
  });
  return out as VisitorColumns;
}

const HOURS = HOUR_COLUMNS.split(', ');
const SRC_COLS = `shop_id, local_day, local_hour, ${VISIT_COLUMNS}, ${HOUR_COLUMNS}`;

/**
 * The visits of the local days `days.from`…`days.to` (SQL) as rows of SRC_COLS: the daily rollups
 * (local_hour null) when the answer needs no hour of day beyond the heatmap's — per gender for a
 * gender filter — and the hourly ones, gender a key, for series by hour or a cut day
 * (docs/decisions/0119); always plus the raw events past the
 * watermark (`since`, read first so the plan knows it), so figures are current to the
 * minute and count each visit once.
 */
function visitSource(
  f: Filter,
  since: string,
  add: Params['add'],
  days: { from: string; to: string; hourly: boolean },
): string {
  const type = f.DeviceType ? add(f.DeviceType) : null;
  const gender = f.gender !== undefined ? add(f.gender) : null;
  const { hourly } = days;
  const between = `local_day between ${days.from}::date and ${days.to}::date`;
  const tail = `select e.shop_id, e.local_day, ${hourly ? 'e.local_hour' : 'null::smallint'},
        ${VISIT_AGGREGATES.replace(/\n/g, ' ')}, ${HOUR_AGGREGATES}
      from visit_events e ${type ? `join devices d on d.enterprise_id = $1 and d.id = e.device_id and d.type = ${type}` : ''}
     where e.enterprise_id = $1 and e.${between} and e.id > ${add(since)}::bigint
       ${gender ? `and e.gender = ${gender}` : ''}
     group by e.shop_id, e.local_day${hourly ? ', e.local_hour' : ''}`;
  const rollup = (table: string) => `from ${table} where enterprise_id = $1 and ${between}
        ${gender ? `and gender = ${gender}` : ''}`;
  if (hourly) {
    const hourOf = HOURS.map((h, i) => `case when local_hour = ${i} then visits else 0 end`).join(', ');
    return `select shop_id, local_day, local_hour, ${VISIT_COLUMNS}, ${hourOf} ${rollup('visit_rollup_hourly')}
         ${type ? `and device_id in (select d.id from devices d where d.enterprise_id = $1 and d.type = ${type})` : ''}
      union all ${tail}`;
  }
  return `select shop_id, local_day, null::smallint, ${VISIT_COLUMNS}, ${HOUR_COLUMNS} ${rollup(gender ? 'visit_rollup_daily_gender' : 'visit_rollup_daily')}
        ${type ? `and device_type = ${type}` : ''}
    union all ${tail}`;
}

type Grouped = Row & {
  g: number;
  cur: boolean;
  t: string | null;
  shop_id: number | null;
  name: string | null;
  weekday: number | null;
};

/** The heatmap's cells (local weekday × hour, visits > 0) from per-weekday sums of h0…h23. */
function heatCells(rows: Grouped[]): PaResult['heat'] {
  const cells: PaResult['heat'] = [];
  for (const r of [...rows].sort((a, b) => Number(a.weekday) - Number(b.weekday))) {
    HOURS.forEach((h, hour) => {
      const visits = Number(r[h] ?? 0);
      if (visits > 0) cells.push({ weekday: Number(r.weekday), hour, visits });
    });
  }
  return cells;
}

/**
 * stats/pa: the visits of the filter's period and the one before (previousPeriod), cut to the data range and the
 * shop scope, in one statement and one pass over the source rows: grouping sets give the period
 * totals (this one and the one before), the series buckets, the shops and the weekdays at once
 * (docs/decisions/0100).
 */
export function visitorStats(deps: Deps, ctx: TenantCtx, f: Filter): Promise<PaResult> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const prev = await previousPeriod(q, scope.enterpriseId, f);
    const [w] = await q.query<{ last: string }>(
      `select coalesce((select last_id from stats_watermarks where enterprise_id = $1 and stream = 'visits'), 0)::text as last`,
      [scope.enterpriseId],
    );
    const p = new Params([scope.enterpriseId, prev.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const from = p.add(f.from);
    let source = visitSource(f, w.last, p.add, { from: '$2', to: '$3', hourly: f.group === 'hour' });
    if (prev.cut) {
      // the previous period's last day up to the same time: its hourly rows, weighted
      const day = p.add(prev.cut.day);
      const cutDay = visitSource(f, w.last, p.add, { from: day, to: day, hourly: true });
      const weighted = SRC_COLS.split(', ')
        .map((c, i) => (i < 3 ? c : `${c} * w`))
        .join(', ');
      source = `select * from (${source}) s (${SRC_COLS}) where local_day >= ${from}::date or local_day < ${day}::date
        union all
        select ${weighted} from (select c.*, ${hourWeightSql(prev.cut, p.add)} as w from (${cutDay}) c (${SRC_COLS})) c where w > 0`;
    }
    const cur = `local_day >= ${from}::date`;
    const sums = [...VISIT_COLUMNS.split(', ').filter((c) => c !== 'dwell_ms'), ...HOURS]
      .map((c) => `sum(${c})::int as ${c}`)
      .join(', ');
    const rows = await q.query<Grouped>(
      `select r.*, s.name from (
         select grouping(t, shop_id, weekday) as g, cur, t, shop_id, weekday, ${sums}, coalesce(sum(dwell_ms::float8), 0) as dwell
           from (select src.*, ${cur} as cur, ${BUCKET[f.group]} as t, extract(dow from local_day)::int as weekday
                   from (${source}) as src (${SRC_COLS}) where shop_id in (${shops})) x
          group by grouping sets ((cur), (cur, t), (cur, shop_id), (cur, weekday))) r
       left join shops s on s.enterprise_id = $1 and s.id = r.shop_id`,
      p.values,
    );
    // grouping(t, shop_id, weekday): 7 the period totals, 3 a series bucket, 5 a shop, 6 a weekday
    const of = (g: number, current = true) => rows.filter((r) => r.g === g && r.cur === current);
    return {
      summary: columns(counts(of(7)[0])),
      previous: columns(counts(of(7, false)[0])),
      series: of(3)
        .sort((a, b) => (String(a.t) < String(b.t) ? -1 : 1))
        .map((x) => ({ t: String(x.t), ...columns(counts(x)) })),
      byShop: of(5)
        .map((x) => ({ shopId: Number(x.shop_id), shopName: x.name ?? '', ...columns(counts(x)) }))
        .sort((a, b) => b.visits - a.visits || a.shopId - b.shopId),
      heat: heatCells(of(6)),
    };
  });
}
