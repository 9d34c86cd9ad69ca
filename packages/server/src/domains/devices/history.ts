import type { Deps } from '../../deps.js';
import { localDay } from '../../lib/local-time.js';
import { reach } from '../../lifecycle/access.js';
import type { TenantCtx } from '../../plugins/context.js';
import { DEVICE } from '../../records/device-entity.js';
import { tenantTx } from '../../db/tenant.js';
import type { Row, Tables } from '../../db/schema/index.js';

type Event = Row<'device_status_events', 'status' | 'previous'> & { at: number };

/**
 * Online seconds per local day from status transitions: a status holds from its transition to the
 * next one (or now); every status but 0 counts as online. Days are the enterprise's calendar days
 * (fixed 24 h: the default zone, Asia/Shanghai, has no daylight saving).
 */
export function uptimeByDay(events: Event[], initial: number, days: { day: string; from: number; to: number }[]) {
  return days.map(({ day, from, to }) => {
    let online = 0;
    let status = initial;
    let t = from;
    for (const e of events) {
      if (e.at <= from) {
        status = e.status;
        continue;
      }
      if (e.at >= to) break;
      if (status !== 0) online += e.at - t;
      status = e.status;
      t = e.at;
    }
    if (status !== 0 && to > t) online += to - t;
    const span = Math.max(1, to - from);
    return { day, onlineSeconds: Math.round(online), ratio: Math.round((online / span) * 1000) / 1000 };
  });
}

/** A device's recent transitions (newest first, 50 at most) and its online time over the last `days` local days. */
export async function statusHistory(deps: Deps, ctx: TenantCtx, input: { id: number; days: number }, now = new Date()) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    await reach(q, DEVICE, ctx, input.id);
    const p = [scope.enterpriseId, input.id];
    const recent = await q.query<Event>(
      `select status, previous, extract(epoch from at)::int as at from device_status_events
        where enterprise_id = $1 and device_id = $2 order by at desc, id desc limit 50`,
      p,
    );
    const [{ tz }] = await q.query<{ tz: Tables['enterprises']['time_zone'] }>(
      'select time_zone as tz from enterprises where id = $1',
      [scope.enterpriseId],
    );
    const nowSec = Math.floor(now.getTime() / 1000);
    const todayStart = nowSec + localDay(tz, now).secondsToMidnight - 86400;
    const days = Array.from({ length: input.days }, (_, i) => {
      const from = todayStart - (input.days - 1 - i) * 86400;
      return { day: localDay(tz, new Date((from + 3600) * 1000)).day, from, to: Math.min(nowSec, from + 86400) };
    });
    const since = days[0].from;
    const period = await q.query<Event>(
      `select status, previous, extract(epoch from at)::int as at from device_status_events
        where enterprise_id = $1 and device_id = $2 and at >= to_timestamp($3) order by at, id`,
      [...p, since],
    );
    const [before] = await q.query<Row<'device_status_events', 'status'>>(
      `select status from device_status_events where enterprise_id = $1 and device_id = $2 and at < to_timestamp($3) order by at desc, id desc limit 1`,
      [...p, since],
    );
    const [seen] = await q.query<{
      at: number;
      errors: { code: string; message?: string }[];
      camera: { state: string; fps: number; lastVisitAt: number | null } | null;
    }>(
      'select extract(epoch from last_seen_at)::int as at, errors, camera from device_presence where enterprise_id = $1 and device_id = $2',
      p,
    );
    const [visits] = await q.query<{ total: number; male: number; female: number; unknown: number; watch: number }>(
      `select count(*)::int as total, count(*) filter (where gender = 1)::int as male, count(*) filter (where gender = 2)::int as female,
              count(*) filter (where gender = 0)::int as unknown, count(*) filter (where action = 'watch')::int as watch
         from visit_events where enterprise_id = $1 and device_id = $2 and event_at > to_timestamp($3)`,
      [...p, nowSec - 3600],
    );
    return {
      events: recent,
      uptime: uptimeByDay(period, before?.status ?? 0, days),
      lastSeen: seen?.at ?? null,
      neverConnected: seen ? 0 : 1,
      errors: seen?.errors ?? [],
      camera: seen?.camera ? { ...seen.camera, lastVisitAt: seen.camera.lastVisitAt ?? null, at: seen.at } : null,
      visitsLastHour: visits,
    };
  });
}
