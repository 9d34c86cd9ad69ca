import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser } from '../../test/factories.js';
import { seedDemoStores } from './demo-stores.js';

const t = useTestApp();

describe('demo stores', () => {
  it('seeds shops, points, staff, members and devices through the engine, and no device status', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t);
    await addMemberWithRole(t, ent, manager, 2);
    const started = performance.now();
    const res = await seedDemoStores(t.deps, {
      enterpriseId: ent.companyId,
      supervisor: { id: ent.owner.id, phone: ent.owner.phone },
      manager: { id: manager.id, phone: manager.phone },
      shops: Number(process.env.DEMO_SHOPS ?? 240),
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(`demo stores: ${JSON.stringify(res)} in ${seconds.toFixed(1)} s (${t.db.kind})`);
    // statuses come from heartbeats only: every demo device is offline and never connected
    const rows = await t.db.admin.query<{ s: number; n: number }>(
      'select device_status as s, count(*)::int as n from devices where enterprise_id = $1 group by 1 order by 1',
      [ent.companyId],
    );
    expect(rows.map((r) => r.s)).toEqual([0]);
    const seen = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from device_presence where enterprise_id = $1',
      [ent.companyId],
    );
    expect(seen[0].n).toBe(0);
    const states = await t.db.admin.query<{ status: number }>(
      'select distinct status from shops where enterprise_id = $1 order by 1',
      [ent.companyId],
    );
    expect(states.map((r) => r.status)).toEqual([101, 102, 103, 104]);
    // the 店长 column is never "—": every demo shop has its store manager (issue 25 §6)
    const unmanaged = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from shops where enterprise_id = $1 and manager_id is null',
      [ent.companyId],
    );
    expect(unmanaged[0].n).toBe(0);
    expect(
      (
        await seedDemoStores(t.deps, {
          enterpriseId: ent.companyId,
          supervisor: { id: ent.owner.id, phone: ent.owner.phone },
          manager: { id: manager.id, phone: manager.phone },
        })
      ).shops,
    ).toBe(0);
  });
});
