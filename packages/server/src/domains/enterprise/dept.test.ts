import { describe, expect, it } from 'vitest';
import { RET, type DeptNode } from '@vitrine/contract';
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
type Dept = { id: number; pid: number; name: string; memberCount: number };

describe('departments', () => {
  it('tree with member counts; add, edit, get; a move under its own child is refused', async () => {
    const ent = await makeEnterprise(t);
    const root = (await post<{ list: DeptNode[] }>(t, 'dept/list', {}, admin(ent))).body.result.list;
    expect(root).toEqual([expect.objectContaining({ name: '总部', pid: 0, memberCount: 1, children: [] })]);
    const east = (await post<Dept>(t, 'dept/add', { name: '华东区', pid: root[0].id }, admin(ent))).body.result;
    expect(east).toMatchObject({ name: '华东区', pid: root[0].id, memberCount: 0 });
    const shanghai = (await post<Dept>(t, 'dept/add', { name: '上海', pid: east.id }, admin(ent))).body.result;
    const tree = (await post<{ list: DeptNode[] }>(t, 'dept/list', {}, admin(ent))).body.result.list;
    expect(tree[0].children[0]).toMatchObject({
      id: east.id,
      children: [expect.objectContaining({ id: shanghai.id })],
    });

    const cycle = await post(t, 'dept/edit', { id: east.id, name: '华东区', pid: shanghai.id }, admin(ent));
    expect(cycle.body).toMatchObject({ ret: RET.conflict, msg: '不能将部门移动到其自身或其下级部门之下' });
    expect((await post(t, 'dept/edit', { id: east.id, name: '华东区', pid: east.id }, admin(ent))).body.ret).toBe(
      RET.conflict,
    );
    const moved = await post<Dept>(t, 'dept/edit', { id: shanghai.id, name: '上海一部', pid: 0 }, admin(ent));
    expect(moved.body.result).toMatchObject({ name: '上海一部', pid: 0 });
    expect((await post<Dept>(t, 'dept/get', { id: shanghai.id }, admin(ent))).body.result.name).toBe('上海一部');
    expect((await post(t, 'dept/add', { name: '', pid: 0 }, admin(ent))).body.ret).toBe(RET.validation);
    const other = await makeEnterprise(t);
    const [foreign] = await t.db.admin.query<{ id: number }>('select id from departments where enterprise_id = $1', [
      other.companyId,
    ]);
    expect((await post(t, 'dept/add', { name: 'x', pid: foreign.id }, admin(ent))).body.ret).toBe(RET.notFound);
    expect((await post(t, 'dept/get', { id: foreign.id }, admin(ent))).body.ret).toBe(RET.notFound);
    const log = await t.db.admin.query<{ verb: string }>(
      "select verb from oplog where enterprise_id = $1 and entity = 'dept' order by id",
      [ent.companyId],
    );
    expect(log.map((l) => l.verb)).toEqual(['create', 'create', 'update']);
  });

  it('delete refuses a department with members or sub-departments, in both languages', async () => {
    const ent = await makeEnterprise(t);
    const [head] = (await post<{ list: DeptNode[] }>(t, 'dept/list', {}, admin(ent))).body.result.list;
    const east = (await post<Dept>(t, 'dept/add', { name: '华东区', pid: head.id }, admin(ent))).body.result;
    const child = (await post<Dept>(t, 'dept/add', { name: '上海', pid: east.id }, admin(ent))).body.result;
    const members = await post(t, 'dept/delete', { id: head.id }, admin(ent));
    expect(members.body).toMatchObject({ ret: RET.conflict, msg: '该部门下还有子部门，无法删除' });
    const withKids = await post(t, 'dept/delete', { id: east.id }, { ...admin(ent), cookie: 'language=en-US' });
    expect(withKids.status).toBe(409);
    expect(withKids.body.msg).toBe('This department still has sub-departments and cannot be deleted');
    // a member in the child department
    const u = await makeUser(t, '店员甲');
    const node = await addMemberWithRole(t, ent, u, 1);
    await t.db.admin.query('update role_entries set dept_id = $1 where role_node = $2', [child.id, node]);
    const busy = await post(t, 'dept/delete', { id: child.id }, admin(ent));
    expect(busy.body).toMatchObject({ ret: RET.conflict, msg: '该部门下还有成员，无法删除' });
    const en = await post(t, 'dept/delete', { id: child.id }, { ...admin(ent), cookie: 'language=en-US' });
    expect(en.body.msg).toBe('This department still has members and cannot be deleted');

    const emp = await post<{
      list: { userId: number; nickname: string; jobs: { jobName: string; role: number }[] }[];
      total: number;
    }>(t, 'dept/employees', { id: child.id }, admin(ent));
    expect(emp.body.result).toMatchObject({
      total: 1,
      list: [{ userId: u.id, nickname: '店员甲', jobs: [{ jobName: '店员', role: 1 }] }],
    });
    expect((await post<{ total: number }>(t, 'dept/employees', { id: head.id }, admin(ent))).body.result.total).toBe(1);

    await t.db.admin.query('update role_entries set dept_id = $1 where role_node = $2', [head.id, node]);
    expect((await post(t, 'dept/delete', { id: child.id }, admin(ent))).body.ret).toBe(0);
    expect((await post(t, 'dept/delete', { id: east.id }, admin(ent))).body.ret).toBe(0);
    expect((await post(t, 'dept/get', { id: east.id }, admin(ent))).body.ret).toBe(RET.notFound);
  });

  it('store managers are refused (main admin only)', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 2);
    expect((await post(t, 'dept/list', {}, tenantHeaders(u, ent, node))).body.ret).toBe(RET.forbidden);
  });
});
