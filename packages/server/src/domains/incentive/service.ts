import { ONLINE_STATUS as O } from '@vitrine/contract';
import { localDayOf } from '../../lib/local-time.js';
import type { Deps } from '../../deps.js';
import type { Q } from '../../db/client.js';
import type { Row, Tables } from '../../db/schema/index.js';
import { page } from '../../db/paging.js';
import { tenantTx } from '../../db/tenant.js';
import { fail } from '../../errors.js';
import { reach } from '../../lifecycle/access.js';
import type { TenantCtx } from '../../plugins/context.js';
import { INCENTIVE } from '../../records/incentive-entity.js';
import { shopScopeSql } from '../stats/scope.js';
import { rangeShopIds } from '../../lifecycle/range.js';
import { periodOf, type Period } from './period.js';
import { SCHEME_COLS, standings, type Scheme, type Standing } from './standings.js';

// Progress, leaderboard, "my incentives" and settlements of incentive schemes (issue 12 §2).

export async function timezoneOf(q: Q, enterpriseId: number): Promise<string> {
  const [row] = await q.query<{ tz: Tables['enterprises']['time_zone'] }>(
    'select time_zone as tz from enterprises where id = $1',
    [enterpriseId],
  );
  return row?.tz ?? 'Asia/Shanghai';
}

/** The enabled version of a scheme (its typed columns), or null before approval. */
export async function liveScheme(q: Q, enterpriseId: number, id: number): Promise<Scheme | null> {
  const [row] = await q.query<Scheme>(
    `select ${SCHEME_COLS} from incentives t where t.enterprise_id = $1 and t.id = $2 and t.live_version is not null`,
    [enterpriseId, id],
  );
  return row ? { ...row, op: Number(row.op) as Scheme['op'] } : null;
}

const result = (period: Period, all: Standing[], pageNum: number, pageSize: number) => ({
  period,
  total: all.length,
  reachedCount: all.filter((s) => s.tier >= 0).length,
  list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize),
});

async function schemeFor(q: Q, ctx: TenantCtx, id: number): Promise<Scheme> {
  await reach(q, INCENTIVE, ctx, id);
  const s = await liveScheme(q, ctx.enterprise.id, id);
  if (!s) throw fail.conflict('lifecycle.notEnabled');
  return s;
}

/** Every participant in the caller's range, in the current period or the one holding `day`. */
export function progress(
  deps: Deps,
  ctx: TenantCtx,
  f: { id: number; day?: string; pageNum: number; pageSize: number },
  now = new Date(),
) {
  return tenantTx(deps.db, ctx, async (q) => {
    const s = await schemeFor(q, ctx, f.id);
    const period = periodOf(s, f.day ?? localDayOf(await timezoneOf(q, ctx.enterprise.id), now.getTime()));
    return result(period, await standings(q, ctx.enterprise.id, s, period, ctx.range), f.pageNum, f.pageSize);
  });
}

/** The first `n` of the whole scheme (a leaderboard names other shops' people too). */
export function leaderboard(deps: Deps, ctx: TenantCtx, f: { id: number; n: number }, now = new Date()) {
  return tenantTx(deps.db, ctx, async (q) => {
    const s = await schemeFor(q, ctx, f.id);
    const period = periodOf(s, localDayOf(await timezoneOf(q, ctx.enterprise.id), now.getTime()));
    return result(period, await standings(q, ctx.enterprise.id, s, period, null), 1, f.n);
  });
}

/**
 * The running schemes the caller takes part in: as the employee whose phone is theirs, or through
 * their shop (their employee record's, or the one shop of their range) — with their standing.
 */
export function mine(deps: Deps, ctx: TenantCtx, now = new Date()) {
  return tenantTx(deps.db, ctx, async (q) => {
    const ent = ctx.enterprise.id;
    const today = localDayOf(await timezoneOf(q, ent), now.getTime());
    const me = await q.query<Row<'employees', 'id' | 'shop_id'>>(
      `select e.id, e.shop_id from employees e join users u on u.phone = e.phone
        where e.enterprise_id = $1 and u.id = $2 and e.live_version is not null and e.deleted_at is null`,
      [ent, ctx.user.id],
    );
    const rangeShops =
      ctx.range && !ctx.range.p.length && !ctx.range.c.length && !ctx.range.a.length ? rangeShopIds(ctx.range) : [];
    const myShops = new Set([...me.map((m) => m.shop_id), ...rangeShops]);
    const myEmployees = new Set(me.map((m) => m.id));
    if (!myShops.size) return { list: [] };
    const schemes = await q.query<Scheme>(
      `select ${SCHEME_COLS} from incentives t where t.enterprise_id = $1 and t.live_version is not null and t.deleted_at is null and t.online = ${O.online}
          and t.date_from <= $2::date and t.date_to >= $2::date order by t.date_to, t.id`,
      [ent, today],
    );
    const list = [];
    for (const raw of schemes) {
      const s = { ...raw, op: Number(raw.op) as Scheme['op'] };
      const period = periodOf(s, today);
      const all = await standings(q, ent, s, period, null);
      const mineOnly = all.filter((x) =>
        s.level === 'employee' ? myEmployees.has(x.id) || myShops.has(x.shopId) : myShops.has(x.id),
      );
      if (!mineOnly.length) continue;
      const own = s.level === 'employee' ? mineOnly.find((x) => myEmployees.has(x.id)) : mineOnly[0];
      list.push({
        id: s.id,
        name: s.name,
        metric: s.metric,
        level: s.level,
        op: s.op,
        tiers: s.tiers,
        period,
        me: own ?? null,
        participants: all.length,
      });
    }
    return { list };
  });
}

type SettlementRow = Row<'incentive_settlements', 'period_key' | 'participant_id' | 'name' | 'tier' | 'reward'> & {
  period_from: string;
  period_to: string;
  shop_name: string;
  value: number;
  reward_fen: number;
  settled_at: number;
};

export function settlements(deps: Deps, ctx: TenantCtx, f: { id: number; pageNum: number; pageSize: number }) {
  return tenantTx(deps.db, ctx, async (q) => {
    await reach(q, INCENTIVE, ctx, f.id);
    const params: unknown[] = [ctx.enterprise.id, f.id];
    const add = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    const inRange = ctx.range === null ? 'true' : `r.shop_id in (${shopScopeSql('$1', ctx.range, undefined, add)})`;
    const res = await page<SettlementRow>(
      q,
      {
        select: `r.period_key, to_char(r.period_from, 'YYYY-MM-DD') as period_from, to_char(r.period_to, 'YYYY-MM-DD') as period_to, r.participant_id, r.name,
        coalesce(s.name, '') as shop_name, r.value::float8 as value, r.tier, r.reward, r.reward_fen::float8 as reward_fen,
        extract(epoch from r.settled_at)::int as settled_at`,
        from: 'incentive_settlements r left join shops s on s.enterprise_id = r.enterprise_id and s.id = r.shop_id',
        where: `r.enterprise_id = $1 and r.incentive_id = $2 and ${inRange}`,
        order: 'r.period_from desc, r.tier desc, r.value desc, r.participant_id',
        params,
      },
      f,
    );
    return {
      ...res,
      list: res.list.map((r) => ({
        periodKey: r.period_key,
        from: r.period_from,
        to: r.period_to,
        participantId: r.participant_id,
        name: r.name,
        shopName: r.shop_name,
        value: Number(r.value),
        tier: r.tier,
        reward: r.reward,
        rewardFen: Number(r.reward_fen),
        settledAt: r.settled_at,
      })),
    };
  });
}
