import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import {
  addMemberWithRange,
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
  type TestUser,
} from '../../../test/factories.js';
import { renderedMessages } from '../../../test/messages.js';

const t = useTestApp();

type Item = {
  id: number;
  status: number;
  applyStatus: number | null;
  online: number;
  version: number;
  liveVersion: number | null;
  reason: string;
  name: string;
  draft?: Item | null;
};
type List = { list: Item[]; total: number };

async function world() {
  const ent = await makeEnterprise(t);
  const sup = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const managerUser = await makeUser(t, 'manager');
  const manager = tenantHeaders(managerUser, ent, await addMemberWithRange(t, ent, managerUser, 2, { c: ['4403'] }));
  const sup2User = await makeUser(t, 'sup2');
  const sup2 = tenantHeaders(sup2User, ent, await addMemberWithRole(t, ent, sup2User, 3));
  return { ent, sup, manager, managerUser, sup2, sup2User };
}

const shopBody = (over: Record<string, unknown> = {}) => ({
  name: '南山店',
  code: `NS${Math.floor(Math.random() * 1e9)}`,
  level: 1,
  province: '44',
  city: '4403',
  district: '440305',
  address: '科技园',
  ...over,
});

describe('shop lifecycle', () => {
  let w: Awaited<ReturnType<typeof world>>;
  it('builds the world', async () => {
    w = await world();
  });

  it('create → apply → reject with reason → edit → resubmit → pass → enabled and online', async () => {
    const c = await post<Item>(t, 'shop/create', shopBody(), w.manager);
    expect(c.body.ret).toBe(0);
    expect(c.body.result).toMatchObject({ status: 101, applyStatus: null, version: 1, liveVersion: null });
    const id = c.body.result.id;
    expect((await post<List>(t, 'shop/my-list', {}, w.manager)).body.result.list.map((i) => i.id)).toContain(id);

    const a = await post<Item>(t, 'shop/apply', { id }, w.manager);
    expect(a.body.result).toMatchObject({ status: 102, applyStatus: 201 });
    // the supervisor is told; it is in their review list
    const inbox = await renderedMessages(t, 'kind = $1', ['review.request']);
    expect(inbox.map((m) => m.user_id)).toEqual(expect.arrayContaining([w.ent.owner.id, w.sup2User.id]));
    expect(inbox.some((m) => m.title_zh.includes('南山店'))).toBe(true);
    // the entity's label is a catalogue text too: each reader gets it in their language
    expect(
      inbox.some(
        (m) => m.title_zh.startsWith('有新的门店待审核') && m.title_en.startsWith('Waiting for your review: shop'),
      ),
    ).toBe(true);
    expect((await post<List>(t, 'shop/apply-list', {}, w.sup)).body.result.list.map((i) => i.id)).toContain(id);
    // the message opens the record itself, on the review list
    const links = (await post<{ list: { link: string }[] }>(t, 'message/list', {}, w.sup)).body.result.list.map(
      (m) => m.link,
    );
    expect(links).toContain(`/store/store?entity=shop&tab=review&record=${id}`);

    // editing while submitted is an illegal transition
    const locked = await post(t, 'shop/update', { id, ...shopBody() }, w.manager);
    expect(locked.body).toMatchObject({ ret: RET.conflict, msg: '该记录已提交审核，审核完成前不能修改' });
    // the author cannot examine (no bit anyway: managers have no examine) → 40003
    expect((await post(t, 'shop/examine', { id, pass: 1 }, w.manager)).body.ret).toBe(RET.forbidden);
    // reject needs a reason
    expect((await post(t, 'shop/examine', { id, pass: 0 }, w.sup)).body.ret).toBe(RET.validation);
    const r = await post<Item>(t, 'shop/examine', { id, pass: 0, reason: '地址不完整' }, w.sup);
    expect(r.body.result).toMatchObject({ status: 104, applyStatus: 203, reason: '地址不完整' });
    const told = await renderedMessages(t, 'user_id = $1 and kind = $2', [w.managerUser.id, 'review.result']);
    expect(told[0]).toMatchObject({ body_zh: '地址不完整' });
    expect(told[0].title_en).toContain('rejected');
    // a second examine of the same version is refused
    expect((await post(t, 'shop/examine', { id, pass: 1 }, w.sup2)).body.ret).toBe(RET.conflict);

    const mine = await post<List>(t, 'shop/my-list', { status: 104 }, w.manager);
    expect(mine.body.result.list.find((i) => i.id === id)?.reason).toBe('地址不完整');
    const e = await post<Item>(
      t,
      'shop/update',
      { id, ...shopBody({ name: '南山旗舰店', address: '科技园南区 1 号' }) },
      w.manager,
    );
    // the rejected round stays in the history with its reason; the edit is a new version after it
    expect(e.body.result).toMatchObject({ status: 101, name: '南山旗舰店', version: 2 });
    await post(t, 'shop/apply', { id }, w.manager);
    const p = await post<Item>(t, 'shop/examine', { id, pass: 1 }, w.sup);
    expect(p.body.result).toMatchObject({ status: 103, applyStatus: 202, online: 302, liveVersion: 2 });
    const rounds = (await post<List>(t, 'shop/history', { id }, w.sup)).body.result.list;
    expect(rounds.map((v) => [v.version, v.status, v.reason, v.name])).toEqual([
      [2, 103, '', '南山旗舰店'],
      [1, 104, '地址不完整', shopBody().name],
    ]);

    const enabled = await post<List>(t, 'shop/enable-list', { keyword: '旗舰' }, w.manager);
    expect(enabled.body.result.list.map((i) => i.id)).toEqual([id]);
    const logs = await t.app.inject({ method: 'GET', url: `/api/shop/logs?id=${id}`, headers: w.manager });
    expect((logs.json() as { result: { list: { verb: string }[] } }).result.list.map((l) => l.verb)).toEqual([
      'pass',
      'apply',
      'update',
      'reject',
      'apply',
      'create',
    ]);
  });

  it('editing an enabled shop makes a new draft version; the enabled one stays live until it passes', async () => {
    const id = (await post<Item>(t, 'shop/create', shopBody({ name: 'Live' }), w.manager)).body.result.id;
    await post(t, 'shop/apply', { id }, w.manager);
    await post(t, 'shop/examine', { id, pass: 1 }, w.sup);
    const d = await post<Item>(t, 'shop/update', { id, ...shopBody({ name: 'Live v2' }) }, w.manager);
    expect(d.body.result).toMatchObject({ version: 2, status: 101, liveVersion: 1 });
    const got = await post<Item>(t, 'shop/get', { id }, w.sup);
    expect(got.body.result).toMatchObject({ name: 'Live', version: 1, status: 103 });
    expect(got.body.result.draft).toMatchObject({ name: 'Live v2', version: 2, status: 101 });
    expect((await post<List>(t, 'shop/enable-list', { keyword: 'Live' }, w.sup)).body.result.list[0].name).toBe('Live');
    await post(t, 'shop/apply', { id }, w.manager);
    await post(t, 'shop/examine', { id, pass: 1 }, w.sup2);
    const after = await post<Item>(t, 'shop/get', { id }, w.sup);
    expect(after.body.result).toMatchObject({ name: 'Live v2', version: 2, liveVersion: 2, draft: null });
    const history = await post<List>(t, 'shop/history', { id }, w.sup);
    expect(history.body.result.list.map((v) => [v.version, v.status])).toEqual([
      [2, 103],
      [1, 103],
    ]);
  });

  it('set-status, delete, recovery and copy on enabled records; illegal ones say why', async () => {
    const id = (await post<Item>(t, 'shop/create', shopBody(), w.sup)).body.result.id;
    expect((await post(t, 'shop/set-status', { id, status: 302 }, w.sup)).body).toMatchObject({
      ret: RET.conflict,
      msg: '该记录尚未审核通过启用',
    });
    expect((await post(t, 'shop/delete', { id }, w.sup)).body.ret).toBe(RET.conflict);
    await post(t, 'shop/apply', { id }, w.sup);
    // a reviewer cannot examine their own submission
    expect((await post(t, 'shop/examine', { id, pass: 1 }, w.sup)).body).toMatchObject({
      ret: RET.forbidden,
      msg: '不能审核自己提交的记录',
    });
    await post(t, 'shop/examine', { id, pass: 1 }, w.sup2);
    expect((await post(t, 'shop/set-status', { id, status: 302 }, w.sup)).body.msg).toBe('该记录已上线');
    expect((await post<Item>(t, 'shop/set-status', { id, status: 301 }, w.sup)).body.result.online).toBe(301);
    // managers have no publish bit on /store
    expect((await post(t, 'shop/set-status', { id, status: 302 }, w.manager)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'shop/delete', { id }, w.sup)).body.ret).toBe(0);
    expect((await post(t, 'shop/set-status', { id, status: 302 }, w.sup)).body.msg).toBe('该记录已删除，请先恢复');
    expect(
      (await post<List>(t, 'shop/enable-list', { deleted: 1 }, w.sup)).body.result.list.map((i) => i.id),
    ).toContain(id);
    expect((await post(t, 'shop/recovery', { id }, w.sup)).body.ret).toBe(0);
    expect((await post(t, 'shop/recovery', { id }, w.sup)).body.msg).toBe('该记录未被删除，无需恢复');
    const copy = await post<Item & { code: string }>(t, 'shop/copy', { id }, w.sup);
    expect(copy.body.result).toMatchObject({ status: 101, version: 1 });
    expect(copy.body.result.id).not.toBe(id);
  });

  it('delete-own and recovery-own act on the author’s own drafts only', async () => {
    const id = (await post<Item>(t, 'shop/create', shopBody(), w.manager)).body.result.id;
    expect((await post(t, 'shop/delete-own', { id }, w.sup)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'shop/delete-own', { id }, w.manager)).body.ret).toBe(0);
    expect((await post<List>(t, 'shop/my-list', {}, w.manager)).body.result.list.map((i) => i.id)).not.toContain(id);
    expect(
      (await post<List>(t, 'shop/my-list', { deleted: 1 }, w.manager)).body.result.list.map((i) => i.id),
    ).toContain(id);
    expect((await post(t, 'shop/apply', { id }, w.manager)).body.msg).toBe('该记录的草稿在回收站中，请先恢复');
    expect((await post(t, 'shop/recovery-own', { id }, w.manager)).body.ret).toBe(0);
    expect((await post(t, 'shop/apply', { id }, w.manager)).body.ret).toBe(0);
  });

  it('validates regions, codes and answers in English', async () => {
    const bad = await post(t, 'shop/create', shopBody({ district: '110101' }), { ...w.sup, cookie: 'language=en-US' });
    expect(bad.body).toMatchObject({ ret: RET.validation, msg: 'Province, city and district do not match' });
    const code = `DUP${Date.now()}`;
    expect((await post(t, 'shop/create', shopBody({ code }), w.sup)).body.ret).toBe(0);
    const dup = await post(t, 'shop/create', shopBody({ code }), { ...w.sup, cookie: 'language=en-US' });
    expect(dup.body).toMatchObject({ ret: RET.conflict, msg: 'A shop with this code already exists' });
  });
});

