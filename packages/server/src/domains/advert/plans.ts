import { ONLINE_STATUS as O, type PLAN_DEVICE_REASONS, type Range } from '@vitrine/contract';
import { loadWorld, fileUrl } from '../../advert/playlists.js';
import { mismatch, resolve, type ResolveDevice, type World } from '../../advert/resolve.js';
import { localDayOf } from '../../lib/local-time.js';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import { reach } from '../../lifecycle/access.js';
import { setFlag, setOnline } from '../../lifecycle/review.js';
import { Params } from '../../lifecycle/sql.js';
import { targetsOf, type Targets } from '../../lifecycle/targets.js';
import type { TenantCtx } from '../../plugins/context.js';
import { AD_PLAN } from '../../records/advert-entities.js';
import { DEVICE } from '../../records/device-entity.js';
import { shopScopeSql } from '../stats/scope.js';
import type { Row, Tables } from '../../db/schema/index.js';

// The plan-only calls: launch (throw), revoke, default, the device list with why a screen does not
// play the plan, and a screen's 7-day timeline — the last two read the same resolution the device
// API serves (advert/resolve.ts).

type Reason = (typeof PLAN_DEVICE_REASONS)[number];

export const throwPlan = (deps: Deps, ctx: TenantCtx, id: number) =>
  tenantTx(deps.db, ctx, (q) => setOnline(q, AD_PLAN, ctx, id, O.online));
export const revokePlan = (deps: Deps, ctx: TenantCtx, id: number) =>
  tenantTx(deps.db, ctx, (q) => setOnline(q, AD_PLAN, ctx, id, O.offline));
export const defaultPlan = (deps: Deps, ctx: TenantCtx, id: number, isDefault: number) =>
  tenantTx(deps.db, ctx, (q) => setFlag(q, AD_PLAN, ctx, id, 'is_default', isDefault));

type DeviceRow = Row<'devices', 'id' | 'code' | 'name' | 'shop_id' | 'type' | 'device_status'> &
  Row<'shops', 'province' | 'city' | 'district'> &
  Row<'enterprises', 'time_zone'> & { shop_name: Tables['shops']['name']; orientation: number };

const DEVICE_COLS = `d.id, d.code, d.name, d.shop_id, s.name as shop_name, d.type, d.orientation::int as orientation, d.device_status,
  s.province, s.city, s.district, e.time_zone`;
const DEVICE_FROM = `devices d join shops s on s.enterprise_id = d.enterprise_id and s.id = d.shop_id join enterprises e on e.id = d.enterprise_id`;

const asDevice = (r: DeviceRow): ResolveDevice => ({
  id: r.id,
  shopId: r.shop_id,
  province: r.province,
  city: r.city,
  district: r.district,
  type: r.type,
  orientation: r.orientation,
  timezone: r.time_zone,
});

type Statement = { text: string; params: unknown[] };

/** The enabled devices a plan's targets reach in a range: their count and one page (the bench runs the same text through raw pg). */
export function planDevicesSql(
  enterpriseId: number,
  targets: Targets,
  range: Range | null,
  paging: { pageNum: number; pageSize: number },
): { count: Statement; rows: Statement } {
  const p = new Params([enterpriseId]);
  const areas = p.add([...targets.p, ...targets.c, ...targets.a]);
  const aimed = `(d.id = any(${p.add(targets.d)}::int[]) or in_range(s.id, s.district, ${areas}::text[], ${p.add(targets.s)}::int[]))`;
  const where = `d.enterprise_id = $1 and d.live_version is not null and d.deleted_at is null and ${aimed}
    and s.id in (${shopScopeSql('$1', range, undefined, p.add)})`;
  const count = { text: `select count(*)::int as total from ${DEVICE_FROM} where ${where}`, params: [...p.values] };
  const rows = `select ${DEVICE_COLS} from ${DEVICE_FROM} where ${where}
    order by d.id limit ${p.add(paging.pageSize)} offset ${p.add((paging.pageNum - 1) * paging.pageSize)}`;
  return { count, rows: { text: rows, params: p.values } };
}

