import { z } from 'zod';
import { DEVICE_BATCH_MAX, message, playEvent, visitEvent, type Lang, type MessageKey } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { fail } from '../errors.js';
import type { AuthRow } from './runtime.js';
import { ASK, fastParser } from '../lib/fast-parse.js';

// Plays and visits: batches of ≤ 500 events, each judged alone (one bad event never refuses its
// batch), written with one statement per batch; a replayed event id of the same device is counted
// once (the unique index and `on conflict do nothing`).

/** Events older than the raw retention, or ahead of the server's clock by more than this, are rejected. */
const MAX_AGE_SECONDS = 90 * 86400;
const MAX_AHEAD_SECONDS = 300;

export const batchBody = z.object({ events: z.array(z.unknown(), { error: 'field.invalid' }) });

type Rejected = { eventId: string; reason: string; message: string; field?: string };

const KINDS = {
  plays: {
    schema: playEvent,
    fast: fastParser(playEvent),
    time: (e: z.output<typeof playEvent>) => e.start,
    sql: `insert into play_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, content_id, plan_id, material_sha256, duration_ms)
          select $1, $2, $3, u.event_id, u.at, (u.at at time zone $4)::date, extract(hour from u.at at time zone $4)::smallint,
                 u.content_id, u.plan_id, u.sha, u.dur
            from (select x.*, to_timestamp(x.t) as at
                    from unnest($5::uuid[], $6::float8[], $7::int[], $8::int[], $9::text[], $10::int[]) as x(event_id, t, content_id, plan_id, sha, dur)) u
          on conflict (device_id, event_id, local_day) do nothing returning 1`,
    columns: (es: z.output<typeof playEvent>[]) => [
      es.map((e) => e.eventId), es.map((e) => e.start), es.map((e) => e.contentId), es.map((e) => e.planId),
      es.map((e) => e.materialSha256 ?? null), es.map((e) => e.durationMs),
    ],
  },
  visits: {
    schema: visitEvent,
    fast: fastParser(visitEvent),
    time: (e: z.output<typeof visitEvent>) => e.time,
    sql: `insert into visit_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, gender, age_band, action, dwell_ms, pitch_id)
          select $1, $2, $3, u.event_id, u.at, (u.at at time zone $4)::date, extract(hour from u.at at time zone $4)::smallint,
                 u.gender, u.age_band, u.action, u.dwell, u.pitch
            from (select x.*, to_timestamp(x.t) as at
                    from unnest($5::uuid[], $6::float8[], $7::smallint[], $8::smallint[], $9::text[], $10::int[], $11::int[])
                         as x(event_id, t, gender, age_band, action, dwell, pitch)) u
          on conflict (device_id, event_id, local_day) do nothing returning 1`,
    columns: (es: z.output<typeof visitEvent>[]) => [
      es.map((e) => e.eventId), es.map((e) => e.time), es.map((e) => e.gender), es.map((e) => e.ageBand), es.map((e) => e.action),
      es.map((e) => e.dwellMs ?? null), es.map((e) => e.pitchId ?? null),
    ],
  },
} as const;

export type EventKind = keyof typeof KINDS;

function idOf(raw: unknown): string {
  const id = raw && typeof raw === 'object' ? (raw as { eventId?: unknown }).eventId : undefined;
  return typeof id === 'string' ? id.slice(0, 64) : '';
}

/**
 * Judge each event alone: the valid ones (first of each id) and the rejected with a reason. An event
 * the fast acceptor vouches for is taken as is; any other is parsed by the contract's schema, whose
 * issue names the reason (`fast: false`: the schema for every event — the tests compare both).
 */
export function judge<K extends EventKind>(kind: K, raws: unknown[], lang: Lang, nowSec: number, opts: { fast?: boolean } = {}) {
  const k = KINDS[kind];
  const valid: z.output<(typeof KINDS)[K]['schema']>[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  const reject = (raw: unknown, reason: MessageKey, field?: string, detail?: string) =>
    rejected.push({ eventId: idOf(raw), reason, message: detail ? `${field}: ${message(detail, lang)}` : message(reason, lang), ...(field ? { field } : {}) });
  const fast = opts.fast === false ? undefined : (k.fast as ((raw: unknown) => unknown) | undefined);
  for (const raw of raws) {
    let e = (fast ? fast(raw) : ASK) as z.output<(typeof KINDS)[K]['schema']> | typeof ASK;
    if (e === ASK) {
      const parsed = k.schema.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        reject(raw, 'device.event.invalid', issue.path.join('.') || '_', issue.message.includes(' ') ? 'field.invalid' : issue.message);
        continue;
      }
      e = parsed.data as z.output<(typeof KINDS)[K]['schema']>;
    }
    const t = (k.time as (x: typeof e) => number)(e);
    if (t > nowSec + MAX_AHEAD_SECONDS) reject(raw, 'device.event.future', kind === 'plays' ? 'start' : 'time');
    else if (t < nowSec - MAX_AGE_SECONDS) reject(raw, 'device.event.tooOld', kind === 'plays' ? 'start' : 'time');
    else if (seen.has(e.eventId)) repeated++; // the same event twice in one batch counts once
    else {
      seen.add(e.eventId);
      valid.push(e);
    }
  }
  return { valid, rejected, repeated };
}

/** One batch of plays or visits: { accepted, duplicates, rejected }. 501 events are refused whole (40013). */
export async function ingest(deps: Deps, kind: EventKind, raws: unknown[], dev: AuthRow, lang: Lang, now = new Date()) {
  if (raws.length > DEVICE_BATCH_MAX) throw fail.tooLarge('device.batch.tooMany');
  const { valid, rejected, repeated } = judge(kind, raws, lang, now.getTime() / 1000);
  let accepted = 0;
  if (valid.length) {
    const k = KINDS[kind];
    const columns = (k.columns as (es: typeof valid) => unknown[][])(valid);
    const [row] = await deps.db.tx({ enterpriseId: dev.enterpriseId }, (q) =>
      q.query<{ n: number }>(`with ins as (${k.sql}) select count(*)::int as n from ins`, [dev.enterpriseId, dev.deviceId, dev.shopId, dev.timezone, ...columns]),
    );
    accepted = row.n;
  }
  return { accepted, duplicates: valid.length - accepted + repeated, rejected };
}
