import { describe, expect, it } from 'vitest';
import { post, useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';
import { seedDemoAdvert } from './demo-advert.js';
import { seedDemoSales } from './demo-sales.js';
import { seedDemoStores } from './demo-stores.js';
import { seedDemoIncentives } from './demo-incentive.js';

const t = useTestApp();

describe('demo sales', () => {
  it('90 days of lines per shop, product and employee through sale/report, within opening hours; once', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t);
    await addMemberWithRole(t, ent, manager, 2);
    const people = {
      enterpriseId: ent.companyId,
      supervisor: { id: ent.owner.id, phone: ent.owner.phone },
      manager: { id: manager.id, phone: manager.phone },
    };
    const { managerDistrict } = await seedDemoStores(t.deps, { ...people, shops: 25 });
    await seedDemoAdvert(t.deps, people);
    const started = performance.now();
    const now = new Date('2026-11-24T12:00:00Z');
    const { lines } = await seedDemoSales(t.deps, { ...people, now });
    console.log(
      `demo sales: ${lines} lines for 25 shops in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.db.kind})`,
    );
    expect(lines).toBeGreaterThan(25 * 90);
    const q = <T>(sql: string) => t.db.admin.query<T>(sql, [ent.companyId]);
    const [shape] = await q<{ hours: number[]; days: number; staffed: number; products: number }>(
      `select array_agg(distinct local_hour order by local_hour) as hours, count(distinct local_day)::int as days,
              count(employee_id)::int as staffed, count(distinct commodity_id)::int as products from sale_lines where enterprise_id = $1`,
    );
    expect(shape.hours.every((h) => h >= 9 && h < 22)).toBe(true);
    expect(shape.days).toBeGreaterThanOrEqual(90);
    expect(shape.staffed).toBeGreaterThan(lines / 2);
    expect(shape.products).toBe(8);
    // what the data centre reads is what was reported
    const stats = await post<{ summary: { orders: number } }>(
      t,
      'stats/sale',
      { from: '2026-08-01', to: '2026-11-24' },
      tenantHeaders(ent.owner, ent, ent.ownerRole),
    );
    expect(stats.body.result.summary.orders).toBe(lines);
    expect((await seedDemoSales(t.deps, { ...people, now })).lines).toBe(0);

    // the incentive schemes run on these sales: tiers follow the district's own figures, so some reach them and some do not
    const opts = { ...people, assistant: { id: manager.id, phone: manager.phone }, district: managerDistrict };
    const made = await seedDemoIncentives(t.deps, opts, now);
    expect(made.schemes).toBe(3);
    expect(made.settled).toBeGreaterThan(0);
    const [monthly] = await t.db.admin.query<{ id: number }>(
      "select id from incentives where enterprise_id = $1 and reset = 'monthly'",
      [ent.companyId],
    );
    const progress = await post<{ list: { value: number; tier: number }[] }>(
      t,
      'incentive/progress',
      { id: monthly.id, day: '2026-11-24', pageNum: 1, pageSize: 50 },
      tenantHeaders(ent.owner, ent, ent.ownerRole),
    );
    expect(progress.body.result.list.length).toBeGreaterThan(0);
    expect(progress.body.result.list.some((x) => x.value > 0)).toBe(true);
    expect((await seedDemoIncentives(t.deps, opts, now)).schemes).toBe(0);
  });
});