export async function planDevices(
  deps: Deps,
  ctx: TenantCtx,
  input: { id: number; pageNum: number; pageSize: number },
) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const rec = await reach(q, AD_PLAN, ctx, input.id);
    if (rec.liveVersion === null) throw fail.conflict('lifecycle.notEnabled');
    const [{ tz }] = await q.query<{ tz: Tables['enterprises']['time_zone'] }>(
      'select time_zone as tz from enterprises where id = $1',
      [scope.enterpriseId],
    );
    const now = new Date();
    const today = localDayOf(tz, now.getTime());
    const world = await loadWorld((sql, params) => q.query(sql, params), scope.enterpriseId, today, input.id);
    const plan = world.plans.find((x) => x.id === input.id);
    const targets = plan?.targets ?? targetsOf(rec.headData.targets);
    const sql = planDevicesSql(scope.enterpriseId, targets, ctx.range, input);
    const [{ total }] = await q.query<{ total: number }>(sql.count.text, sql.count.params);
    const rows = await q.query<DeviceRow>(sql.rows.text, sql.rows.params);
    const online = rec.online;
    const names = new Map(
      (
        await q.query<Row<'ad_plans', 'id' | 'name'>>('select id, name from ad_plans where enterprise_id = $1', [
          scope.enterpriseId,
        ])
      ).map((r) => [r.id, r.name]),
    );
    const launched: World = { ...world, plans: world.plans.filter((x) => x.id !== input.id || online === O.online) };
    const nowSec = Math.floor(now.getTime() / 1000);
    const list = rows.map((r) => {
      const dev = asDevice(r);
      let reason: Reason | null = null;
      let by: number | null = null;
      const static_ = plan ? mismatch(plan, dev, world) : 'noContent';
      if (static_ === 'deviceType' || static_ === 'orientation' || static_ === 'noContent') reason = static_;
      else if (online !== O.online) reason = 'notLaunched';
      else if (r.device_status === 0) reason = 'offline';
      else {
        const pl = resolve(dev, launched, now, fileUrl);
        const seg = pl.segments.find((s) => s.from <= nowSec && nowSec < s.to);
        const mine = new Set(plan?.contents.map((c) => c.contentId));
        if (!seg) reason = 'outsideTime';
        else if (seg.planId !== input.id && !seg.items.some((i) => mine.has(i.contentId))) {
          // outranked only when the plan would run now; otherwise it is simply not its time
          const alone = resolve(
            dev,
            { ...launched, plans: launched.plans.filter((x) => x.id === input.id) },
            now,
            fileUrl,
          );
          reason = alone.segments.some((s) => s.from <= nowSec && nowSec < s.to) ? 'outranked' : 'outsideTime';
          if (reason === 'outranked') by = seg.planId;
        }
      }
      return {
        deviceId: r.id,
        code: r.code,
        name: r.name,
        shopId: r.shop_id,
        shopName: r.shop_name,
        type: r.type,
        orientation: r.orientation,
        deviceStatus: r.device_status,
        playing: reason === null ? 1 : 0,
        reason,
        byPlanId: by,
        byPlanName: by === null ? '' : (names.get(by) ?? ''),
      };
    });
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
}

/** What one screen (in the caller's range) plays over the next 7 local days. */
export async function timeline(deps: Deps, ctx: TenantCtx, deviceId: number) {
  const rec = await tenantTx(deps.db, ctx, (q) => reach(q, DEVICE, ctx, deviceId));
  if (!rec.inRange) throw fail.forbidden('lifecycle.outOfRange');
  const scope = { enterpriseId: ctx.enterprise.id };
  const [row] = await deps.db.read<DeviceRow>(
    scope,
    `select ${DEVICE_COLS} from ${DEVICE_FROM} where d.enterprise_id = $1 and d.id = $2`,
    [scope.enterpriseId, deviceId],
  );
  const now = new Date();
  const world = await loadWorld(
    (sql, params) => deps.db.read(scope, sql, params),
    scope.enterpriseId,
    localDayOf(row.time_zone, now.getTime()),
  );
  const pl = resolve(asDevice(row), world, now, fileUrl);
  const ids = [...new Set([...pl.segments.map((s) => s.planId), ...(pl.fallback ? [pl.fallback.planId] : [])])];
  const plans = ids.length
    ? await deps.db.read<Row<'ad_plans', 'id' | 'name'> & { isDefault: number }>(
        scope,
        'select id, name, is_default::int as "isDefault" from ad_plans where enterprise_id = $1 and id = any($2::int[]) order by id',
        [scope.enterpriseId, ids],
      )
    : [];
  return { timezone: pl.timezone, segments: pl.segments, fallback: pl.fallback, etag: pl.etag, plans };
}
