import { incentiveData, ROLE, shopIdOf, type Range } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { tenantTx } from '../db/tenant.js';
import { bulkImport } from '../lifecycle/bulk.js';
import { runIncentiveJobs } from '../domains/incentive/jobs.js';
import { localDayOf } from '../lib/local-time.js';
import { EMPLOYEE } from '../records/store-entities.js';
import { INCENTIVE } from '../records/incentive-entity.js';
import { ctxFor, type DemoPerson } from './demo-stores.js';

// The demo's incentive schemes (issue 12 §3): the demo assistant is staff of their shop (so the sales
// seed sells through them and "my incentives" has a standing), then three running schemes for the
// store manager's district with tiers set from the demo's own sales, approved through the lifecycle;
// one round of the incentive job settles last month and announces the tiers already reached.

type Opts = {
  enterpriseId: number;
  supervisor: DemoPerson;
  manager: DemoPerson;
  assistant: DemoPerson;
  district: string;
};

/** The demo assistant as an employee of the one shop of their range (before the sales are seeded). */
export async function seedDemoAssistantStaff(deps: Deps, o: Opts): Promise<void> {
  const scope = { enterpriseId: o.enterpriseId, userId: o.supervisor.id };
  const [manager, sup] = await deps.db.tx(scope, async (q) => [
    await ctxFor(q, o.enterpriseId, o.manager, ROLE.manager),
    await ctxFor(q, o.enterpriseId, o.supervisor, ROLE.supervisor),
  ]);
  await tenantTx(deps.db, sup, async (q) => {
    const [entry] = await q.query<{ data_range: Range | null }>(
      'select data_range from role_entries where enterprise_id = $1 and user_id = $2',
      [o.enterpriseId, o.assistant.id],
    );
    const shop = entry?.data_range?.s.map(shopIdOf).find((x): x is number => x !== null);
    const known = await q.query('select 1 from employees where enterprise_id = $1 and phone = $2', [
      o.enterpriseId,
      o.assistant.phone,
    ]);
    if (!shop || known.length) return;
    await bulkImport(q, EMPLOYEE, manager, sup, [
      {
        data: {
          name: o.assistant.nickname ?? '店员',
          phone: o.assistant.phone,
          gender: 2,
          shopId: shop,
          deptId: null,
          jobId: null,
          hireDate: 1_700_000_000,
        },
        outcome: 'enabled',
      },
    ]);
  });
}

/** A round number near `v` (two significant digits), at least `min`. */
const nice = (v: number, min: number) => {
  const x = Math.max(min, v);
  const p = 10 ** Math.max(0, Math.floor(Math.log10(x)) - 1);
  return Math.round(x / p) * p;
};

export async function seedDemoIncentives(
  deps: Deps,
  o: Opts,
  now = new Date(),
): Promise<{ schemes: number; settled: number }> {
  const scope = { enterpriseId: o.enterpriseId, userId: o.supervisor.id };
  const [manager, sup] = await deps.db.tx(scope, async (q) => [
    await ctxFor(q, o.enterpriseId, o.manager, ROLE.manager),
    await ctxFor(q, o.enterpriseId, o.supervisor, ROLE.supervisor),
  ]);
  const made = await tenantTx(deps.db, sup, async (q) => {
    if ((await q.query('select 1 from incentives where enterprise_id = $1 limit 1', [o.enterpriseId])).length) return 0;
    const [{ tz }] = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [
      o.enterpriseId,
    ]);
    const today = localDayOf(tz, now.getTime());
    // what a typical clerk of the district sells in a month, and a shop converts in a week: the tiers follow the demo's own figures
    const [typical] = await q.query<{ month: number; tea: number; conv: number }>(
      `with d as (select id from shops where enterprise_id = $1 and district = $2),
            m as (select employee_id, sum(amount) as s from sale_lines where enterprise_id = $1 and shop_id in (select id from d) and employee_id is not null
                    and local_day > $3::date - 30 group by employee_id),
            t as (select employee_id, sum(quantity) as s from sale_lines l join commodities c on c.enterprise_id = l.enterprise_id and c.id = l.commodity_id
                   where l.enterprise_id = $1 and l.shop_id in (select id from d) and c.category = '茶叶' and l.local_day > $3::date - 7 group by employee_id),
            v as (select shop_id, sum(visits) as n from visit_rollup_hourly
                   where enterprise_id = $1 and shop_id in (select id from d) and local_day > $3::date - 7 group by shop_id),
            o as (select shop_id, count(*) as n from sale_lines
                   where enterprise_id = $1 and shop_id in (select id from d) and local_day > $3::date - 7 group by shop_id)
       select coalesce((select percentile_cont(0.5) within group (order by s) from m), 0)::float8 as month,
              coalesce((select percentile_cont(0.5) within group (order by s) from t), 0)::float8 as tea,
              coalesce((select percentile_cont(0.5) within group (order by o.n * 1000.0 / v.n)
                          from v join o using (shop_id) where v.n > 0), 0)::float8 as conv`,
      [o.enterpriseId, o.district, today],
    );
    const monthStart = `${today.slice(0, 7)}-01`;
    const from = new Date(`${monthStart}T00:00:00Z`);
    from.setUTCMonth(from.getUTCMonth() - 2);
    const m = nice(typical.month, 100_000);
    const tea = nice(typical.tea, 5);
    const conv = nice(typical.conv, 20);
    const targets = { p: [], c: [], a: [o.district], s: [] };
    const schemes = [
      {
        name: '店员月度销售冠军',
        description: '每月按销售额排名，达到档位即得奖金，月底自动结算。',
        metric: 'amount',
        level: 'employee',
        op: 1,
        reset: 'monthly',
        tiers: [
          { threshold: nice(m * 0.6, 100_000), reward: '奖金 100 元', rewardFen: 10_000 },
          { threshold: m, reward: '奖金 300 元', rewardFen: 30_000 },
          { threshold: nice(m * 1.5, 100_000), reward: '奖金 800 元', rewardFen: 80_000 },
        ],
      },
      {
        name: '茶叶周销量挑战',
        description: '每周茶叶类商品销量达标即可获得奖励。',
        metric: 'quantity',
        level: 'employee',
        op: 1,
        reset: 'weekly',
        category: '茶叶',
        tiers: [
          { threshold: tea, reward: '带薪休假半天', rewardFen: 0 },
          { threshold: nice(tea * 2, 10), reward: '奖金 200 元', rewardFen: 20_000 },
        ],
      },
      {
        name: '门店转化率提升计划',
        description: '每周按每百位进店顾客的成交笔数排名。',
        metric: 'conversion',
        level: 'shop',
        op: 1,
        reset: 'weekly',
        tiers: [
          { threshold: conv, reward: '团队聚餐', rewardFen: 50_000 },
          { threshold: nice(conv * 1.3, 20), reward: '流动红旗', rewardFen: 0 },
        ],
      },
    ];
    const rows = schemes.map((s) => ({
      data: incentiveData.parse({
        ...s,
        dateFrom: from.toISOString().slice(0, 10),
        dateTo: `${today.slice(0, 4)}-12-31`,
        targets,
        commodityIds: [],
        employeeIds: [],
      }),
      outcome: 'enabled' as const,
    }));
    return (await bulkImport(q, INCENTIVE, manager, sup, rows)).length;
  });
  const jobs = made ? await runIncentiveJobs(deps, now) : { settled: 0 };
  return { schemes: made, settled: jobs.settled };
}
