import { z } from 'zod';
import { DEVICE_BATCH_MAX, message, playEvent, visitEvent, type Lang, type MessageKey } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { fail } from '../errors.js';
import type { AuthRow } from './runtime.js';
import { arrayLiteral } from '../db/array.js';

// Plays and visits: batches of ≤ 500 events, each judged alone (one bad event never refuses its
// batch), written with one statement per batch; a replayed event id of the same device is counted
// once (the unique index on (device, event id, local day)). A batch is first written by a plain insert
// — replays are rare, and `on conflict do nothing` would cost a speculative insertion per row — and
// when the unique index refuses it (some event was stored before, or by a concurrent request), it
// is written again skipping the events held (docs/decisions/0119).

/** Events older than the raw retention, or ahead of the server's clock by more than this, are rejected. */
const MAX_AGE_SECONDS = 90 * 86400;
const MAX_AHEAD_SECONDS = 300;
const UNIQUE_VIOLATION = '23505';

export const batchBody = z.object({ events: z.array(z.unknown(), { error: 'field.invalid' }) });

type Rejected = { eventId: string; reason: string; message: string; field?: string };

/** One column of the batch as an array literal (values checked by the contract: ids, numbers, enum words). */
const col = <E>(es: E[], pick: (e: E) => string | number | null | undefined) => arrayLiteral(es.map(pick));
/**
 * The insert of a batch from its columns ($5 event ids, $6 times, then `rest`: column, array type).
 * The arrays are unnested side by side in the select list (one row per index, in step), which
 * PostgreSQL runs without first storing each array's rows as `unnest(a, b, …)` in FROM does.
 * `skip`: the events the unique index holds are skipped rather than refusing the batch.
 */
function insert(table: string, rest: [column: string, type: string][], skip: boolean): string {
  const cols = rest.map(([c]) => c).join(', ');
  const srfs = rest.map(([c, type], i) => `unnest($${i + 7}::${type}[]) as ${c}`).join(', ');
  const conflict = skip ? '\n   on conflict (device_id, event_id, local_day) do nothing' : '';
  return `insert into ${table} (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, ${cols})
   select $1, $2, $3, u.event_id, u.at, u.local::date, extract(hour from u.local)::smallint, ${rest.map(([c]) => `u.${c}`).join(', ')}
     from (select *, at at time zone $4 as local
             from (select unnest($5::uuid[]) as event_id, to_timestamp(unnest($6::float8[])) as at, ${srfs}) s offset 0) u${conflict}`;
}

const PLAYS: [string, string][] = [
  ['content_id', 'int'],
  ['plan_id', 'int'],
  ['material_sha256', 'text'],
  ['duration_ms', 'int'],
];
const VISITS: [string, string][] = [
  ['gender', 'smallint'],
  ['age_band', 'smallint'],
  ['action', 'text'],
  ['dwell_ms', 'int'],
  ['pitch_id', 'int'],
];

const KINDS = {
  plays: {
    schema: playEvent,
    time: (e: z.output<typeof playEvent>) => e.start,
    fresh: insert('play_events', PLAYS, false),
    skipping: insert('play_events', PLAYS, true),
    columns: (es: z.output<typeof playEvent>[]) => [
      col(es, (e) => e.eventId),
      col(es, (e) => e.start),
      col(es, (e) => e.contentId),
      col(es, (e) => e.planId),
      col(es, (e) => e.materialSha256),
      col(es, (e) => e.durationMs),
    ],
  },
  visits: {
    schema: visitEvent,
    time: (e: z.output<typeof visitEvent>) => e.time,
    fresh: insert('visit_events', VISITS, false),
    skipping: insert('visit_events', VISITS, true),
    columns: (es: z.output<typeof visitEvent>[]) => [
      col(es, (e) => e.eventId),
      col(es, (e) => e.time),
      col(es, (e) => e.gender),
      col(es, (e) => e.ageBand),
      col(es, (e) => e.action),
      col(es, (e) => e.dwellMs),
      col(es, (e) => e.pitchId),
    ],
  },
} as const;

export type EventKind = keyof typeof KINDS;

function idOf(raw: unknown): string {
  const id = raw && typeof raw === 'object' ? (raw as { eventId?: unknown }).eventId : undefined;
  return typeof id === 'string' ? id.slice(0, 64) : '';
}

/**
 * Judge each event alone with the contract's schema: the valid ones (first of each id) and the
 * rejected with a reason, the field its first issue names (an id past int4 among them).
 */
export function judge<K extends EventKind>(kind: K, raws: unknown[], lang: Lang, nowSec: number) {
  const k = KINDS[kind];
  const schema: z.ZodType = k.schema;
  const valid: z.output<(typeof KINDS)[K]['schema']>[] = [];
  const rejected: Rejected[] = [];
  const seen = new Set<string>();
  let repeated = 0;
  const reject = (raw: unknown, reason: MessageKey, field?: string, detail?: string) =>
    rejected.push({
      eventId: idOf(raw),
      reason,
      message: detail ? `${field}: ${message(detail, lang)}` : message(reason, lang),
      ...(field ? { field } : {}),
    });
  for (const raw of raws) {
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      reject(
        raw,
        'device.event.invalid',
        issue.path.join('.') || '_',
        issue.message.includes(' ') ? 'field.invalid' : issue.message,
      );
      continue;
    }
    const e = parsed.data as z.output<(typeof KINDS)[K]['schema']>;
    const t = (k.time as (x: typeof e) => number)(e);
    if (t > nowSec + MAX_AHEAD_SECONDS) reject(raw, 'device.event.future', kind === 'plays' ? 'start' : 'time');
    else if (t < nowSec - MAX_AGE_SECONDS) reject(raw, 'device.event.tooOld', kind === 'plays' ? 'start' : 'time');
    else if (seen.has(e.eventId))
      repeated++; // the same event twice in one batch counts once
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
    const scope = { enterpriseId: dev.enterpriseId };
    const params = [
      dev.enterpriseId,
      dev.deviceId,
      dev.shopId,
      dev.timezone,
      ...(k.columns as (es: typeof valid) => string[])(valid),
    ];
    try {
      accepted = (await deps.db.write(scope, k.fresh, params)).count;
    } catch (err) {
      if ((err as { code?: string }).code !== UNIQUE_VIOLATION) throw err;
      accepted = (await deps.db.write(scope, k.skipping, params)).count;
    }
  }
  return { accepted, duplicates: valid.length - accepted + repeated, rejected };
}
