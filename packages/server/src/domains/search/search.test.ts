import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RET, shopTreeId, type SearchGroup } from '@vitrine/contract';
import { post, useTestApp, type Envelope } from '../../../test/harness.js';
import {
  addMemberWithRange,
  addMemberWithRole,
  makeEnterprise,
  makeShop,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
} from '../../../test/factories.js';

// The search (issue 11 §6) through the real app: each kind is its enable-list — the caller's
// enterprise, data range, view bit and live records only; `%` and `_` are plain characters;
// search1 pages with from/size in the query string; search/list takes the filter object.

const t = useTestApp();
type Groups = { groups: SearchGroup[]; from?: number; size?: number };
type Headers = Record<string, string>;

const WORD = `Lobby${randomInt(1e6)}`;
const code = () => `Q${randomInt(1e9)}`;

type World = {
  ent: TestEnterprise;
  sup: Headers;
  rev: Headers;
  mgr: Headers;
  mgrJob: number;
  other: TestEnterprise;
  shopIn: number;
  shopOut: number;
  deviceIn: number;
  deviceOut: number;
  staffIn: number;
  staffOut: number;
};

async function enabled(h: Headers, rev: Headers, entity: string, body: Record<string, unknown>): Promise<number> {
  const c = await post<{ id: number }>(t, `${entity}/create`, body, h);
  expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
  expect((await post(t, `${entity}/apply`, { id: c.body.result.id }, h)).body.ret).toBe(0);
  expect((await post(t, `${entity}/examine`, { id: c.body.result.id, pass: 1 }, rev)).body.ret).toBe(0);
  return c.body.result.id;
}

let built: Promise<World> | undefined;
/** Enterprise a: two shops in two districts, a device and a staff member in each, a manager of the first district; enterprise b: the same word. */
function world(): Promise<World> {
  built ??= (async () => {
    const ent = await makeEnterprise(t);
    const sup = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const reviewer = await makeUser(t, 'reviewer');
    const revNode = await addMemberWithRole(t, ent, reviewer, 3);
    const rev = tenantHeaders(reviewer, ent, revNode);
    const shopIn = await makeShop(
      t,
      ent,
      { name: `${WORD}南山店`, district: '440305' },
      { user: reviewer, node: revNode },
    );
    const shopOut = await makeShop(
      t,
      ent,
      { name: `${WORD}东城店`, province: '11', city: '1101', district: '110101' },
      { user: reviewer, node: revNode },
    );
    const device = (shopId: number, name: string) =>
      enabled(sup, rev, 'device', { code: code(), name, type: 'big', orientation: 1, shopId });
    const staff = (shopId: number, name: string) =>
      enabled(sup, rev, 'employee', { name, phone: '13700000000', gender: 1, shopId });
    const manager = await makeUser(t, 'manager');
    const mgr = tenantHeaders(manager, ent, await addMemberWithRange(t, ent, manager, 2, { a: ['440305'] }));
    const [job] = await t.db.admin.query<{ job_id: number }>(
      'select job_id from role_entries where enterprise_id = $1 and user_id = $2',
      [ent.companyId, manager.id],
    );
    const other = await makeEnterprise(t);
    const otherRev = await makeUser(t, 'reviewer');
    const otherNode = await addMemberWithRole(t, other, otherRev, 3);
    const otherShop = await makeShop(t, other, { name: `${WORD}别家店` }, { user: otherRev, node: otherNode });
    await enabled(
      tenantHeaders(other.owner, other, other.ownerRole),
      tenantHeaders(otherRev, other, otherNode),
      'device',
      {
        code: code(),
        name: `${WORD}别家屏`,
        type: 'big',
        orientation: 1,
        shopId: otherShop,
      },
    );
    return {
      ent,
      sup,
      rev,
      mgr,
      mgrJob: job.job_id,
      other,
      shopIn,
      shopOut,
      deviceIn: await device(shopIn, `${WORD}屏内`),
      deviceOut: await device(shopOut, `${WORD}屏外`),
      staffIn: await staff(shopIn, `${WORD}员工内`),
      staffOut: await staff(shopOut, `${WORD}员工外`),
    };
  })();
  return built;
}

