import { describe, expect, it } from 'vitest';
import { RET, type MenuItem, type MenuNode, type RoleMenu } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  tenantHeaders,
  type TestEnterprise,
} from '../../../test/factories.js';

const t = useTestApp();
const admin = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
const flat = (nodes: RoleMenu[]): RoleMenu[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('permission menus', () => {
  it('catalogue tree; add, edit (level follows pid; no duplicate path, no cycle), get', async () => {
    const ent = await makeEnterprise(t);
    const list = (await post<{ list: MenuNode[] }>(t, 'permission/list', {}, admin(ent))).body.result.list;
    expect(list.map((m) => m.path)).toEqual([
      '/home',
      '/store',
      '/data',
      '/advert',
      '/inform',
      '/incentives',
      '/news',
      '/center',
      '/enterprise',
    ]);
    const store = list.find((m) => m.path === '/store')!;
    expect(store.children[0]).toMatchObject({ path: '/store/store', level: 2, pid: store.id, titleEn: 'Stores' });
    expect(list.find((m) => m.path === '/enterprise')!.mainOnly).toBe(true);

    const added = await post<MenuNode>(
      t,
      'permission/add',
      { path: '/store/manage_details', title: '门店详情', titleEn: 'Store details', pid: store.id, sort: 20 },
      admin(ent),
    );
    expect(added.body.result).toMatchObject({ level: 2, pid: store.id, icon: '' });
    expect(
      (await post(t, 'permission/add', { path: '/store/manage_details', title: 'x', pid: 0 }, admin(ent))).body,
    ).toMatchObject({ ret: RET.conflict, msg: '该菜单路径已存在' });
    expect((await post(t, 'permission/add', { path: 'no-slash', title: 'x' }, admin(ent))).body.ret).toBe(
      RET.validation,
    );
    const id = added.body.result.id;
    const moved = await post<MenuNode>(
      t,
      'permission/edit',
      { id, path: '/store/manage_details', title: '门店详情', pid: 0 },
      admin(ent),
    );
    expect(moved.body.result).toMatchObject({ level: 1, pid: 0, titleEn: 'Store details' });
    expect(
      (
        await post(
          t,
          'permission/edit',
          { id: store.id, path: '/store', title: '门店信息', pid: store.children[0].id },
          admin(ent),
        )
      ).body.ret,
    ).toBe(RET.conflict);
    expect((await post<MenuNode>(t, 'permission/get', { id }, admin(ent))).body.result.title).toBe('门店详情');
  });

  it("role-menus reads a job's weights with decoded bits; taking /store view from store managers hides /store on their next menu load", async () => {
    const ent = await makeEnterprise(t);
    const [job] = await t.db.admin.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = 2', [
      ent.companyId,
    ]);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 2);
    const h = tenantHeaders(u, ent, node);
    const paths = async () =>
      (await post<{ menuInfo: MenuItem[] }>(t, 'account/menu', {}, h)).body.result.menuInfo.map((m) => m.path);
    expect(await paths()).toContain('/store');

    const read = await post<{ jobId: number; list: RoleMenu[] }>(
      t,
      'permission/role-menus',
      { jobId: job.id },
      admin(ent),
    );
    const menus = flat(read.body.result.list);
    const store = menus.find((m) => m.path === '/store')!;
    expect(store).toMatchObject({ weight: 1 | 2 | 4 | 8 | 16 | 128, bits: [1, 2, 4, 8, 16, 128] });
    expect(menus.find((m) => m.path === '/enterprise')).toMatchObject({ weight: 0, bits: [] });

    const set = menus
      .filter((m) => m.weight && m.path !== '/store' && m.path !== '/store/store')
      .map((m) => ({ menuId: m.menuId, weight: m.weight }));
    const res = await post<{ list: RoleMenu[] }>(
      t,
      'permission/set-role-menus',
      { jobId: job.id, menus: set },
      admin(ent),
    );
    expect(flat(res.body.result.list).find((m) => m.path === '/store')!.weight).toBe(0);
    expect(await paths()).not.toContain('/store');
    expect((await post(t, 'company/info', {}, h)).body.ret).toBe(0);
    // the server enforces the same bits
    const data = flat(res.body.result.list).find((m) => m.path === '/data')!;
    await post(
      t,
      'permission/set-role-menus',
      {
        jobId: job.id,
        menus: JSON.stringify([...set.filter((m) => m.menuId !== data.menuId), { menuId: data.menuId, weight: 1 }]),
      },
      admin(ent),
    );
    const after = flat(
      (await post<{ list: RoleMenu[] }>(t, 'permission/role-menus', { jobId: job.id }, admin(ent))).body.result.list,
    );
    expect(after.find((m) => m.path === '/data')).toMatchObject({ weight: 1, bits: [1] });
    const log = await t.db.admin.query<{ verb: string }>(
      "select verb from oplog where enterprise_id = $1 and entity = 'job-menus'",
      [ent.companyId],
    );
    expect(log).toHaveLength(2);
  });

  it("another enterprise's job or menu is not found; bad weights are refused", async () => {
    const ent = await makeEnterprise(t);
    const other = await makeEnterprise(t);
    const [job] = await t.db.admin.query<{ id: number }>(
      'select id from jobs where enterprise_id = $1 order by id limit 1',
      [ent.companyId],
    );
    const [foreignJob] = await t.db.admin.query<{ id: number }>(
      'select id from jobs where enterprise_id = $1 limit 1',
      [other.companyId],
    );
    const [foreignMenu] = await t.db.admin.query<{ id: number }>(
      'select id from menus where enterprise_id = $1 limit 1',
      [other.companyId],
    );
    expect((await post(t, 'permission/role-menus', { jobId: foreignJob.id }, admin(ent))).body.ret).toBe(RET.notFound);
    expect(
      (
        await post(
          t,
          'permission/set-role-menus',
          { jobId: job.id, menus: [{ menuId: foreignMenu.id, weight: 1 }] },
          admin(ent),
        )
      ).body.ret,
    ).toBe(RET.notFound);
    expect((await post(t, 'permission/get', { id: foreignMenu.id }, admin(ent))).body.ret).toBe(RET.notFound);
    expect(
      (
        await post(
          t,
          'permission/set-role-menus',
          { jobId: job.id, menus: [{ menuId: foreignMenu.id, weight: 256 }] },
          admin(ent),
        )
      ).body.ret,
    ).toBe(RET.validation);
  });
});
