import { describe, expect, it } from 'vitest';
import { RET, type MenuItem, type RoleEntry } from '@vitrine/contract';
import { invalidated, post, useTestApp } from '../../../test/harness.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders } from '../../../test/factories.js';
import { reviewEnterprise } from '../operator/service.js';

const t = useTestApp();

describe('enterprise entry', () => {
  it('creates an enterprise under review with its creator as main admin and supervisor', async () => {
    const u = await makeUser(t);
    const res = await post<{ companyCode: string; status: number; isMain: number }>(
      t,
      'company/create',
      { title: '华联超市' },
      u.headers,
    );
    expect(res.body.result).toMatchObject({ status: 0, isMain: 1, title: '华联超市' });
    const code = res.body.result.companyCode;
    expect(code).toMatch(/^[A-Z2-9]{6}$/);

    const info = await post<{ companyList: { companyCode: string; status: number; isMain: number }[]; isMain: number }>(
      t,
      'account/info',
      { enCode: code },
      u.headers,
    );
    expect(info.body.result.companyList).toEqual([
      expect.objectContaining({ companyCode: code, status: 0, isMain: 1 }),
    ]);
    expect(info.body.result.isMain).toBe(1);

    const roles = await post<{ list: RoleEntry[] }>(t, 'account/roles', { enCode: code }, u.headers);
    expect(roles.body.result.list).toEqual([
      expect.objectContaining({ role: 3, roleName: '督导', deptName: '总部', jobName: '督导' }),
    ]);
    const roleNode = roles.body.result.list[0].roleNode;

    // under review: the enterprise cannot be entered
    const ent = { companyCode: code } as never;
    const menu = await post(t, 'account/menu', {}, tenantHeaders(u, ent, roleNode));
    expect(menu.status).toBe(403);
    expect(menu.body.ret).toBe(RET.tenantInvalid);

    // approved by the operator: the enterprise's cached state is forgotten on the change notification
    // (on PostgreSQL it arrives asynchronously: a request before it once read the cached review state)
    const since = t.deps.cache.invalidations;
    await reviewEnterprise(t.db.admin, code, true);
    await invalidated(t, since);
    const after = await post<{ menuInfo: MenuItem[]; userInfo: { isMain: number } }>(
      t,
      'account/menu',
      {},
      tenantHeaders(u, ent, roleNode),
    );
    expect(after.body.ret).toBe(0);
    const paths = after.body.result.menuInfo.map((m) => m.path);
    expect(paths).toEqual([
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
    const home = after.body.result.menuInfo[0];
    expect(home.children.map((c) => c.path)).toEqual(['/store', '/count', '/advert', '/inform', '/incentives']);
    expect(after.body.result.menuInfo.find((m) => m.path === '/store')?.weight).toBe(255);
    expect(after.body.result.userInfo.isMain).toBe(1);
  });

  it('seeds names in the creator language', async () => {
    const u = await makeUser(t);
    const res = await post<{ companyCode: string }>(
      t,
      'company/create',
      { title: 'Corner Shops' },
      { ...u.headers, cookie: 'language=en-US' },
    );
    const roles = await post<{ list: RoleEntry[] }>(
      t,
      'account/roles',
      { enCode: res.body.result.companyCode },
      { ...u.headers, cookie: 'language=en-US' },
    );
    expect(roles.body.result.list[0]).toMatchObject({
      deptName: 'Head office',
      roleName: 'Supervisor',
      jobName: 'Supervisor',
    });
  });

  it('applies to join by code: pending once, refused when under review, a member or unknown', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t);
    const res = await post(t, 'company/apply-join', { enCode: ent.companyCode.toLowerCase() }, u.headers);
    expect(res.body.result).toEqual({ status: 201, title: ent.title });
    expect((await post(t, 'company/apply-join', { enCode: ent.companyCode }, u.headers)).body).toMatchObject({
      ret: RET.conflict,
      msg: '已提交申请，请等待审核',
    });
    expect((await post(t, 'company/apply-join', { enCode: ent.companyCode }, ent.owner.headers)).body.msg).toBe(
      '您已是该企业成员',
    );
    expect((await post(t, 'company/apply-join', { enCode: 'ZZZZZZ' }, u.headers)).body.ret).toBe(RET.notFound);
    const review = await makeEnterprise(t, { approved: false });
    expect((await post(t, 'company/apply-join', { enCode: review.companyCode }, u.headers)).body.msg).toBe(
      '企业处于待审核状态，无法进入',
    );
    // the application is stored against the enterprise
    const rows = await t.db.admin.query(
      'select status from join_applications where enterprise_id = $1 and user_id = $2',
      [ent.companyId, u.id],
    );
    expect(rows).toEqual([{ status: 201 }]);
    // the enterprise's main admin is told
    const msgs = await t.db.admin.query<{ user_id: number; kind: string }>(
      "select user_id, kind from messages where enterprise_id = $1 and kind = 'join.applied'",
      [ent.companyId],
    );
    expect(msgs).toEqual([{ user_id: ent.owner.id, kind: 'join.applied' }]);
  });

  it('menus follow the role: a shop assistant sees no store, data or enterprise management', async () => {
    const ent = await makeEnterprise(t);
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, ent, u, 1);
    const res = await post<{ menuInfo: MenuItem[]; userInfo: { isMain: number } }>(
      t,
      'account/menu',
      {},
      tenantHeaders(u, ent, node),
    );
    expect(res.body.result.menuInfo.map((m) => m.path)).toEqual([
      '/home',
      '/inform',
      '/incentives',
      '/news',
      '/center',
    ]);
    expect(res.body.result.menuInfo[0].children.map((c) => c.path)).toEqual(['/inform', '/incentives']);
    expect(res.body.result.userInfo.isMain).toBe(0);
    const flat = await post<{ menuInfo: MenuItem[] }>(t, 'account/menu-v2', {}, tenantHeaders(u, ent, node));
    expect(flat.body.result.menuInfo.map((m) => m.path)).toContain('/center/centerEditor');
  });

  it('company/info and names answer for the current enterprise only', async () => {
    const ent = await makeEnterprise(t);
    const member = await makeUser(t, '小李');
    await addMemberWithRole(t, ent, member, 2);
    const stranger = await makeUser(t, 'stranger');
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    expect((await post(t, 'company/info', {}, h)).body.result).toMatchObject({
      companyCode: ent.companyCode,
      isMain: 1,
    });
    const names = await post<{ list: { id: number; name: string }[] }>(
      t,
      'account/names',
      { ids: [member.id, stranger.id] },
      h,
    );
    expect(names.body.result.list).toEqual([{ id: member.id, name: '小李' }]);
  });
});
