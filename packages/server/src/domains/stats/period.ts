import { RET, STATS_MAX_DAYS, type StatsGroup } from '@vitrine/contract';
import { AppError } from '../../errors.js';

// The period of a statistic, written once for stats/pa, stats/ad and stats/sale: the filter's local
// days (at most STATS_MAX_DAYS), the equally long period just before them, and the SQL label of a
// row's hour, day, week or month bucket.

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
export function previousFrom(f: { from: string; to: string }): string {
  return dayStr(dayNum(f.from) - checkPeriod(f) * DAY);
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
