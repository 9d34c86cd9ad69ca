import { describe, expect, it } from 'vitest';
import {
  RET,
  type JoinApply,
  type MemberAccount,
  type MemberRole,
  type MenuItem,
  type RoleEntry,
} from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  roleOf,
  tenantHeaders,
  type TestEnterprise,
} from '../../../test/factories.js';
import { renderedMessages } from '../../../test/messages.js';

const t = useTestApp();

const admin = (ent: TestEnterprise) => tenantHeaders(ent.owner, ent, ent.ownerRole);
const messagesOf = (userId: number, kind: string) => renderedMessages(t, 'user_id = $1 and kind = $2', [userId, kind]);
const ids = async (ent: TestEnterprise) => {
  const [dept] = await t.db.admin.query<{ id: number }>(
    'select id from departments where enterprise_id = $1 order by id limit 1',
    [ent.companyId],
  );
  const jobs = await t.db.admin.query<{ id: number; role: number }>(
    'select id, role from jobs where enterprise_id = $1',
    [ent.companyId],
  );
  const job = (role: number) => jobs.find((j) => j.role === role)!.id;
  return { deptId: dept.id, job };
};

describe('members', () => {
  it('lists members with masked phone, departments, jobs, role entries and ranges; keyword filters', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t, '王小明');
    await addMemberWithRole(t, ent, u, 2);
    const res = await post<{ list: MemberAccount[]; total: number }>(t, 'company/accounts', {}, admin(ent));
    expect(res.body.ret).toBe(0);
    expect(res.body.result.total).toBe(2);
    const [main, other] = res.body.result.list;
    expect(main).toMatchObject({ userId: ent.owner.id, isMain: 1, status: 1, depts: ['总部'], jobs: ['督导'] });
    expect(main.roles[0]).toMatchObject({ role: 3, roleName: '督导', roleNode: ent.ownerRole, range: null });
    expect(other).toMatchObject({
      userId: u.id,
      nickname: '王小明',
      isMain: 0,
      jobs: ['店长'],
      phone: `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}`,
    });
    const found = await post<{ list: MemberAccount[]; total: number }>(
      t,
      'company/accounts',
      { keyword: '小明' },
      admin(ent),
    );
    expect(found.body.result.list.map((m) => m.userId)).toEqual([u.id]);
    const page = await post<{ list: MemberAccount[]; pageSize: number }>(
      t,
      'company/accounts',
      { pageSize: 1, pageNum: 2 },
      admin(ent),
    );
    expect(page.body.result.list.map((m) => m.userId)).toEqual([u.id]);
  });

  it('updates the enterprise title and logo (main admin only)', async () => {
    const ent = await makeEnterprise(t);
    const logo = `/api/file/img/${'ab'.repeat(32)}`;
    const res = await post(t, 'company/update', { title: '新名字', logo }, admin(ent));
    expect(res.body.result).toMatchObject({ title: '新名字', logo, companyCode: ent.companyCode });
    // only our own image addresses: not another site, not a script URL (issue 8 §1)
    for (const bad of [
      'https://evil.example/x.png',
      'javascript:alert(1)',
      '/files/abc',
      `//evil.example/file/img/${'ab'.repeat(32)}`,
    ]) {
      const refused = await post(t, 'company/update', { logo: bad }, admin(ent));
      expect(refused.body, bad).toMatchObject({ ret: RET.validation });
    }
    const m = await makeUser(t);
    const node = await addMemberWithRole(t, ent, m, 3);
    expect((await post(t, 'company/update', { title: 'x' }, tenantHeaders(m, ent, node))).body).toMatchObject({
      ret: RET.forbidden,
      msg: '仅企业主管理员可以操作',
    });
  });
});

