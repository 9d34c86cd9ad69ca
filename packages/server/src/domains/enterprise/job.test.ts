import { describe, expect, it } from 'vitest';
import { RET, type MenuItem } from '@vitrine/contract';
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
type Job = { id: number; name: string; role: number; roleName: string; memberCount: number };

describe('jobs', () => {
  it('lists the seeded jobs; add (with the role default menus), edit, get, delete', async () => {
    const ent = await makeEnterprise(t);
    const list = (await post<{ list: Job[] }>(t, 'job/list', {}, admin(ent))).body.result.list;
    expect(list.map((j) => [j.name, j.role, j.roleName, j.memberCount])).toEqual([
      ['督导', 3, '督导', 1],
      ['店长', 2, '店长', 0],
      ['店员', 1, '店员', 0],
    ]);
    expect(
      (await post<{ list: Job[] }>(t, 'job/list', { role: 2 }, admin(ent))).body.result.list.map((j) => j.name),
    ).toEqual(['店长']);

    const added = (await post<Job>(t, 'job/add', { name: '区域经理', role: 2 }, admin(ent))).body.result;
    expect(added).toMatchObject({ name: '区域经理', role: 2, roleName: '店长', memberCount: 0 });
    expect((await post(t, 'job/add', { name: 'x', role: 4 }, admin(ent))).body.ret).toBe(RET.validation);
    // a member given the new job sees the manager's default menus
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 2);
    await t.db.admin.query('update role_entries set job_id = $1 where role_node = $2', [added.id, node]);
    const menu = await post<{ menuInfo: MenuItem[] }>(t, 'account/menu', {}, tenantHeaders(u, ent, node));
    expect(menu.body.result.menuInfo.map((m) => m.path)).toContain('/store');

    const edited = (
      await post<Job>(
        t,
        'job/edit',
        { id: added.id, name: '区域督导', role: 3 },
        { ...admin(ent), cookie: 'language=en-US' },
      )
    ).body.result;
    expect(edited).toMatchObject({ name: '区域督导', role: 3, roleName: 'Supervisor', memberCount: 1 });
    expect((await post<Job>(t, 'job/get', { id: added.id }, admin(ent))).body.result.name).toBe('区域督导');

    const held = await post(t, 'job/delete', { id: added.id }, admin(ent));
    expect(held.body).toMatchObject({ ret: RET.conflict, msg: '该岗位下还有成员，无法删除' });
    const free = (await post<Job>(t, 'job/add', { name: '临时工', role: 1 }, admin(ent))).body.result;
    expect((await post(t, 'job/delete', { id: free.id }, admin(ent))).body.ret).toBe(0);
    expect((await post(t, 'job/get', { id: free.id }, admin(ent))).body.ret).toBe(RET.notFound);
    const log = await t.db.admin.query<{ verb: string }>(
      "select verb from oplog where enterprise_id = $1 and entity = 'job' order by id",
      [ent.companyId],
    );
    expect(log.map((l) => l.verb)).toEqual(['create', 'update', 'create', 'delete']);
  });

  it("another enterprise's job is not found", async () => {
    const ent = await makeEnterprise(t);
    const other = await makeEnterprise(t);
    const [job] = await t.db.admin.query<{ id: number }>('select id from jobs where enterprise_id = $1', [
      other.companyId,
    ]);
    expect((await post(t, 'job/get', { id: job.id }, admin(ent))).body.ret).toBe(RET.notFound);
    expect((await post(t, 'job/edit', { id: job.id, name: 'x', role: 1 }, admin(ent))).body.ret).toBe(RET.notFound);
    expect((await post(t, 'job/delete', { id: job.id }, admin(ent))).body.ret).toBe(RET.notFound);
  });
});