async function search(h: Headers, body: Record<string, unknown>, path = 'search/search'): Promise<Groups> {
  const res = await post<Groups>(t, path, body, h);
  expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
  return res.body.result;
}
const group = (r: Groups, kind: string) => r.groups.find((g) => g.kind === kind);
const ids = (r: Groups, kind: string) =>
  group(r, kind)
    ?.items.map((i) => i.id)
    .sort((a, b) => a - b) ?? [];

describe('search/search', () => {
  it('groups every kind in the range: a store manager never sees another district’s shop, device or staff', async () => {
    const w = await world();
    const all = await search(w.sup, { keyword: WORD.toLowerCase() }); // case-insensitive
    expect(all.groups.map((g) => g.kind)).toEqual([
      'shop',
      'device',
      'employee',
      'ad-content',
      'ad-plan',
      'commodity',
      'inform',
      'inform2',
    ]);
    expect(ids(all, 'shop')).toEqual([w.shopIn, w.shopOut]);
    expect(ids(all, 'device')).toEqual([w.deviceIn, w.deviceOut]);
    expect(ids(all, 'employee')).toEqual([w.staffIn, w.staffOut]);
    const hit = group(all, 'device')!.items.find((i) => i.id === w.deviceIn)!;
    expect(hit).toMatchObject({
      title: `${WORD}屏内`,
      status: 302,
      page: `/store/store?entity=device&tab=enabled&record=${w.deviceIn}`,
    });
    expect(hit.subtitle).toContain(`${WORD}南山店`);
    // a hit shows what the record's list shows (staff: phone and shop)
    expect(group(all, 'employee')!.items.find((i) => i.id === w.staffIn)!.subtitle).toBe(`13700000000 · ${WORD}南山店`);

    const mine = await search(w.mgr, { keyword: WORD });
    expect(ids(mine, 'shop')).toEqual([w.shopIn]);
    expect(ids(mine, 'device')).toEqual([w.deviceIn]);
    expect(ids(mine, 'employee')).toEqual([w.staffIn]);
    expect(group(mine, 'device')!.total).toBe(1);
    expect(JSON.stringify(mine)).not.toContain('外');
  });

  it('another enterprise’s records never appear', async () => {
    const w = await world();
    const res = await search(w.sup, { keyword: WORD });
    expect(JSON.stringify(res)).not.toContain('别家');
    // and theirs do not see ours
    const theirs = await search(tenantHeaders(w.other.owner, w.other, w.other.ownerRole), { keyword: WORD });
    expect(group(theirs, 'shop')!.items.map((i) => i.title)).toEqual([`${WORD}别家店`]);
    expect(JSON.stringify(theirs)).not.toContain('南山');
  });

  it('only live records: no drafts, no deleted records', async () => {
    const w = await world();
    const draft = await post<{ id: number }>(
      t,
      'shop/create',
      { name: `${WORD}草稿店`, code: code(), level: 1, province: '44', city: '4403', district: '440305' },
      w.sup,
    );
    expect(draft.body.ret).toBe(0);
    const gone = await enabled(w.sup, w.rev, 'device', {
      code: code(),
      name: `${WORD}已删屏`,
      type: 'big',
      orientation: 1,
      shopId: w.shopIn,
    });
    expect((await post(t, 'device/delete', { id: gone }, w.sup)).body.ret).toBe(0);
    const res = await search(w.sup, { keyword: WORD, kinds: ['shop', 'device'] });
    expect(res.groups.map((g) => g.kind)).toEqual(['shop', 'device']);
    expect(ids(res, 'shop')).not.toContain(draft.body.result.id);
    expect(ids(res, 'device')).not.toContain(gone);
  });

  it('a kind whose menu the caller may not view is absent (and search/list of it is 40003)', async () => {
    const w = await world();
    await enabled(w.sup, w.rev, 'commodity', { name: `${WORD}礼盒`, code: code(), price: 100 });
    expect(group(await search(w.mgr, { keyword: WORD }), 'commodity')!.total).toBe(1);
    await t.db.admin.query(
      `update job_menus set weight = weight & ~1 where job_id = $1 and menu_id in (select id from menus where path = '/advert')`,
      [w.mgrJob],
    );
    t.deps.cache.invalidate();
    try {
      const res = await search(w.mgr, { keyword: WORD });
      expect(res.groups.map((g) => g.kind)).toEqual(['shop', 'device', 'employee', 'inform', 'inform2']);
      expect((await search(w.mgr, { keyword: WORD, kinds: 'commodity' })).groups).toEqual([]);
      expect((await post(t, 'search/list', { kind: 'commodity', keyword: WORD }, w.mgr)).body.ret).toBe(RET.forbidden);
    } finally {
      await t.db.admin.query(
        `update job_menus set weight = weight | 1 where job_id = $1 and menu_id in (select id from menus where path = '/advert')`,
        [w.mgrJob],
      );
      t.deps.cache.invalidate();
    }
  });

  it('% and _ in the keyword are plain characters', async () => {
    const w = await world();
    const pct = await enabled(w.sup, w.rev, 'commodity', { name: '折扣100%纯棉', code: code(), price: 100 });
    await enabled(w.sup, w.rev, 'commodity', { name: '折扣100X纯棉', code: code(), price: 100 });
    const under = await enabled(w.sup, w.rev, 'commodity', { name: '编号_7号', code: code(), price: 100 });
    await enabled(w.sup, w.rev, 'commodity', { name: '编号x7号', code: code(), price: 100 });
    await enabled(w.sup, w.rev, 'commodity', { name: 'back\\slash', code: code(), price: 100 });
    expect(ids(await search(w.sup, { keyword: '100%', kinds: 'commodity' }), 'commodity')).toEqual([pct]);
    expect(ids(await search(w.sup, { keyword: '号_7', kinds: 'commodity' }), 'commodity')).toEqual([under]);
    expect(ids(await search(w.sup, { keyword: '%', kinds: 'commodity' }), 'commodity')).toEqual([pct]);
    expect(ids(await search(w.sup, { keyword: '\\', kinds: 'commodity' }), 'commodity')).toHaveLength(1);
  });

  it('bad input is 40001 naming the field, in the caller’s language', async () => {
    const w = await world();
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'keyword'],
      [{ keyword: '   ' }, 'keyword'],
      [{ keyword: 'x'.repeat(51) }, 'keyword'],
      [{ keyword: 'a', kinds: 'bogus' }, 'kinds.0'],
      [{ keyword: 'a', limit: 0 }, 'limit'],
      [{ keyword: 'a', extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await post<{ fields: { field: string; message: string }[] }>(t, 'search/search', body, w.sup);
      expect(res.body.ret, JSON.stringify(body)).toBe(RET.validation);
      expect(res.body.result.fields[0].field).toBe(field);
    }
    const zh = await post(t, 'search/search', {}, w.sup);
    expect(zh.body.msg).toMatch(/[\u4e00-\u9fff]/);
    const en = await post(
      t,
      'search/search',
      { keyword: 'a', kinds: 'bogus' },
      { ...w.sup, 'accept-language': 'en-US' },
    );
    expect(en.body.msg).toBe('Unknown kind of record to search');
  });
});

