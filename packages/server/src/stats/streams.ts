import { cols, rollupSourceSql, type Stream, type Target } from './fold.js';

// Plays and sales lines as rollup streams (migration 0190, docs/decisions/0119), and the one source
// per rollup every statistic reads: the rollup's rows between two local days plus the raw rows past
// the watermark, in the rollup's columns (the reads sum them again). Daily rollups carry every
// dimension a read groups or filters by; the hourly ones only what a series by hour needs.

const PLAY_DAILY: Target = {
  table: 'play_rollup_daily',
  keys: cols('local_day', 'shop_id', 'device_id', 'content_id', 'plan_id'),
  columns: 'plays, duration_ms',
  aggregates: 'count(*)::int, sum(e.duration_ms)::bigint',
};
const PLAY_HOURLY: Target = {
  table: 'play_rollup_hourly',
  keys: cols('local_day', 'local_hour', 'shop_id', 'device_id'),
  columns: 'plays, duration_ms',
  aggregates: 'count(*)::int, sum(e.duration_ms)::bigint',
};
const SALE_DAILY: Target = {
  table: 'sale_rollup_daily',
  keys: { ...cols('local_day', 'shop_id', 'commodity_id'), employee_id: 'coalesce(e.employee_id, 0)' },
  columns: 'lines, quantity, amount',
  aggregates: 'count(*)::int, sum(e.quantity)::bigint, sum(e.amount)::bigint',
};
const SALE_HOURLY: Target = {
  table: 'sale_rollup_hourly',
  keys: cols('local_day', 'local_hour', 'shop_id'),
  columns: 'lines, quantity, amount',
  aggregates: 'count(*)::int, sum(e.quantity)::bigint, sum(e.amount)::bigint',
};

export const PLAYS: Stream = { name: 'plays', source: 'play_events', targets: [PLAY_DAILY, PLAY_HOURLY] };
export const SALES: Stream = { name: 'sales', source: 'sale_lines', targets: [SALE_DAILY, SALE_HOURLY] };

/** Plays of the enterprise (`$1`) between two local days (SQL): local_day, shop_id, device_id, content_id, plan_id, plays, duration_ms. */
export const playCountsSql = (from: string, to: string) => rollupSourceSql(PLAYS, PLAY_DAILY, from, to);

/** Plays by hour: local_day, local_hour, shop_id, device_id, plays, duration_ms. */
export const playHoursSql = (from: string, to: string) => rollupSourceSql(PLAYS, PLAY_HOURLY, from, to);

/** Sales of the enterprise (`$1`) between two local days (SQL): local_day, shop_id, commodity_id, employee_id (null: none), lines, quantity, amount. */
export const saleLinesSql = (
  from: string,
  to: string,
) => `select local_day, shop_id, commodity_id, nullif(employee_id, 0) as employee_id, lines, quantity, amount
  from (${rollupSourceSql(SALES, SALE_DAILY, from, to)}) r`;

/** Sales by hour: local_day, local_hour, shop_id, lines, quantity, amount. */
export const saleHoursSql = (from: string, to: string) => rollupSourceSql(SALES, SALE_HOURLY, from, to);
