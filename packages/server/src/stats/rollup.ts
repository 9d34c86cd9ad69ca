import type { Db, Q } from '../db/client.js';

// Visit rollups (migrations 0080, 0180): the job folds visit_events past the enterprise's watermark
// into visit_rollup_hourly (per device and local hour) and visit_rollup_daily (per shop, device type
// and local day, with the visits of each hour), in one transaction with the watermark move, so every event counts once
// however late it arrived. Only rows received a few seconds ago or earlier are folded: a batch still
// committing with a smaller id is then not skipped (reads add everything past the watermark anyway).

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
export const HOUR_AGGREGATES = Array.from({ length: 24 }, (_, h) => `count(*) filter (where e.local_hour = ${h})::int`).join(', ');

const DAILY_COLUMNS = `${VISIT_COLUMNS}, ${HOUR_COLUMNS}`;

/** The device type of a visit_events row (alias e) left-joined to devices (alias d). */
export const DEVICE_TYPE = `coalesce(d.type, 'big')`;

/** Folds one enterprise's new visits; how many events were folded. */
export async function rollupEnterprise(q: Q, enterpriseId: number, settleSeconds = SETTLE_SECONDS): Promise<number> {
  const [w] = await q.query<{ last: string; hi: string | null }>(
    `select coalesce((select last_id from stats_watermarks where enterprise_id = $1 and stream = 'visits'), 0)::text as last,
            (select max(id) from visit_events where enterprise_id = $1 and received_at <= now() - make_interval(secs => $2))::text as hi`,
    [enterpriseId, settleSeconds],
  );
  if (w.hi === null || BigInt(w.hi) <= BigInt(w.last)) return 0;
  const [{ n }] = await q.query<{ n: number }>(
    'select count(*)::int as n from visit_events where enterprise_id = $1 and id > $2::bigint and id <= $3::bigint',
    [enterpriseId, w.last, w.hi],
  );
  await q.query(
    `insert into visit_rollup_hourly (enterprise_id, device_id, shop_id, local_day, local_hour, ${VISIT_COLUMNS})
     select e.enterprise_id, e.device_id, min(e.shop_id), e.local_day, e.local_hour, ${VISIT_AGGREGATES}
       from visit_events e
      where e.enterprise_id = $1 and e.id > $2::bigint and e.id <= $3::bigint
      group by e.enterprise_id, e.device_id, e.local_day, e.local_hour
     on conflict (enterprise_id, local_day, local_hour, device_id) do update set
       ${VISIT_COLUMNS.split(', ').map((c) => `${c} = visit_rollup_hourly.${c} + excluded.${c}`).join(', ')}`,
    [enterpriseId, w.last, w.hi],
  );
  await q.query(
    `insert into visit_rollup_daily (enterprise_id, local_day, shop_id, device_type, ${DAILY_COLUMNS})
     select e.enterprise_id, e.local_day, e.shop_id, ${DEVICE_TYPE}, ${VISIT_AGGREGATES}, ${HOUR_AGGREGATES}
       from visit_events e left join devices d on d.enterprise_id = e.enterprise_id and d.id = e.device_id
      where e.enterprise_id = $1 and e.id > $2::bigint and e.id <= $3::bigint
      group by e.enterprise_id, e.local_day, e.shop_id, ${DEVICE_TYPE}
     on conflict (enterprise_id, local_day, shop_id, device_type) do update set
       ${DAILY_COLUMNS.split(', ').map((c) => `${c} = visit_rollup_daily.${c} + excluded.${c}`).join(', ')}`,
    [enterpriseId, w.last, w.hi],
  );
  await q.query(
    `insert into stats_watermarks (enterprise_id, stream, last_id, updated_at) values ($1, 'visits', $2::bigint, now())
     on conflict (enterprise_id, stream) do update set last_id = excluded.last_id, updated_at = now()`,
    [enterpriseId, w.hi],
  );
  return n;
}

/** The stats-rollup job: every enterprise with unread visits, each in its own transaction. */
export async function rollupAll(db: Db, settleSeconds = SETTLE_SECONDS): Promise<number> {
  const ents = await db.tx({}, (q) => q.query<{ enterprise_id: number }>('select enterprise_id from stats_pending_enterprises()'));
  let total = 0;
  for (const { enterprise_id: id } of ents) total += await db.tx({ enterpriseId: id }, (q) => rollupEnterprise(q, id, settleSeconds));
  return total;
}

/** Rebuilds an enterprise's rollups from the raw events (npm run admin -- rebuild-stats). */
export async function rebuildEnterprise(q: Q, enterpriseId: number): Promise<number> {
  await q.query('delete from visit_rollup_hourly where enterprise_id = $1', [enterpriseId]);
  await q.query('delete from visit_rollup_daily where enterprise_id = $1', [enterpriseId]);
  await q.query(`delete from stats_watermarks where enterprise_id = $1 and stream = 'visits'`, [enterpriseId]);
  return rollupEnterprise(q, enterpriseId, 0);
}
