import { describe, expect, it } from 'vitest';
import { AD_TYPES, type Playlist } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { dev } from '../../test/devices.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../test/factories.js';
import { localDayOf } from '../lib/local-time.js';
import { nextOccasion, seedDemoAdvert } from './demo-advert.js';
import { seedDemoStores } from './demo-stores.js';

const t = useTestApp();

describe('demo advertising', () => {
  it('warms up for the next occasion at least a week ahead, and ends with it', () => {
    expect(nextOccasion('2026-09-20')).toEqual({
      name: '国庆',
      day: '2026-10-01',
      dateFrom: '2026-09-20',
      dateTo: '2026-10-07',
    });
    expect(nextOccasion('2026-11-08')).toEqual({
      name: '双十二',
      day: '2026-12-12',
      dateFrom: '2026-11-12',
      dateTo: '2026-12-12',
    });
    expect(nextOccasion('2026-12-28')).toEqual({
      name: '女神节',
      day: '2027-03-08',
      dateFrom: '2027-02-06',
      dateTo: '2027-03-08',
    });
  });

  it('gives the demo materials, products, every ad type and launched plans, so its screens have something to play; once', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t);
    await addMemberWithRole(t, ent, manager, 2);
    const people = {
      enterpriseId: ent.companyId,
      supervisor: { id: ent.owner.id, phone: ent.owner.phone },
      manager: { id: manager.id, phone: manager.phone },
    };
    await seedDemoStores(t.deps, { ...people, shops: 25 });
    const today = localDayOf('Asia/Shanghai', Date.now());
    const warmup = `${nextOccasion(today).name}预热计划`;
    const started = performance.now();
    const res = await seedDemoAdvert(t.deps, { ...people, today });
    console.log(
      `demo advertising: ${JSON.stringify(res)} in ${((performance.now() - started) / 1000).toFixed(1)} s (${t.db.kind})`,
    );
    expect(res).toEqual({ materials: 18, products: 8, contents: 9, plans: 13, launched: 10, pitches: 17 });
    // the 15 cells of AI pitches are covered enterprise-wide, with two district overrides
    const cells = await t.db.admin.query<{ n: number; overrides: number }>(
      `select count(distinct (gender, age_band)) filter (where scope->'a' = '[]' or scope->'a' is null)::int as n,
              count(*) filter (where scope->'a' <> '[]')::int as overrides
         from ai_pitches where enterprise_id = $1 and live_version is not null`,
      [ent.companyId],
    );
    expect(cells[0]).toEqual({ n: 15, overrides: 2 });

    const q = <T>(sql: string) => t.db.admin.query<T>(sql, [ent.companyId]);
    // materials: stored once each, in the library, the video with its poster frame
    const library = await q<{ mime: string; poster: boolean }>(
      'select f.mime, m.poster_file_id is not null as poster from materials m join files f on f.id = m.file_id where m.enterprise_id = $1',
    );
    expect(library).toHaveLength(18);
    expect(new Set(library.map((m) => m.mime))).toEqual(new Set(['image/jpeg', 'video/mp4', 'audio/mpeg']));
    expect(library.filter((m) => m.poster).map((m) => m.mime)).toEqual(['video/mp4']);
    // every ad type enabled; one content left a draft
    const types = await q<{ ad_type: string }>(
      'select distinct ad_type from ad_contents where enterprise_id = $1 and status = 103 and online = 302 order by 1',
    );
    expect(types.map((r) => r.ad_type)).toEqual([...AD_TYPES].sort());
    expect(
      (
        await q<{ n: number }>('select count(*)::int as n from ad_contents where enterprise_id = $1 and status = 101')
      )[0].n,
    ).toBe(1);
    // plans in every state: launched (one the default), approved but not launched, rejected, in review
    const plans = await q<{ name: string; status: number; online: number; is_default: number; targets: number }>(
      `select name, status, online, is_default,
              (select count(*)::int from record_targets rt
                where rt.enterprise_id = p.enterprise_id and rt.entity = 'ad-plan' and rt.record_id = p.id) as targets
         from ad_plans p where enterprise_id = $1 order by id`,
    );
    expect(plans.filter((p) => p.status === 103 && p.online === 302)).toHaveLength(10);
    expect(plans.filter((p) => p.status === 103 && p.online === 301).map((p) => p.name)).toEqual([
      '会员周末特惠（待投放）',
    ]);
    expect(plans.filter((p) => p.status === 104).map((p) => p.name)).toEqual(['夜宵档试投放']);
    expect(plans.filter((p) => p.status === 102).map((p) => p.name)).toEqual([warmup]);
    expect(plans.filter((p) => p.is_default).map((p) => p.name)).toEqual(['全天默认播放']);
    expect(plans.every((p) => p.targets > 0)).toBe(true);
    // the console sees the review waiting, and the operation log has the plans' story
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const waiting = await post<{ list: { name: string }[] }>(t, 'ad-plan/apply-list', { pageNum: 1, pageSize: 20 }, h);
    expect(waiting.body.result.list.map((p) => p.name)).toEqual([warmup]);
    const verbs = await q<{ verb: string }>(
      `select distinct verb from oplog where enterprise_id = $1 and entity = 'ad-plan' order by 1`,
    );
    expect(verbs.map((v) => v.verb)).toEqual(['apply', 'create', 'pass', 'reject', 'throw', 'update']);

    // what a Shanghai entrance screen and a cash-desk tablet get from the device API
    const screens = await q<{ id: number; code: string; type: string }>(
      `select d.id, d.code, d.type from devices d join shops s on s.id = d.shop_id
        where d.enterprise_id = $1 and s.district = '310101' and d.live_version is not null order by d.id limit 2`,
    );
    const playlistOf = async (device: { id: number; code: string }) => {
      const code = await post<{ code: string }>(t, 'device/activation', { id: device.id }, h);
      const token = (
        await dev<{ deviceToken: string }>(t, 'activate', { code: device.code, activation: code.body.result.code })
      ).body.result.deviceToken;
      const res = await dev<Playlist>(t, 'playlist', null, token, { method: 'GET' });
      expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
      return res.body.result;
    };
    const name = async (planId: number) =>
      (await t.db.admin.query<{ name: string }>('select name from ad_plans where id = $1', [planId]))[0].name;
    const entrance = await playlistOf(screens.find((d) => d.type === 'big')!);
    expect(await name(entrance.fallback!.planId)).toBe('全天默认播放');
    expect(new Set(entrance.fallback!.items.map((i) => i.type))).toEqual(new Set(['default', 'main']));
    expect(new Set(await Promise.all(entrance.segments.map((s) => name(s.planId))))).toEqual(
      new Set(['上海 · 早间新品', '黄浦 · 深夜安静时段']),
    );
    expect(new Set(entrance.segments.flatMap((s) => s.items.map((i) => i.type)))).toEqual(
      new Set(['main', 'details', 'default']),
    );
    // a product display carries its panel, its product's picture in the file manifest
    const details = entrance.segments.flatMap((s) => s.items).find((i) => i.type === 'details')!;
    expect(details.show?.products.map((p) => [p.name, p.price])).toEqual([['龙井绿茶', 6800]]);
    expect(entrance.files.map((f) => f.sha256)).toContain(details.show?.products[0].image);
    // the music under it, with the track's own length (16 s)
    expect(entrance.bgm).toEqual([expect.objectContaining({ type: 'bgm', durationMs: expect.closeTo(16_000, -3) })]);
    expect(new Set(entrance.files.map((f) => f.mime))).toEqual(new Set(['image/jpeg', 'video/mp4', 'audio/mpeg']));
    const tablet = await playlistOf(screens.find((d) => d.type === 'pad')!);
    expect(new Set(await Promise.all(tablet.segments.map((s) => name(s.planId))))).toEqual(new Set(['收银台竖屏推荐']));
    expect(
      [...tablet.segments.flatMap((s) => s.items), ...tablet.fallback!.items].every(
        (i) => i.type === 'main' && i.files.length === 1,
      ),
    ).toBe(true);

    const before = await q<{ n: number }>(
      'select (select count(*) from files where enterprise_id = $1) + (select count(*) from oplog where enterprise_id = $1) as n',
    );
    expect(await seedDemoAdvert(t.deps, people)).toEqual({
      materials: 0,
      products: 0,
      contents: 0,
      plans: 0,
      launched: 0,
    });
    expect(
      await q<{ n: number }>(
        'select (select count(*) from files where enterprise_id = $1) + (select count(*) from oplog where enterprise_id = $1) as n',
      ),
    ).toEqual(before);
  });
});
