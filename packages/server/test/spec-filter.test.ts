import { describe, expect, it } from 'vitest';
import { RET, allCalls, type CallDef } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { approved, makeFleet, screenWithVisits } from './devices.js';
import { tenantHeaders } from './factories.js';
import { TENANT_ROUTES } from './matrix/index.js';
import { world, type World } from './matrix/types.js';

// Issue 24 §2: a client written from the spec's filter object (spec §3) works unchanged.

const t = useTestApp();
const SHANGHAI = 8 * 3600;
/** The Unix second of a Shanghai wall-clock time. */
const at = (day: string, time = '00:00:00') => Date.parse(`${day}T${time}Z`) / 1000 - SHANGHAI;
const dayOf = (sec: number) => new Date((sec + SHANGHAI) * 1000).toISOString().slice(0, 10);

describe("statistics take start_time/end_time in seconds as the enterprise's local days", () => {
  it('every statistic answers for seconds what it answers for the same local days', async () => {
    const { f, now } = await screenWithVisits(t, 300, 5, 24);
    const day = dayOf(now - 2 * 86400);
    // Shanghai midnight is 16:00 UTC the day before: read in UTC, the seconds would name other days
    const seconds = { start_time: at(day), end_time: at(day, '23:59:59') };
    for (const path of ['stats/pa', 'stats/ad', 'stats/sale', 'stats/pdt', 'stats/comm']) {
      const days = await post(t, path, { from: day, to: day }, f.sup);
      const secs = await post(t, path, seconds, f.sup);
      expect(days.body.ret, `${path} ${JSON.stringify(days.body)}`).toBe(RET.ok);
      expect(secs.body, path).toEqual(days.body);
    }
    const top = await post(t, 'stats/top', { ...seconds, kind: 'shops-by-visits' }, f.sup);
    expect(top.body).toEqual((await post(t, 'stats/top', { from: day, to: day, kind: 'shops-by-visits' }, f.sup)).body);
    expect((top.body.result as { list: { value: number }[] }).list[0].value).toBeGreaterThan(0);
    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/stats/export?kind=visits&start_time=${seconds.start_time}&end_time=${seconds.end_time}`,
      headers: f.sup,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(day);
    expect(csv.body).not.toContain(dayOf(now - 3 * 86400));
  });

  it('a missing end or a reversed range is 40001 naming the field', async () => {
    const { f } = await screenWithVisits(t, 1, 1, 3);
    const none = await post(t, 'stats/pa', {}, f.sup);
    expect(none.body.result).toEqual({
      fields: [
        { field: 'from', message: expect.any(String) },
        { field: 'to', message: expect.any(String) },
      ],
    });
    const reversed = await post(t, 'stats/pa', { start_time: at('2026-03-02'), end_time: at('2026-03-01') }, f.sup);
    expect(reversed.body.ret).toBe(RET.validation);
    expect(reversed.body.result).toEqual({ fields: [{ field: 'end_time', message: expect.any(String) }] });
    const mixed = await post(t, 'stats/pa', { from: '2026-03-01', end_time: at('2026-03-03', '12:00:00') }, f.sup);
    expect(mixed.body.ret).toBe(RET.ok);
  });
});

const shapeOf = (def: CallDef) => (def.body as unknown as { shape?: Record<string, unknown> }).shape ?? {};
/** Every list: the tenant calls paged with pageNum (the spec's filter object is their body's base). */
const LISTS = allCalls.filter((c) => c.auth === 'tenant' && 'pageNum' in shapeOf(c));
const bodies = new Map(TENANT_ROUTES.map((r) => [r.path, r.body]));
const MAX = 2147483647;

describe("every list takes the spec's whole filter object", () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
  });
  it('covers the lists', () => expect(LISTS.length).toBeGreaterThan(40));

  /** The spec's filter object (spec §3) filled in, as the filter sidebar sends it; status only where a list means 301/302. */
  const filled = (w: World, def: CallDef) => ({
    keyword: 'a',
    start_time: 0,
    end_time: MAX,
    ctime_range: [0, MAX],
    mtime_range: [0, MAX],
    areaRange: { p: [], c: [], a: [], s: [] },
    shopRange: { p: [], c: [], a: [], s: [] },
    etType: 'entrance',
    source: 'pc',
    role: 1,
    gender: 1,
    DeviceType: 'big',
    Direction: 1,
    ...('filter' in shapeOf(def) || def.path.endsWith('-list') ? { status: 302 } : {}),
    extend_opt: { ad_type: 'main', mode: { type: 'big' } },
    pageNum: 1,
    pageSize: 10,
    from: 0,
    size: 10,
    enCode: w.a.companyCode,
  });
  /** The same object with nothing chosen: every field sent empty, as a form client sends it. */
  const blank = (w: World, def: CallDef) => Object.fromEntries(Object.keys(filled(w, def)).map((k) => [k, '']));

  for (const def of LISTS) {
    it(def.path, async () => {
      const made = bodies.get(def.path);
      const base = (typeof made === 'function' ? await made(w) : made) ?? {};
      const headers = tenantHeaders(w.a.owner, w.a, w.a.ownerRole);
      for (const spec of [filled(w, def), blank(w, def)]) {
        // the call's own fields (its id, sale/list's from day) stay the call's
        const res = await post(t, def.path, { ...spec, ...base }, headers);
        expect(res.body.ret, `${def.path} ${JSON.stringify(res.body).slice(0, 300)}`).toBe(RET.ok);
      }
    });
  }
});

describe('the spec filter fields are applied where they mean something', () => {
  it('ctime_range, mtime_range and from/size on a lifecycle list; extend_opt.mode.type on ad contents', async () => {
    const f = await makeFleet(t);
    const product = await approved(t, f, 'commodity', { name: '矿泉水', code: `P${Date.now()}`, price: 200 });
    const ids: number[] = [];
    for (const [i, type] of (['big', 'pad', 'big'] as const).entries()) {
      ids.push(
        await approved(t, f, 'ad-content', {
          name: `c${i}`,
          adType: 'details',
          deviceType: type,
          commodityIds: [product],
        }),
      );
    }
    const list = async (body: Record<string, unknown>) => {
      const res = await post<{ list: { id: number }[]; total: number; pageNum: number; pageSize: number }>(
        t,
        'ad-content/enable-list',
        body,
        f.sup,
      );
      expect(res.body.ret, JSON.stringify(res.body)).toBe(RET.ok);
      return res.body.result;
    };
    const now = Math.floor(Date.now() / 1000);
    expect((await list({ ctime_range: [now - 600, now + 600] })).total).toBe(3);
    expect((await list({ ctime_range: [now - 7200, now - 3600] })).total).toBe(0);
    expect((await list({ mtime_range: [now + 3600, now + 7200] })).total).toBe(0);
    const big = await list({ extend_opt: { mode: { type: 'big' } } });
    expect(big.list.map((r) => r.id).sort()).toEqual([ids[0], ids[2]].sort());
    // offset paging: from 1, size 1 is the second newest (ids are listed newest first)
    const second = await list({ from: 1, size: 1 });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 1, list: [{ id: ids[1] }] });
    const odd = await list({ from: 1, size: 2 });
    expect(odd.list.map((r) => r.id)).toEqual([ids[1], ids[0]]);
  });

  it('source on operation logs, role on people', async () => {
    const f = await makeFleet(t);
    await approved(t, f, 'commodity', { name: '矿泉水', code: `P${Date.now()}`, price: 200 });
    const logs = async (source: string) =>
      (await post<{ total: number }>(t, 'oplog/list', { source }, f.sup)).body.result.total;
    expect(await logs('pc')).toBeGreaterThan(0);
    expect(await logs('wx')).toBe(0);
    const accounts = async (role: number) =>
      (await post<{ list: { userId: number }[] }>(t, 'company/accounts', { role }, f.sup)).body.result.list.map(
        (a) => a.userId,
      );
    expect(await accounts(3)).toContain(f.rev.user.id);
    expect(await accounts(1)).not.toContain(f.rev.user.id);
  });

  it('geo/tree nodes carry children', async () => {
    const f = await makeFleet(t);
    const res = await post<{ list: { children: unknown[] }[] }>(t, 'geo/tree', { id: '' }, f.sup);
    expect(res.body.ret).toBe(RET.ok);
    expect(res.body.result.list.length).toBeGreaterThan(0);
    for (const node of res.body.result.list) expect(node.children).toEqual([]);
  });

  it('account/roles and account/info read the enterprise from the header', async () => {
    const f = await makeFleet(t);
    const roles = await post<{ list: { roleNode: string }[] }>(t, 'account/roles', {}, f.sup);
    expect(roles.body.ret, JSON.stringify(roles.body)).toBe(RET.ok);
    expect(roles.body.result.list.map((r) => r.roleNode)).toContain(f.ent.ownerRole);
    const info = await post<{ isMain: number }>(t, 'account/info', {}, f.sup);
    expect(info.body.result.isMain).toBe(1);
    const none = await post(t, 'account/roles', {}, f.ent.owner.headers);
    expect(none.body.ret).toBe(RET.validation);
  });
});
