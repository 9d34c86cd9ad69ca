import type { Db, Q } from '../db/client.js';
import { clearStream, cols, foldStream, type Stream, type Target } from './fold.js';
import { PLAYS, SALES } from './streams.js';

// Rollups (migrations 0080, 0180, 0190): the job folds visit_events, play_events and sale_lines past the
// enterprise's watermarks into their rollups (one fold for all, stats/fold.ts), in one transaction
// with the watermark moves, so every event counts once however late it arrived. Only rows received a
// few seconds ago or earlier are folded: a batch still committing with a smaller id is then not
// skipped (reads add everything past the watermark anyway).

const SETTLE_SECONDS = 10;

/** The rollups' count columns. */
export const VISIT_COLUMNS = `visits, male, female, unknown, age0, age1, age2, age3, age4, act0, act1, act2, act3, act4, dwell_ms`;

/** The rollup columns as aggregates over visit_events rows (alias e). */
export const VISIT_AGGREGATES = `count(*)::int,
  count(*) filter (where e.gender = 1)::int, count(*) filter (where e.gender = 2)::int, count(*) filter (where e.gender = 0)::int,
  count(*) filter (where e.age_band = 0)::int, count(*) filter (where e.age_band = 1)::int, count(*) filter (where e.age_band = 2)::int,
  count(*) filter (where e.age_band = 3)::int, count(*) filter (where e.age_band = 4)::int,
  count(*) filter (where e.age_band = 0 and e.action <> 'pass')::int, count(*) filter (where e.age_band = 1 and e.action <> 'pass')::int,
  count(*) filter (where e.age_band = 2 and e.action <> 'pass')::int, count(*) filter (where e.age_band = 3 and e.action <> 'pass')::int,
  count(*) filter (where e.age_band = 4 and e.action <> 'pass')::int,
  coalesce(sum(e.dwell_ms), 0)::bigint`;

/** The daily rollup's visits per local hour h0…h23 as aggregates over visit_events rows (alias e). */
export const HOUR_COLUMNS = Array.from({ length: 24 }, (_, h) => `h${h}`).join(', ');
export const HOUR_AGGREGATES = Array.from(
  { length: 24 },
  (_, h) => `count(*) filter (where e.local_hour = ${h})::int`,
).join(', ');

/** The device type of a visit_events row (alias e) left-joined to devices (alias d). */
export const DEVICE_TYPE = `coalesce(d.type, 'big')`;

const DAILY_KEYS = { ...cols('local_day', 'shop_id'), device_type: DEVICE_TYPE };
const DAILY: Omit<Target, 'table' | 'keys'> = {
  join: 'left join devices d on d.enterprise_id = e.enterprise_id and d.id = e.device_id',
  columns: `${VISIT_COLUMNS}, ${HOUR_COLUMNS}`,
  aggregates: `${VISIT_AGGREGATES}, ${HOUR_AGGREGATES}`,
};

/**
 * Visits and their rollups: per device and hour (gender a key), per shop, device type and day, and
 * the same per gender — the gender filter reads rollups like every other figure, so it outlives the
 * raw events' retention (migration 0250, docs/decisions/0119).
 */
export const VISITS: Stream = {
  name: 'visits',
  source: 'visit_events',
  targets: [
    {
      table: 'visit_rollup_hourly',
      keys: cols('device_id', 'local_day', 'local_hour', 'gender'),
      keep: { shop_id: 'min(e.shop_id)' },
      columns: VISIT_COLUMNS,
      aggregates: VISIT_AGGREGATES,
    },
    { table: 'visit_rollup_daily', keys: DAILY_KEYS, ...DAILY },
    { table: 'visit_rollup_daily_gender', keys: { ...DAILY_KEYS, gender: 'e.gender' }, ...DAILY },
  ],
};

/** The streams and the rollups each is folded into: a new rollup of a stream is one entry in its targets. */
export const STREAMS: Stream[] = [VISITS, PLAYS, SALES];

/** Folds one enterprise's new visits, plays and sales lines; how many rows were folded. */
export async function rollupEnterprise(q: Q, enterpriseId: number, settleSeconds = SETTLE_SECONDS): Promise<number> {
  let n = 0;
  for (const s of STREAMS) n += await foldStream(q, enterpriseId, s, settleSeconds);
  return n;
}

/** The stats-rollup job: every enterprise with unread rows, each in its own transaction. */
export async function rollupAll(db: Db, settleSeconds = SETTLE_SECONDS): Promise<number> {
  const ents = await db.tx({}, (q) =>
    q.query<{ enterprise_id: number }>('select enterprise_id from stats_pending_enterprises()'),
  );
  let total = 0;
  for (const { enterprise_id: id } of ents)
    total += await db.tx({ enterpriseId: id }, (q) => rollupEnterprise(q, id, settleSeconds));
  return total;
}

/** Rebuilds an enterprise's rollups from the raw events (npm run admin -- rebuild-stats). */
export async function rebuildEnterprise(q: Q, enterpriseId: number): Promise<number> {
  for (const s of STREAMS) await clearStream(q, enterpriseId, s);
  return rollupEnterprise(q, enterpriseId, 0);
}
