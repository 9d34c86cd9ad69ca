import { describe, expect, it } from 'vitest';
import { AD_TYPES } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';
import { seedDemoAdvert } from './demo-advert.js';
import { seedDemoStores } from './demo-stores.js';

const t = useTestApp();
type Timeline = { fallback: { planId: number } | null; segments: { planId: number; items: { type: string; files: string[] }[] }[] };

describe('demo advertising', () => {
  it('gives the demo materials, products, every ad type and launched plans, so its screens have something to play; once', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t);
    await addMemberWithRole(t, ent, manager, 2);
    const people = { enterpriseId: ent.companyId, supervisor: { id: ent.owner.id, phone: ent.owner.phone }, manager: { id: manager.id, phone: manager.phone } };
    await seedDemoStores(t.deps, { ...people, shops: 25 });
    const started = performance.now();
    const res = await seedDemoAdvert(t.deps, people);
    console.log(`demo advertising: ${JSON.stringify(res)} in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.db.kind})`);
    expect(res.materials).toBeGreaterThanOrEqual(18);

    const q = <T>(sql: string) => t.db.admin.query<T>(sql, [ent.companyId]);
    const types = await q<{ ad_type: string }>('select distinct ad_type from ad_contents where enterprise_id = $1 and live_version is not null order by 1');
    expect(types.map((r) => r.ad_type)).toEqual([...AD_TYPES].sort());
    expect((await q<{ n: number }>('select count(*)::int as n from ad_contents where enterprise_id = $1 and live_version is null'))[0].n).toBe(1);
    const plans = await q<{ name: string; online: number; live: boolean; is_default: number }>(
      'select name, online, live_version is not null as live, is_default from ad_plans where enterprise_id = $1 order by id');
    expect(plans.filter((p) => p.online === 302)).toHaveLength(6);
    expect(plans.filter((p) => !p.live).map((p) => p.name)).toEqual(['春节预热计划']);
    expect(plans.filter((p) => p.is_default).map((p) => p.name)).toEqual(['全天默认播放']);
    const posters = await q<{ n: number }>('select count(*)::int as n from materials where enterprise_id = $1 and poster_file_id is not null');
    expect(posters[0].n).toBe(1);

    // what a Shanghai entrance screen and a cashier tablet play: the device API's resolution
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const screens = await q<{ id: number; type: string }>(
      `select d.id, d.type from devices d join shops s on s.id = d.shop_id where d.enterprise_id = $1 and s.province = '31' and d.live_version is not null order by d.id limit 2`);
    const timeline = async (id: number) => (await post<Timeline>(t, 'ad-plan/timeline', { deviceId: id }, h)).body.result;
    const big = await timeline(screens.find((d) => d.type === 'big')!.id);
    const [fallback] = await q<{ id: number }>(`select id from ad_plans where enterprise_id = $1 and is_default = 1`);
    expect(big.fallback?.planId).toBe(fallback.id);
    expect(new Set(big.segments.flatMap((s) => s.items.map((i) => i.type)))).toEqual(new Set(['main', 'details', 'default']));
    const pad = await timeline(screens.find((d) => d.type === 'pad')!.id);
    expect(pad.segments.length).toBeGreaterThan(0);
    expect(pad.segments.every((s) => s.items.every((i) => i.type === 'main' && i.files.length === 1))).toBe(true);

    expect(await seedDemoAdvert(t.deps, people)).toEqual({ materials: 0, products: 0, contents: 0, plans: 0 });
  });
});