describe('join applications', () => {
  it('approve: membership + default department and shop-assistant job; the applicant is told; deciding twice → 40009', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t, '申请人');
    await post(t, 'company/apply-join', { enCode: ent.companyCode }, u.headers);
    const list = await post<{ list: JoinApply[]; total: number }>(t, 'company/applies', { status: 201 }, admin(ent));
    expect(list.body.result.list).toEqual([
      expect.objectContaining({ userId: u.id, nickname: '申请人', status: 201, phone: u.phone, rtime: null }),
    ]);
    const id = list.body.result.list[0].id;
    const res = await post<JoinApply>(t, 'company/audit-join', { id, pass: 1 }, admin(ent));
    expect(res.body.result).toMatchObject({ status: 202, reviewer: 'owner' });
    const roles = await roleOf(t, u, ent);
    expect(roles).toEqual([expect.objectContaining({ deptName: '总部', role: 1, jobName: '店员' })]);
    expect(await messagesOf(u.id, 'join.result')).toEqual([
      expect.objectContaining({
        title_zh: expect.stringContaining('已通过'),
        title_en: expect.stringContaining('approved'),
      }),
    ]);
    // the new member can enter
    expect((await post(t, 'account/menu', {}, tenantHeaders(u, ent, roles[0].roleNode))).body.ret).toBe(0);
    // a shop assistant starts with an empty data range (least privilege) until an admin gives shops
    const [entry] = await t.db.admin.query<{ data_range: unknown }>(
      'select data_range from role_entries where user_id = $1',
      [u.id],
    );
    expect(entry.data_range).toEqual({ p: [], c: [], a: [], s: [] });
    const again = await post(t, 'company/audit-join', { id, pass: 0, reason: 'no' }, admin(ent));
    expect(again.body).toMatchObject({ ret: RET.conflict, msg: '该申请已处理，不能重复审核' });
    const log = await t.db.admin.query<{ verb: string; entity: string }>(
      "select verb, entity from oplog where enterprise_id = $1 and entity = 'join-apply' order by id",
      [ent.companyId],
    );
    expect(log).toEqual([
      { verb: 'apply', entity: 'join-apply' },
      { verb: 'pass', entity: 'join-apply' },
    ]);
  });

  it('approve with a chosen department and job; reject needs a reason and tells the applicant why', async () => {
    const ent = await makeEnterprise(t);
    const { deptId, job } = await ids(ent);
    const a = await makeUser(t);
    const b = await makeUser(t);
    await post(t, 'company/apply-join', { enCode: ent.companyCode }, a.headers);
    await post(t, 'company/apply-join', { enCode: ent.companyCode }, b.headers);
    const list = (await post<{ list: JoinApply[] }>(t, 'company/applies', {}, admin(ent))).body.result.list;
    const idOf = (userId: number) => list.find((x) => x.userId === userId)!.id;
    await post(t, 'company/audit-join', { id: idOf(a.id), pass: 1, deptId, jobId: job(2) }, admin(ent));
    expect((await roleOf(t, a, ent))[0]).toMatchObject({ role: 2, jobName: '店长' });
    const noReason = await post(t, 'company/audit-join', { id: idOf(b.id), pass: 0 }, admin(ent));
    expect(noReason.body).toMatchObject({ ret: RET.validation, result: { fields: [{ field: 'reason' }] } });
    const rej = await post<JoinApply>(
      t,
      'company/audit-join',
      { id: idOf(b.id), pass: 0, reason: '信息不全' },
      admin(ent),
    );
    expect(rej.body.result).toMatchObject({ status: 203, reason: '信息不全' });
    expect((await messagesOf(b.id, 'join.result'))[0].body_zh).toBe('原因：信息不全');
    expect(await roleOf(t, b, ent)).toEqual([]);
    const rejected = await post<{ list: JoinApply[] }>(t, 'company/applies', { status: 203 }, admin(ent));
    expect(rejected.body.result.list.map((x) => x.userId)).toEqual([b.id]);
  });
});

