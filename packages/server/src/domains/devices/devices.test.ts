import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import {
  addMemberWithRange,
  addMemberWithRole,
  makeEnterprise,
  makeShop,
  makeUser,
  tenantHeaders,
} from '../../../test/factories.js';

const t = useTestApp();

type Item = {
  id: number;
  status: number;
  deviceStatus: number;
  shopName: string;
  phone: string;
  userId: number | null;
  treeId: string;
};

describe('devices, points, staff and members', () => {
  let sup: Record<string, string>;
  let sup2: Record<string, string>;
  let manager: Record<string, string>;
  let shop: number;
  let farShop: number;
  let rev: { user: Awaited<ReturnType<typeof makeUser>>; node: string };

  async function enable(entity: string, body: Record<string, unknown>, as = sup): Promise<number> {
    const c = await post<Item>(t, `${entity}/create`, body, as);
    expect(c.body.ret, JSON.stringify(c.body)).toBe(0);
    await post(t, `${entity}/apply`, { id: c.body.result.id }, as);
    expect(
      (await post(t, `${entity}/examine`, { id: c.body.result.id, pass: 1 }, as === sup ? sup2 : sup)).body.ret,
    ).toBe(0);
    return c.body.result.id;
  }

  it('sets up an enterprise with two shops', async () => {
    const ent = await makeEnterprise(t);
    sup = tenantHeaders(ent.owner, ent, ent.ownerRole);
    const u = await makeUser(t, 'sup2');
    rev = { user: u, node: await addMemberWithRole(t, ent, u, 3) };
    sup2 = tenantHeaders(u, ent, rev.node);
    shop = await makeShop(t, ent, { name: '南山店' }, rev);
    farShop = await makeShop(t, ent, { name: '天河店', city: '4401', district: '440106' }, rev);
    const m = await makeUser(t, 'manager');
    manager = tenantHeaders(
      m,
      ent,
      await addMemberWithRange(t, ent, m, 2, { s: [`s${String(shop).padStart(8, '0')}`] }),
    );
  });

  it('a registered device is offline (0) until it reports; points, staff and members attach to a shop', async () => {
    const et = await enable('et', { name: '入口', etType: 'entrance', shopId: shop });
    const dev = await enable('device', {
      code: 'DEV-1',
      name: '门口大屏',
      type: 'big',
      orientation: 1,
      shopId: shop,
      etId: et,
      volume: 40,
    });
    const got = await post<Item>(t, 'device/get', { id: dev }, sup);
    expect(got.body.result).toMatchObject({
      deviceStatus: 0,
      shopName: '南山店',
      status: 103,
      treeId: `d${String(dev).padStart(8, '0')}`,
    });
    // a point of another shop is refused
    const farEt = await enable('et', { name: '收银台', etType: 'checkout', shopId: farShop });
    expect(
      (
        await post(
          t,
          'device/create',
          { code: 'DEV-2', name: 'x', type: 'pad', orientation: 0, shopId: shop, etId: farEt },
          sup,
        )
      ).body.ret,
    ).toBe(RET.validation);
    expect(
      (await post(t, 'device/create', { code: 'DEV-1', name: 'x', type: 'pad', orientation: 0, shopId: shop }, sup))
        .body.ret,
    ).toBe(RET.conflict);

    const emp = await enable('employee', { name: '李四', phone: rev.user.phone, gender: 1, shopId: shop });
    expect((await post<Item>(t, 'employee/get', { id: emp }, sup)).body.result.userId).toBe(rev.user.id);
    const mem = await enable('member', {
      name: '王五',
      phone: '13912345678',
      gender: 2,
      ageBand: '30-39',
      shopId: shop,
      points: 120,
    });
    const members = await post<{ list: Item[] }>(t, 'member/enable-list', {}, sup);
    expect(members.body.result.list.find((i) => i.id === mem)?.phone).toBe('139****5678');
    expect((await post<Item>(t, 'member/get', { id: mem }, sup)).body.result.phone).toBe('13912345678');
    const search = await post<{ list: Item[]; total: number }>(
      t,
      'search/list',
      { kind: 'device', DeviceType: 'big', status: 0 },
      sup,
    );
    expect(search.body.result.list.map((i) => i.id)).toEqual([dev]);
  });

  it('controls queue ordered, idempotent commands; bulk applies one control to a filtered set', async () => {
    const d1 = await enable('device', { code: 'C-1', name: 'A', type: 'pad', orientation: 0, shopId: shop });
    const d2 = await enable('device', { code: 'C-2', name: 'B', type: 'pad', orientation: 0, shopId: farShop });
    const v = await post<{ count: number; commands: { seq: number; state: string; kind: string }[] }>(
      t,
      'device/volume',
      { ids: [d1, d2], volume: 30, requestId: 'req-1' },
      sup,
    );
    expect(v.body.result.count).toBe(2);
    expect(v.body.result.commands.every((c) => c.state === 'pending' && c.kind === 'volume' && c.seq === 1)).toBe(true);
    const again = await post<{ count: number; commands: { id: number }[] }>(
      t,
      'device/volume',
      { ids: [d1, d2], volume: 30, requestId: 'req-1' },
      sup,
    );
    expect(again.body.result.commands.map((c) => c.id)).toEqual(
      v.body.result.commands.map((c) => (c as unknown as { id: number }).id),
    );
    await post(t, 'device/manage', { ids: [d1], action: 'restart' }, sup);
    const list = await post<{ list: { seq: number; kind: string; payload: unknown }[]; total: number }>(
      t,
      'device/commands',
      { id: d1 },
      sup,
    );
    expect(list.body.result.list.map((c) => [c.seq, c.kind])).toEqual([
      [2, 'restart'],
      [1, 'volume'],
    ]);
    expect((await post(t, 'device/ai', { ids: [d1], ai: 1 }, manager)).body.ret).toBe(RET.forbidden);
    const bulk = await post<{ count: number }>(
      t,
      'device/bulk',
      { value: { control: 'landscape', direction: 1 }, shopRange: { s: [String(farShop)] } },
      sup,
    );
    expect(bulk.body.result.count).toBeGreaterThanOrEqual(1);
    // a draft device cannot be controlled
    const draft = await post<Item>(
      t,
      'device/create',
      { code: 'C-3', name: 'C', type: 'big', orientation: 1, shopId: shop },
      sup,
    );
    expect((await post(t, 'device/ai', { ids: [draft.body.result.id], ai: 1 }, sup)).body.ret).toBe(RET.conflict);
  });

  it('bulk acts on the filtered set only: device type, orientation, shop scope; virtual status too', async () => {
    const bigLandscape = await enable('device', {
      code: 'F-1',
      name: 'F1',
      type: 'big',
      orientation: 1,
      shopId: farShop,
    });
    const bigPortrait = await enable('device', {
      code: 'F-2',
      name: 'F2',
      type: 'big',
      orientation: 0,
      shopId: farShop,
    });
    const padHere = await enable('device', { code: 'F-3', name: 'F3', type: 'big', orientation: 0, shopId: shop });
    const bulk = await post<{ count: number }>(
      t,
      'device/bulk',
      {
        value: { control: 'volume', volume: 11 },
        DeviceType: 'big',
        Direction: 0,
        shopRange: { s: [`s${String(farShop).padStart(8, '0')}`] },
      },
      sup,
    );
    expect(bulk.body.result.count).toBe(1);
    const volumes = async (id: number) =>
      (
        await post<{ list: { kind: string; payload: { volume?: number } }[] }>(t, 'device/commands', { id }, sup)
      ).body.result.list.filter((c) => c.payload.volume === 11);
    expect((await volumes(bigPortrait)).length).toBe(1);
    expect((await volumes(bigLandscape)).length).toBe(0);
    expect((await volumes(padHere)).length).toBe(0);
    const virt = await post<{ count: number }>(
      t,
      'device/bulk',
      { value: { control: 'virtual-status', status: 3 }, shopId: farShop, DeviceType: 'big' },
      sup,
    );
    expect(virt.body.result.count).toBe(2);
    const cmds = await post<{ list: { kind: string; payload: unknown }[] }>(
      t,
      'device/commands',
      { id: bigLandscape },
      sup,
    );
    expect(cmds.body.result.list[0]).toMatchObject({ kind: 'virtual-status', payload: { status: 3 } });
    expect((await post(t, 'device/bulk', { value: { control: 'virtual-status', status: 2 } }, sup)).body.ret).toBe(
      RET.validation,
    );
  });

  it('a manager limited to one shop sees its devices only; direct access elsewhere → 40003', async () => {
    const list = await post<{ list: Item[] }>(t, 'device/enable-list', {}, manager);
    expect(list.body.result.list.length).toBeGreaterThan(0);
    expect(list.body.result.list.every((i) => i.shopName === '南山店')).toBe(true);
    const far = await post<{ list: Item[] }>(t, 'device/enable-list', { shopId: farShop }, sup);
    expect((await post(t, 'device/get', { id: far.body.result.list[0].id }, manager)).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'device/commands', { id: far.body.result.list[0].id }, manager)).body.ret).toBe(
      RET.forbidden,
    );
    const tree = await post<{ list: { id: string; num: number }[] }>(
      t,
      'geo/tree',
      { id: '440305', kind: 'device' },
      manager,
    );
    expect(tree.body.result.list).toHaveLength(1);
    expect(tree.body.result.list[0].num).toBeGreaterThan(0);
    expect((await post(t, 'geo/device-count', {}, manager)).body.result).toMatchObject({
      count: tree.body.result.list[0].num,
    });
  });

  it('logs (GET) list one record’s operations; another tenant’s id → 40004', async () => {
    const list = await post<{ list: Item[] }>(t, 'device/enable-list', {}, sup);
    const id = list.body.result.list[0].id;
    const res = await t.app.inject({ method: 'GET', url: `/api/device/logs?id=${id}`, headers: sup });
    expect(res.json()).toMatchObject({ ret: 0 });
    const other = await makeEnterprise(t);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/device/logs?id=${id}`,
      headers: tenantHeaders(other.owner, other, other.ownerRole),
    });
    expect(foreign.json()).toMatchObject({ ret: RET.notFound });
  });
});
