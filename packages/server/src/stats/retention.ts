import type { Db } from '../db/client.js';
import { RAW_RETENTION_MIN_DAYS } from '../config.js';
import { rollupAll } from './rollup.js';

// Raw device events are kept `days` local days (docs/decisions/0119), rollups for ever. The tables
// are partitioned by month of local_day (migration 0200): months wholly past the window are dropped,
// the boundary month loses its old days one statement per day, and the months ahead are created.
// The rollups are brought up to date first, so nothing is removed before it was counted.

export const RAW_TABLES = ['play_events', 'visit_events'] as const;
/** Months created ahead of today, so every event the device API accepts has its month. */
const AHEAD_DAYS = 62;
const DAY = 86_400_000;

const dayStr = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type RetentionResult = {
  folded: number;
  created: number;
  droppedMonths: number;
  deletedRows: number;
  before: string;
};

/**
 * Applies the retention to every raw table; `today` is a UTC calendar day (YYYY-MM-DD). Events are
 * accepted up to 90 days old and kept a day longer, so a removed row arrived at least a day ago and
 * the fold (rows settled `settleSeconds`) has it.
 */
export async function retainRaw(
  db: Db,
  days = RAW_RETENTION_MIN_DAYS,
  today = dayStr(Date.now()),
  settleSeconds?: number,
): Promise<RetentionResult> {
  const keep = Math.max(RAW_RETENTION_MIN_DAYS, days);
  const t = Date.parse(`${today}T00:00:00Z`);
  // one day more than kept: a local day east of UTC is already tomorrow
  const before = dayStr(t - (keep + 1) * DAY);
  const monthStart = `${before.slice(0, 7)}-01`;
  const folded = await rollupAll(db, settleSeconds);
  let created = 0;
  let droppedMonths = 0;
  let deletedRows = 0;
  for (const table of RAW_TABLES) {
    const [c] = await db.admin.query<{ n: number }>('select raw_partitions_ensure($1, $2::date, $3::date) as n', [
      table,
      monthStart,
      dayStr(t + AHEAD_DAYS * DAY),
    ]);
    created += c.n;
    const [d] = await db.admin.query<{ n: number }>('select raw_partitions_drop($1, $2::date) as n', [table, before]);
    droppedMonths += d.n;
    // the boundary month, a day at a time; then anything older left in the default partition
    for (let day = Date.parse(`${monthStart}T00:00:00Z`); dayStr(day) < before; day += DAY) {
      deletedRows += await deleted(db, `delete from ${table} where local_day = $1::date`, [dayStr(day)]);
    }
    deletedRows += await deleted(db, `delete from ${table}_default where local_day < $1::date`, [before]);
  }
  return { folded, created, droppedMonths, deletedRows, before };
}

async function deleted(db: Db, sql: string, params: unknown[]): Promise<number> {
  const [r] = await db.admin.query<{ n: number }>(
    `with gone as (${sql} returning 1) select count(*)::int as n from gone`,
    params,
  );
  return r.n;
}