describe('remove member, change admin, set roles', () => {
  it('a removed member gets 10017 on the next call; is told; cannot remove oneself', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 2);
    const h = tenantHeaders(u, ent, node);
    expect((await post(t, 'account/menu', {}, h)).body.ret).toBe(0);
    expect((await post(t, 'company/remove-member', { userId: u.id }, admin(ent))).body.ret).toBe(0);
    const after = await post(t, 'account/menu', {}, h);
    expect(after.status).toBe(403);
    expect(after.body.ret).toBe(RET.tenantInvalid);
    expect(await messagesOf(u.id, 'member.removed')).toHaveLength(1);
    const info = await post<{ companyList: unknown[] }>(t, 'account/info', {}, u.headers);
    expect(info.body.result.companyList).toEqual([]);
    expect((await post(t, 'company/remove-member', { userId: ent.owner.id }, admin(ent))).body.ret).toBe(RET.conflict);
    expect((await post(t, 'company/remove-member', { userId: u.id }, admin(ent))).body.ret).toBe(RET.conflict);
    const accounts = await post<{ list: MemberAccount[] }>(t, 'company/accounts', { status: 0 }, admin(ent));
    expect(accounts.body.result.list).toEqual([expect.objectContaining({ userId: u.id, status: 0, roles: [] })]);
  });

  it('change admin hands isMain over; the former admin loses enterprise management', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 3);
    expect((await post(t, 'company/change-admin', { userId: ent.owner.id }, admin(ent))).body.ret).toBe(RET.conflict);
    expect((await post(t, 'company/change-admin', { userId: u.id }, admin(ent))).body.ret).toBe(0);
    expect((await post(t, 'company/accounts', {}, admin(ent))).body.ret).toBe(RET.forbidden);
    expect((await post(t, 'company/accounts', {}, tenantHeaders(u, ent, node))).body.ret).toBe(0);
    const info = await post<{ isMain: number }>(t, 'account/info', { enCode: ent.companyCode }, u.headers);
    expect(info.body.result.isMain).toBe(1);
    const log = await t.db.admin.query<{ verb: string }>(
      "select verb from oplog where enterprise_id = $1 and entity = 'admin'",
      [ent.companyId],
    );
    expect(log).toEqual([{ verb: 'update' }]);
  });

  it('set-roles keeps unchanged role nodes, removes the others (10017 for them), tells the member', async () => {
    const ent = await makeEnterprise(t);
    const { deptId, job } = await ids(ent);
    const dept2 = (await post<{ id: number }>(t, 'dept/add', { name: '华东区', pid: deptId }, admin(ent))).body.result
      .id;
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 2);
    const res = await post<{ list: MemberRole[] }>(
      t,
      'company/set-roles',
      {
        userId: u.id,
        roles: [
          { deptId, jobId: job(2), role: 2 },
          { deptId: dept2, jobId: job(1) },
        ],
      },
      admin(ent),
    );
    expect(res.body.ret).toBe(0);
    expect(res.body.result.list).toHaveLength(2);
    expect(res.body.result.list[0].roleNode).toBe(node);
    expect(res.body.result.list[1]).toMatchObject({ deptName: '华东区', role: 1 });
    expect((await post(t, 'account/menu', {}, tenantHeaders(u, ent, node))).body.ret).toBe(0);

    const second = await post<{ list: MemberRole[] }>(
      t,
      'company/set-roles',
      { userId: u.id, roles: JSON.stringify([{ deptId, jobId: job(1) }]) },
      admin(ent),
    );
    const newNode = second.body.result.list[0].roleNode;
    expect((await post(t, 'account/menu', {}, tenantHeaders(u, ent, node))).body.ret).toBe(RET.tenantInvalid);
    const menu = await post<{ menuInfo: MenuItem[] }>(t, 'account/menu', {}, tenantHeaders(u, ent, newNode));
    expect(menu.body.result.menuInfo.map((m) => m.path)).not.toContain('/store');
    const roles = await post<{ list: RoleEntry[] }>(t, 'account/roles', { enCode: ent.companyCode }, u.headers);
    expect(roles.body.result.list.map((r) => r.roleNode)).toEqual([newNode]);
    const msgs = await messagesOf(u.id, 'role.changed');
    expect(msgs).toHaveLength(2);
    expect(msgs[1].body_zh).toBe('当前角色：总部/店员');

    const dup = await post(
      t,
      'company/set-roles',
      {
        userId: u.id,
        roles: [
          { deptId, jobId: job(1) },
          { deptId, jobId: job(1) },
        ],
      },
      admin(ent),
    );
    expect(dup.body).toMatchObject({ ret: RET.validation, msg: '角色重复：同一部门和岗位只能设置一次' });
    expect((await post(t, 'company/set-roles', { userId: u.id, roles: [] }, admin(ent))).body.ret).toBe(RET.validation);
    const other = await makeEnterprise(t);
    const foreign = await ids(other);
    expect(
      (
        await post(
          t,
          'company/set-roles',
          { userId: u.id, roles: [{ deptId: foreign.deptId, jobId: job(1) }] },
          admin(ent),
        )
      ).body.ret,
    ).toBe(RET.notFound);
    expect(
      (await post(t, 'company/set-roles', { userId: other.owner.id, roles: [{ deptId, jobId: job(1) }] }, admin(ent)))
        .body.ret,
    ).toBe(RET.notFound);
  });
});
