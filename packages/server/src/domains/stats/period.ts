import { RET, STATS_MAX_DAYS, type StatsGroup } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { localDay } from '../../lib/local-time.js';
import { saleLinesSql } from '../../stats/streams.js';

// The period of a statistic, written once for stats/pa, ad, sale, pdt and comm: the filter's local
// days (at most STATS_MAX_DAYS), the equally long period just before them — cut at the same time of
// day when the filter's runs up to now —, and the SQL label of a row's hour, day, week or month bucket.

const DAY = 86_400_000;
const dayNum = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayStr = (n: number) => new Date(n).toISOString().slice(0, 10);

/** How many local days `from`–`to` holds (both inclusive). */
const spanOf = (f: { from: string; to: string }) => (dayNum(f.to) - dayNum(f.from)) / DAY + 1;

/**
 * The one cap on a period read by a statistic, an export or a list of lines (issue 24 §1): `to` not
 * before `from`, at most STATS_MAX_DAYS days; else 40001 naming `field`. Answers the number of days.
 */
export function checkPeriod(f: { from: string; to: string }, field = 'to'): number {
  const span = spanOf(f);
  if (!(span >= 1)) throw new AppError(RET.validation, 'validation.failed', [{ field, message: 'stats.range' }]);
  if (span > STATS_MAX_DAYS)
    throw new AppError(RET.validation, 'validation.failed', [{ field, message: 'stats.tooLong' }]);
  return span;
}

/** The first day of the previous period (as long as the filter's); 40001 past the longest range. */
function previousFrom(f: { from: string; to: string }): string {
  return dayStr(dayNum(f.from) - checkPeriod(f) * DAY);
}

/**
 * Where the previous period stops when the filter's period holds today (issue 25): at this moment
 * shifted back by the period's length — its full hours, and the running one in proportion — so
 * today so far is set against the same part of a day, not a whole one (the dashboard's rule). A
 * period wholly past or wholly ahead is set against whole days.
 */
export type Cut = { day: string; hour: number; part: number };
export type Previous = { from: string; cut: Cut | null };

/** The previous period of `f` for the enterprise (`enterpriseId`), its clock read now. */
export async function previousPeriod(
  q: Q,
  enterpriseId: number,
  f: { from: string; to: string },
  now = new Date(),
): Promise<Previous> {
  const from = previousFrom(f);
  const [{ tz }] = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [
    enterpriseId,
  ]);
  const local = localDay(tz, now);
  if (local.day < f.from || local.day > f.to) return { from, cut: null };
  const day = dayStr(dayNum(local.day) - checkPeriod(f) * DAY);
  return { from, cut: { day, hour: Math.floor(local.minute / 60), part: (local.minute % 60) / 60 } };
}

/** The weight of an hourly row of the cut's day: 1 for the hours before, the part for the running one, 0 after. */
export const hourWeightSql = (cut: Cut, add: (v: unknown) => string, hour = 'local_hour') =>
  `case when ${hour} < ${cut.hour} then 1 when ${hour} = ${cut.hour} then ${add(cut.part)}::float8 else 0 end`;

/**
 * The sales lines of both periods (saleLinesSql's columns) between the SQL days `at.prevFrom` (the
 * previous period's first) and `at.to`: the current one from `at.from` on, the previous one up to its
 * cut — its last day from the raw lines (kept for ever), weighted by hour (figures then fractional:
 * the reads round their sums).
 */
export function salePeriodsSql(
  prev: Previous,
  at: { prevFrom: string; from: string; to: string },
  add: (v: unknown) => string,
): string {
  const { from } = at;
  const lines = saleLinesSql(at.prevFrom, at.to);
  if (!prev.cut) return lines;
  const day = add(prev.cut.day);
  return `select * from (${lines}) l where l.local_day >= ${from}::date or l.local_day < ${day}::date
    union all
    select local_day, shop_id, commodity_id, employee_id, w, quantity * w, round(amount * w)
      from (select r.*, ${hourWeightSql(prev.cut, add)} as w from sale_lines r where r.enterprise_id = $1 and r.local_day = ${day}::date) r
     where w > 0`;
}

/** Days a list of lines reads when its filter names none: the last 31 local days, today included. */
export const DEFAULT_LIST_DAYS = 31;

/**
 * The local days a list of lines reads (sale/list): the filter's, or — for a bound it leaves out —
 * up to `today` and DEFAULT_LIST_DAYS back from `to`; capped like a statistic (checkPeriod).
 */
export function listPeriod(f: { from?: string; to?: string }, today: string): { from: string; to: string } {
  const to = f.to ?? (f.from && f.from > today ? f.from : today);
  const from = f.from ?? dayStr(dayNum(to) - (DEFAULT_LIST_DAYS - 1) * DAY);
  checkPeriod({ from, to }, f.to ? 'to' : 'from');
  return { from, to };
}

/** A row's bucket label from its local_day and local_hour columns. */
export const BUCKET: Record<StatsGroup, string> = {
  hour: `to_char(local_day, 'YYYY-MM-DD') || ' ' || lpad(local_hour::text, 2, '0') || ':00'`,
  day: `to_char(local_day, 'YYYY-MM-DD')`,
  week: `to_char(date_trunc('week', local_day::timestamp), 'YYYY-MM-DD')`,
  month: `to_char(local_day, 'YYYY-MM')`,
};

/**
 * The visits of an enterprise (`$1`) between two local days, one row per shop, day and count: the
 * daily rollups plus the raw visits past the watermark, so a figure is current to the minute and
 * counts each visit once (docs/decisions/0080). `from` and `to` are SQL parameters (`$2`…).
 */
export const visitCountsSql = (from: string, to: string) => `
  select shop_id, local_day, visits from visit_rollup_daily where enterprise_id = $1 and local_day between ${from}::date and ${to}::date
  union all
  select shop_id, local_day, 1 from visit_events where enterprise_id = $1 and local_day between ${from}::date and ${to}::date
     and id > coalesce((select last_id from stats_watermarks where enterprise_id = $1 and stream = 'visits'), 0)`;
