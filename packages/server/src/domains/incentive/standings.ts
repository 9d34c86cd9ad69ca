import { reachedTier, type IncentiveMetric } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Row, Tables } from '../../db/schema/index.js';
import type { Range } from '@vitrine/contract';
import { Params } from '../../lifecycle/sql.js';
import { visitCountsSql } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { saleLinesSql } from '../../stats/streams.js';
import type { Period, Reset } from './period.js';

// A scheme's standings in one period, computed from the sales and the visits (rollups plus the raw
// rows past the watermark: current to the minute). Every participant is listed, zero included.

export type Scheme = Row<'incentives', 'id' | 'name' | 'category'> & {
  metric: IncentiveMetric;
  level: 'employee' | 'shop';
  commodityIds: number[];
  op: 1 | 2 | 3 | 4 | 5;
  tiers: { threshold: number; reward: string; rewardFen: number }[];
  dateFrom: string;
  dateTo: string;
  reset: Reset;
  employeeIds: number[];
  roles: number[];
  version: number;
  authorId: Tables['incentives']['author_id'];
};
export type Standing = {
  rank: number;
  id: number;
  name: string;
  shopId: number;
  shopName: string;
  value: number;
  tier: number;
  next: number | null;
};

export const SCHEME_COLS = `t.id, t.name, t.metric, t.level, t.commodity_ids as "commodityIds", t.category, t.op, t.tiers,
  to_char(t.date_from, 'YYYY-MM-DD') as "dateFrom", to_char(t.date_to, 'YYYY-MM-DD') as "dateTo", t.reset, t.employee_ids as "employeeIds", t.roles,
  t.live_version as version, t.author_id as "authorId"`;

/** Ops 4 and 5 (at most, under) rank the lowest value first. */
const lowFirst = (op: number) => op === 4 || op === 5;

/**
 * The standings: participants (employees of the targeted shops, or the shops), each one's value,
 * tier, the next tier's threshold and rank (1, 2, 2, 4 on ties) in the whole scheme, best first;
 * `range` keeps the participants whose shop lies in it (null: all).
 */
export async function standings(
  q: Q,
  enterpriseId: number,
  s: Scheme,
  period: Period,
  range: Range | null,
): Promise<Standing[]> {
  const p = new Params([enterpriseId, period.from, period.to, s.id, s.version]);
  const targeted = `select distinct ts.id from record_targets rt
      join shops ts on ts.enterprise_id = rt.enterprise_id and ts.live_version is not null and ts.deleted_at is null
      and (ts.id = rt.shop_id or (rt.shop_id is null and starts_with(ts.district, rt.code)))
    where rt.enterprise_id = $1 and rt.entity = 'incentive' and rt.record_id = $4 and rt.version = $5`;
  const named = s.employeeIds.length ? `and e.id = any(${p.add(s.employeeIds)}::int[])` : '';
  // a role filter keeps the staff whose job has one of the roles (staff without a job are left out)
  const roles = s.roles?.length
    ? `and exists (select 1 from jobs j where j.enterprise_id = e.enterprise_id and j.id = e.job_id and j.role = any(${p.add(s.roles)}::int[]))`
    : '';
  const people = `${named} ${roles}`;
  const participants =
    s.level === 'employee'
      ? `select e.id, e.name, sh.id as shop_id, sh.name as shop_name from employees e join shops sh on sh.enterprise_id = e.enterprise_id and sh.id = e.shop_id
        where e.enterprise_id = $1 and e.live_version is not null and e.deleted_at is null and e.shop_id in (${targeted}) ${people}`
      : `select sh.id, sh.name, sh.id as shop_id, sh.name as shop_name from shops sh where sh.enterprise_id = $1 and sh.id in (${targeted})`;
  const key = s.level === 'employee' ? 'employee_id' : 'shop_id';
  const productFilter = s.commodityIds.length
    ? `where commodity_id = any(${p.add(s.commodityIds)}::int[])`
    : s.category
      ? `where commodity_id in (select id from commodities where enterprise_id = $1 and category = ${p.add(s.category)})`
      : '';
  const sales = (expr: string) =>
    `select ${key} as pid, ${expr} as v from (${saleLinesSql('$2', '$3')}) l ${productFilter} group by ${key}`;
  const visits = `select shop_id as pid, sum(visits)::bigint as v from (${visitCountsSql('$2', '$3')}) x group by shop_id`;
  const value = {
    amount: sales('sum(amount)'),
    quantity: sales('sum(quantity)'),
    visitors: visits,
    conversion: `select vi.pid, case when vi.v > 0 then (coalesce(o.v, 0) * 1000 / vi.v) else 0 end as v
      from (${visits}) vi left join (${sales('sum(lines)')}) o on o.pid = vi.pid`,
  }[s.metric];
  const rows = await q.query<{ id: number; name: string; shop_id: number; shop_name: string; v: number | null }>(
    `select pa.id, pa.name, pa.shop_id, pa.shop_name, coalesce(val.v, 0)::float8 as v from (${participants}) pa left join (${value}) val on val.pid = pa.id`,
    p.values,
  );
  const sorted = rows
    .map((r) => ({ ...r, v: Number(r.v) }))
    .sort((a, b) => (lowFirst(s.op) ? a.v - b.v : b.v - a.v) || a.name.localeCompare(b.name) || a.id - b.id);
  const out: Standing[] = [];
  sorted.forEach((r, i) => {
    const tier = reachedTier(s.op, r.v, s.tiers);
    // competition ranking: equal values share a rank (1, 2, 2, 4)
    const rank = i > 0 && sorted[i - 1].v === r.v ? out[i - 1].rank : i + 1;
    out.push({
      rank,
      id: r.id,
      name: r.name,
      shopId: r.shop_id,
      shopName: r.shop_name,
      value: r.v,
      tier,
      next: s.tiers[tier + 1]?.threshold ?? null,
    });
  });
  if (range === null) return out;
  // ranks are the whole scheme's; the list keeps the participants whose shop lies in the range
  const rp = new Params([enterpriseId]);
  const sql = shopScopeSql('$1', range, undefined, rp.add);
  const mine = new Set((await q.query<{ id: number }>(sql, rp.values)).map((r) => r.id));
  return out.filter((x) => mine.has(x.shopId));
}