describe('search/search1', () => {
  it('pages with from and size in the query string and a JSON body', async () => {
    const w = await world();
    const word = `Page${randomInt(1e6)}`;
    const made: number[] = [];
    for (let i = 0; i < 7; i++)
      made.push(await enabled(w.sup, w.rev, 'commodity', { name: `${word}品${i}`, code: code(), price: 100 }));
    const page = async (from: number, size: number) =>
      search(w.sup, { keyword: word, kinds: ['commodity'], from, size }, 'search/search1');
    const first = await page(0, 3);
    expect(first).toMatchObject({ from: 0, size: 3 });
    expect(group(first, 'commodity')!.total).toBe(7);
    const seen = [
      ...ids(first, 'commodity'),
      ...ids(await page(3, 3), 'commodity'),
      ...ids(await page(6, 3), 'commodity'),
    ];
    expect(seen.sort((a, b) => a - b)).toEqual(made);
    expect(ids(await page(5, 10), 'commodity')).toHaveLength(2);
    expect(ids(await page(9, 3), 'commodity')).toEqual([]);
    // every kind at once: each group paged the same way
    const all = await search(w.sup, { keyword: WORD, from: 1, size: 1 }, 'search/search1');
    expect(group(all, 'device')).toMatchObject({ total: 2 });
    expect(group(all, 'device')!.items).toHaveLength(1);

    // the wire: the paging is in the URL, the body is JSON
    const raw = await t.app.inject({
      method: 'POST',
      url: '/api/search/search1?from=2&size=2',
      payload: JSON.stringify({ keyword: word, kinds: ['commodity'] }),
      headers: { ...w.sup, 'content-type': 'application/json' },
    });
    const body = raw.json<Envelope<Groups>>();
    expect(body.ret).toBe(0);
    expect(body.result).toMatchObject({ from: 2, size: 2 });
    expect(group(body.result, 'commodity')!.items).toHaveLength(2);
    // bad paging is 40001 naming the parameter, not 50000
    for (const qs of ['from=-1', 'size=0', 'size=abc', 'size=1000']) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/search/search1?${qs}`,
        payload: JSON.stringify({ keyword: word }),
        headers: { ...w.sup, 'content-type': 'application/json' },
      });
      expect(bad.json<Envelope>().ret, qs).toBe(RET.validation);
    }
  });
});

describe('search/list', () => {
  type List = { list: { id: number; name: string }[]; total: number; pageNum: number; pageSize: number };
  const list = async (h: Headers, body: Record<string, unknown>) => {
    const res = await post<List>(t, 'search/list', body, h);
    expect(res.body.ret, JSON.stringify(res.body)).toBe(0);
    return res.body.result;
  };

  it('takes the filter object over one kind: keyword, shop range, time range, paging', async () => {
    const w = await world();
    const both = await list(w.sup, { kind: 'device', keyword: WORD });
    expect(both.list.map((r) => r.id).sort((a, b) => a - b)).toEqual([w.deviceIn, w.deviceOut]);
    expect(
      (
        await list(w.sup, {
          kind: 'device',
          keyword: WORD,
          shopRange: { p: [], c: [], a: [], s: [shopTreeId(w.shopOut)] },
        })
      ).list.map((r) => r.id),
    ).toEqual([w.deviceOut]);
    expect(
      (await list(w.sup, { kind: 'device', keyword: WORD, areaRange: JSON.stringify({ a: ['440305'] }) })).list.map(
        (r) => r.id,
      ),
    ).toEqual([w.deviceIn]);
    const paged = await list(w.sup, { kind: 'device', keyword: WORD, pageNum: 2, pageSize: 1 });
    expect(paged).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(paged.list).toHaveLength(1);
    const later = Math.floor(Date.now() / 1000) + 3600;
    expect((await list(w.sup, { kind: 'device', keyword: WORD, start_time: later })).total).toBe(0);
    expect((await list(w.sup, { kind: 'device', keyword: WORD, end_time: later })).total).toBe(2);
    // the kind's own filters, and the caller's range
    expect((await list(w.sup, { kind: 'employee', keyword: WORD, shopId: w.shopIn })).list.map((r) => r.id)).toEqual([
      w.staffIn,
    ]);
    expect((await list(w.mgr, { kind: 'shop', keyword: WORD })).list.map((r) => r.id)).toEqual([w.shopIn]);
    expect((await list(w.sup, { kind: 'ad-plan' })).total).toBe(0);
  });

  it('an unknown kind or filter field is 40001', async () => {
    const w = await world();
    const kind = await post<{ fields: { field: string }[] }>(t, 'search/list', { kind: 'incentive' }, w.sup);
    expect(kind.body.ret).toBe(RET.validation);
    expect(kind.body.result.fields[0].field).toBe('kind');
    const field = await post<{ fields: { field: string }[] }>(t, 'search/list', { kind: 'shop', color: 'red' }, w.sup);
    expect(field.body.ret).toBe(RET.validation);
    expect(field.body.result.fields[0].field).toBe('color');
  });
});
