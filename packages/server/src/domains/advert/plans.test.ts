import { describe, expect, it } from 'vitest';
import { RET, type Playlist } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { makePng, permitOf, upload } from '../files/fixtures.js';

// The advertising loop through the real app (issue 9 §5): a material, a carousel content and a plan
// aimed at a district, reviewed; approval does not launch it; throw puts it on the screens that fit
// (the device API's playlist and heartbeat ETag change), device-list says why a portrait screen is
// left out, revoke takes it off. Another enterprise's screen in the same district never sees it.

const t = useTestApp();
type Item = {
  id: number;
  online: number;
  status: number;
  totalMs: number;
  items: { fileId: number; durationMs: number }[];
};
type PlanDevice = { deviceId: number; playing: number; reason: string | null };

async function approved(f: Fleet, entity: string, body: Record<string, unknown>): Promise<Item> {
  const c = await post<Item>(t, `${entity}/create`, body, f.sup);
  expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
  expect((await post(t, `${entity}/apply`, { id: c.body.result.id }, f.sup)).body.ret).toBe(0);
  const e = await post<Item>(t, `${entity}/examine`, { id: c.body.result.id, pass: 1 }, f.revHeaders);
  expect(e.body.ret, JSON.stringify(e.body)).toBe(0);
  return e.body.result;
}

async function material(f: Fleet): Promise<{ id: number; sha256: string }> {
  const permit = await permitOf(t, f.sup, 'material');
  const res = await upload(t, f.sup, permit.result.permit, {
    name: 'poster.png',
    data: makePng(1920, 1080, Date.now() % 1000),
  });
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  const id = Number(res.body.result.id);
  const [{ sha256 }] = await t.db.admin.query<{ sha256: string }>('select sha256 from files where id = $1', [id]);
  return { id, sha256 };
}

const playlistOf = async (token: string) =>
  (await dev<Playlist>(t, 'playlist', null, token, { method: 'GET' })).body.result;

describe('ad plans on the screens', () => {
  let f: Fleet;
  let landscape: { id: number; code: string };
  let portrait: { id: number; code: string };
  let token: string;
  let otherToken: string;
  let planId: number;
  let file: { id: number; sha256: string };

  it('composes a carousel of a material (an image without a duration shows 10 s)', async () => {
    f = await makeFleet(t);
    landscape = await makeDevice(t, f);
    portrait = await makeDevice(t, f, { orientation: 0 });
    token = await activated(t, f, landscape);
    file = await material(f);
    const bad = await post(t, 'ad-content/create', { name: '空轮播', adType: 'main', items: '[]' }, f.sup);
    expect(bad.body).toMatchObject({ ret: RET.validation, msg: '请至少选择一个图片或视频素材' });
    const content = await approved(f, 'ad-content', {
      name: '冬季轮播',
      adType: 'main',
      deviceType: 'big',
      orientation: 1,
      items: JSON.stringify([{ fileId: file.id }]),
    });
    expect(content.items).toEqual([{ fileId: file.id, durationMs: 10_000 }]);
    expect(content.totalMs).toBe(10_000);
    const plan = await approved(f, 'ad-plan', {
      name: '冬季计划',
      dateFrom: '2026-01-01',
      dateTo: '2027-12-31',
      priority: 5,
      contents: JSON.stringify([{ contentId: content.id, weight: 1 }]),
      targets: JSON.stringify({ a: ['440305'] }),
    });
    planId = plan.id;
    // approved is not launched
    expect(plan.online).toBe(301);
  });

  it('plays nowhere until thrown; then the fitting screen gets it, with its file, and a new ETag', async () => {
    const before = await playlistOf(token);
    expect(before.segments).toEqual([]);
    // the heartbeat's ETag is the playlist's (kept per device until the plans or the device's inputs change)
    expect((await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token)).body.result.playlistEtag).toBe(before.etag);
    const thrown = await post<Item>(t, 'ad-plan/throw', { id: planId }, f.sup);
    expect(thrown.body.ret, JSON.stringify(thrown.body)).toBe(0);
    expect(thrown.body.result.online).toBe(302);
    const after = await playlistOf(token);
    expect(after.etag).not.toBe(before.etag);
    expect(after.segments.length).toBeGreaterThan(0);
    expect(after.segments[0]).toMatchObject({
      planId,
      items: [{ type: 'main', durationMs: 10_000, files: [file.sha256] }],
    });
    expect(after.files).toEqual([
      expect.objectContaining({
        sha256: file.sha256,
        mime: 'image/png',
        url: `/device-api/file?sha256=${file.sha256}`,
      }),
    ]);
    const hb = await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token);
    expect(hb.body.result.playlistEtag).toBe(after.etag);
    // the shop moves out of the plan's district: the same plans, another playlist, another ETag
    const shop = await t.db.admin.query<{ id: number; district: string }>(
      'update shops s set district = $2 from devices d where d.id = $1 and s.id = d.shop_id returning s.id, $3::text as district',
      [landscape.id, '440306', '440305'],
    );
    const moved = await playlistOf(token);
    expect(moved.segments).toEqual([]);
    expect((await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token)).body.result.playlistEtag).toBe(moved.etag);
    await t.db.admin.query('update shops set district = $2 where id = $1', [shop[0].id, shop[0].district]);
    expect((await dev<{ playlistEtag: string }>(t, 'heartbeat', {}, token)).body.result.playlistEtag).toBe(after.etag);
    // the screen can fetch the file the playlist names
    const bytes = await t.app.inject({ method: 'GET', url: after.files[0].url, headers: { dt: token } });
    expect(bytes.statusCode).toBe(200);
  });

  it('device-list says the portrait screen is left out for its orientation', async () => {
    const list = await post<{ list: PlanDevice[]; total: number }>(t, 'ad-plan/device-list', { id: planId }, f.sup);
    expect(list.body.ret, JSON.stringify(list.body)).toBe(0);
    const by = new Map(list.body.result.list.map((d) => [d.deviceId, d]));
    expect(by.get(portrait.id)).toMatchObject({ playing: 0, reason: 'orientation' });
    // the landscape screen has heartbeats, so it is not offline once the presence is written
    expect(by.get(landscape.id)?.reason === null || by.get(landscape.id)?.reason === 'offline').toBe(true);
    const timeline = await post<{ segments: Playlist['segments']; plans: { id: number; name: string }[] }>(
      t,
      'ad-plan/timeline',
      { deviceId: landscape.id },
      f.sup,
    );
    expect(timeline.body.result.segments[0].planId).toBe(planId);
    // the console names the plans it shows (issue 25 §5)
    const [{ name }] = await t.db.admin.query<{ name: string }>('select name from ad_plans where id = $1', [planId]);
    expect(timeline.body.result.plans).toContainEqual(expect.objectContaining({ id: planId, name }));
  });

  it("another enterprise's screen in the same district never plays it", async () => {
    const g = await makeFleet(t);
    otherToken = await activated(t, g, await makeDevice(t, g));
    expect((await playlistOf(otherToken)).segments).toEqual([]);
    expect((await post(t, 'ad-plan/device-list', { id: planId }, g.sup)).body.ret).toBe(RET.notFound);
  });

  it('revoke takes it off the screens', async () => {
    expect((await post<Item>(t, 'ad-plan/revoke', { id: planId }, f.sup)).body.result.online).toBe(301);
    expect((await playlistOf(token)).segments).toEqual([]);
    const list = await post<{ list: PlanDevice[] }>(t, 'ad-plan/device-list', { id: planId }, f.sup);
    expect(list.body.result.list.find((d) => d.deviceId === landscape.id)?.reason).toBe('notLaunched');
  });
});
