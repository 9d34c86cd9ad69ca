import type { Q } from '../db/client.js';
import type { Row } from '../db/schema/index.js';

/**
 * Count one event in a fixed window and return the window's count. Counters live in the database
 * (a restart resets nothing; every instance shares them).
 */
export async function hit(q: Q, key: string, windowSeconds: number): Promise<number> {
  const rows = await q.query<Row<'rate_counters', 'count'>>(
    `insert into rate_counters (key, window_start, count)
     values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
     on conflict (key, window_start) do update set count = rate_counters.count + 1
     returning count`,
    [key, windowSeconds],
  );
  return rows[0].count;
}

/** The count in the current window without adding to it. */
export async function peek(q: Q, key: string, windowSeconds: number): Promise<number> {
  const rows = await q.query<Row<'rate_counters', 'count'>>(
    `select count from rate_counters where key = $1
       and window_start = to_timestamp(floor(extract(epoch from now()) / $2) * $2)`,
    [key, windowSeconds],
  );
  return rows[0]?.count ?? 0;
}

export async function clear(q: Q, key: string): Promise<void> {
  await q.query('delete from rate_counters where key = $1', [key]);
}

/**
 * Count one attempt and return the attempts of the current and the previous window together, so a
 * burst split by a window boundary is still counted whole (a sliding window of one to two windows).
 */
export async function reserve(q: Q, key: string, windowSeconds: number): Promise<number> {
  const now = await hit(q, key, windowSeconds);
  const rows = await q.query<Row<'rate_counters', 'count'>>(
    `select count from rate_counters where key = $1 and window_start = to_timestamp((floor(extract(epoch from now()) / $2) - 1) * $2)`,
    [key, windowSeconds],
  );
  return now + (rows[0]?.count ?? 0);
}