describe('data range', () => {
  let w: Awaited<ReturnType<typeof world>>;
  let inside: number;
  let outside: number;
  it('builds shops inside and outside the manager’s city', async () => {
    w = await world();
    const mk = async (over: Record<string, unknown>) => {
      const id = (await post<Item>(t, 'shop/create', shopBody(over), w.sup)).body.result.id;
      await post(t, 'shop/apply', { id }, w.sup);
      await post(t, 'shop/examine', { id, pass: 1 }, w.sup2);
      return id;
    };
    inside = await mk({ name: 'Shenzhen' });
    outside = await mk({ name: 'Guangzhou', city: '4401', district: '440106' });
  });

  it('lists only shops in range; direct access outside → 40003; another tenant → 40004', async () => {
    const list = await post<List>(t, 'shop/enable-list', {}, w.manager);
    expect(list.body.result.list.map((i) => i.id)).toEqual([inside]);
    expect((await post(t, 'shop/get', { id: outside }, w.manager)).body.ret).toBe(RET.forbidden);
    expect(
      (await post(t, 'shop/update', { id: outside, ...shopBody({ city: '4401', district: '440106' }) }, w.manager)).body
        .ret,
    ).toBe(RET.forbidden);
    expect((await post(t, 'shop/get', { id: inside }, w.manager)).body.ret).toBe(0);
    // creating a shop outside one's range is refused
    expect((await post(t, 'shop/create', shopBody({ city: '4401', district: '440106' }), w.manager)).body.ret).toBe(
      RET.forbidden,
    );
    const other = await makeEnterprise(t);
    expect(
      (await post(t, 'shop/get', { id: inside }, tenantHeaders(other.owner, other, other.ownerRole))).body.ret,
    ).toBe(RET.notFound);
  });

  it('the tree and geo calls are cut to the range', async () => {
    const top = await post<{ list: { id: string; num: number; title: string }[] }>(t, 'geo/tree', {}, w.manager);
    expect(top.body.result.list).toEqual([expect.objectContaining({ id: '44', num: 1, title: '广东省' })]);
    const all = await post<{ list: { id: string; num: number; title: string }[] }>(
      t,
      'geo/tree',
      { id: '44' },
      { ...w.sup, cookie: 'language=en-US' },
    );
    expect(all.body.result.list.map((n) => [n.id, n.title, n.num])).toEqual([
      ['4401', 'Guangzhou', 1],
      ['4403', 'Shenzhen', 1],
    ]);
    const shops = await post<{ list: { id: string; leaf: boolean; recordId: number }[] }>(
      t,
      'geo/tree',
      { id: '440305' },
      w.manager,
    );
    expect(shops.body.result.list).toEqual([
      expect.objectContaining({ id: `s${String(inside).padStart(8, '0')}`, leaf: true, recordId: inside }),
    ]);
    expect((await post(t, 'geo/shop-count', {}, w.manager)).body.result).toEqual({ count: 1 });
    expect((await post(t, 'geo/shop-count', { areaRange: { p: ['44'] } }, w.sup)).body.result).toEqual({ count: 2 });
    expect((await post(t, 'geo/shop-count', { areaRange: { c: ['4401'] } }, w.manager)).body.result).toEqual({
      count: 0,
    });
    const prov = await post<{ list: { id: string; title: string }[] }>(
      t,
      'geo/provinces',
      {},
      { ...w.manager, cookie: 'language=en-US' },
    );
    expect(prov.body.result.list).toHaveLength(31);
    expect(prov.body.result.list.find((p) => p.id === '44')?.title).toBe('Guangdong');
    const areas = await post<{ list: { id: string }[] }>(t, 'geo/areas', { id: '4403' }, w.manager);
    expect(areas.body.result.list.map((a) => a.id)).toContain('440305');
  });
});

export type { TestEnterprise, TestUser };
