import { PLAYBACK_INTERVALS } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Nullable, Row as DbRow } from '../../db/schema/index.js';
import type { PlaylistSource } from '../../device-api/playlist.js';
import { expectedContents } from '../../device-api/playlist.js';
import { deriveStatus, type DeviceStatus, type Expectation } from './status.js';

// The status sweep (every ~15 s, any instance, several at once are harmless): derive each device's
// status from the database's presence rows and record every transition. A transition is written
// only if the status it starts from is still the stored one, so two sweeping instances record it once.

type Scope = { enterpriseId: number };

type Row = DbRow<'devices', 'id' | 'shop_id' | 'type'> &
  DbRow<'enterprises', 'time_zone'> &
  Nullable<DbRow<'device_presence', 'hb_interval' | 'free_storage_mb' | 'clock_skew' | 'playing_content'>> & {
    orientation: number;
    ai: number;
    virtual_status: number | null;
    device_status: DeviceStatus;
    last_seen: number | null;
    online_since: number | null;
    errors: { code: string }[] | null;
    playing_at: number | null;
  };

export type Transition = {
  deviceId: number;
  shopId: number;
  status: DeviceStatus;
  previous: DeviceStatus;
  at: number;
  reasons: string[];
};

const epoch = (col: string) => `extract(epoch from ${col})::float8`;

async function load(q: Q, scope: Scope): Promise<Row[]> {
  return q.query<Row>(
    `select d.id, d.shop_id, d.type, coalesce((d.applied->>'direction')::int, d.orientation::int) as orientation,
            coalesce((d.applied->>'ai')::int, d.ai::int) as ai, (d.applied->>'status')::int as virtual_status, d.device_status, e.time_zone,
            ${epoch('p.last_seen_at')} as last_seen, ${epoch('p.online_since')} as online_since, p.hb_interval, p.errors,
            p.free_storage_mb, p.clock_skew, p.playing_content, ${epoch('p.playing_at')} as playing_at
       from devices d join enterprises e on e.id = d.enterprise_id
       left join device_presence p on p.device_id = d.id and p.enterprise_id = d.enterprise_id
      where d.enterprise_id = $1 and d.live_version is not null and d.deleted_at is null
        and (p.device_id is not null or d.device_status <> 0)`,
    [scope.enterpriseId],
  );
}

/** Contents each device reported playing (play events reaching into the window). */
async function recentPlays(
  q: Q,
  scope: Scope,
  ids: number[],
  since: Map<number, number>,
): Promise<Map<number, Set<number>>> {
  const out = new Map<number, Set<number>>();
  if (!ids.length) return out;
  const from = Math.min(...since.values());
  const rows = await q.query<DbRow<'play_events', 'device_id' | 'content_id'> & { ends: number }>(
    `select device_id, content_id, max(${epoch('event_at')} + duration_ms / 1000.0) as ends
       from play_events where enterprise_id = $1 and device_id = any($2::int[]) and event_at >= to_timestamp($3) - interval '1 day'
      group by device_id, content_id`,
    [scope.enterpriseId, ids, from],
  );
  for (const r of rows) {
    if (r.ends < (since.get(r.device_id) ?? Infinity)) continue;
    if (!out.has(r.device_id)) out.set(r.device_id, new Set());
    out.get(r.device_id)!.add(r.content_id);
  }
  return out;
}

/** Derive and record the status of every device of one enterprise that was ever seen. */
export async function sweepEnterprise(q: Q, scope: Scope, playlists: PlaylistSource, now: Date): Promise<Transition[]> {
  const nowSec = now.getTime() / 1000;
  const rows = await load(q, scope);
  const expected = new Map<number, Expectation>();
  const windowStart = new Map<number, number>();
  for (const r of rows) {
    if (r.last_seen === null || r.hb_interval === null) continue;
    const playlist = await playlists.playlistFor(
      { enterpriseId: scope.enterpriseId, deviceId: r.id, shopId: r.shop_id },
      { type: r.type, orientation: r.orientation, ai: r.ai, timezone: r.time_zone },
      now,
      q,
    );
    const e = expectedContents(playlist, nowSec);
    expected.set(r.id, e);
    if (e) windowStart.set(r.id, nowSec - PLAYBACK_INTERVALS * r.hb_interval);
  }
  const plays = await recentPlays(q, scope, [...windowStart.keys()], windowStart);
  const changes: Transition[] = [];
  for (const r of rows) {
    const derived = deriveStatus(
      {
        lastSeen: r.last_seen,
        onlineSince: r.online_since ?? nowSec,
        interval: r.hb_interval ?? 60,
        errors: r.errors ?? [],
        freeStorageMb: r.free_storage_mb,
        clockSkew: r.clock_skew ?? 0,
        ai: r.ai,
        playingContent: r.playing_content,
        playingAt: r.playing_at,
        virtual: r.virtual_status,
      },
      expected.get(r.id) ?? null,
      plays.get(r.id) ?? new Set(),
      nowSec,
    );
    if (derived.status === r.device_status) continue;
    // when it happened: an outage from the last heartbeat; a return from the first one after it
    const at =
      derived.status === 0 ? (r.last_seen ?? nowSec) : r.device_status === 0 ? (r.online_since ?? nowSec) : nowSec;
    changes.push({
      deviceId: r.id,
      shopId: r.shop_id,
      status: derived.status,
      previous: r.device_status,
      at: Math.min(at, nowSec),
      reasons: derived.reasons,
    });
  }
  if (!changes.length) return [];
  const written = await q.query<DbRow<'device_status_events', 'device_id'>>(
    `with x as (select * from unnest($2::int[], $3::smallint[], $4::smallint[], $5::float8[], $6::text[]) as x(id, status, prev, at, reasons)),
     up as (update devices d set device_status = x.status, status_at = to_timestamp(x.at), updated_at = d.updated_at
              from x where d.enterprise_id = $1 and d.id = x.id and d.device_status = x.prev returning d.id, x.status, x.prev, x.at, x.reasons)
     insert into device_status_events (enterprise_id, device_id, status, previous, at, reasons)
     select $1, up.id, up.status, up.prev, to_timestamp(up.at), up.reasons::jsonb from up returning device_id`,
    [
      scope.enterpriseId,
      changes.map((c) => c.deviceId),
      changes.map((c) => c.status),
      changes.map((c) => c.previous),
      changes.map((c) => c.at),
      changes.map((c) => JSON.stringify(c.reasons)),
    ],
  );
  const won = new Set(written.map((w) => w.device_id));
  return changes.filter((c) => won.has(c.deviceId));
}
