import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { AppError } from '../src/errors.js';
import { checkPerm, type TenantCtx } from '../src/plugins/context.js';
import { post, useTestApp } from './harness.js';
import {
  addMemberWithRole,
  makeEnterprise,
  makeUser,
  roleOf,
  tenantHeaders,
  type TestEnterprise,
  type TestUser,
} from './factories.js';

const t = useTestApp({ autoApprove: true }, 5000);

async function tenantCtx(ent: TestEnterprise, user: TestUser, isMain: boolean): Promise<TenantCtx> {
  const [entry] = await roleOf(t, user, ent);
  return {
    lang: 'zh',
    ip: '127.0.0.1',
    source: 'pc',
    user: { id: user.id, phone: user.phone, nickname: '', sessionId: 0 },
    enterprise: { id: ent.companyId, code: ent.companyCode, title: ent.title, isMain },
    role: { entryId: 0, roleNode: entry.roleNode, role: entry.role, deptId: entry.deptId, jobId: entry.jobId },
    range: null,
  };
}

const retOf = async (p: Promise<unknown>) =>
  p.then(
    () => 0,
    (e: AppError) => e.ret,
  );

describe('operation bits (DESIGN §4) enforced from the job’s menu weights', () => {
  it('supervisor has every bit; store manager no examine; shop assistant no store access; main-only needs isMain', async () => {
    const ent = await makeEnterprise(t);
    const manager = await makeUser(t);
    await addMemberWithRole(t, ent, manager, 2);
    const assistant = await makeUser(t);
    await addMemberWithRole(t, ent, assistant, 1);
    const sup = await tenantCtx(ent, ent.owner, true);
    const mgr = await tenantCtx(ent, manager, false);
    const asst = await tenantCtx(ent, assistant, false);
    expect(await retOf(checkPerm(t.deps, sup, { menu: '/store', bit: 'examine' }))).toBe(0);
    expect(await retOf(checkPerm(t.deps, mgr, { menu: '/store', bit: 'create' }))).toBe(0);
    expect(await retOf(checkPerm(t.deps, mgr, { menu: '/store', bit: 'examine' }))).toBe(RET.forbidden);
    expect(await retOf(checkPerm(t.deps, asst, { menu: '/store', bit: 'view' }))).toBe(RET.forbidden);
    expect(await retOf(checkPerm(t.deps, asst, { menu: '/inform', bit: 'view' }))).toBe(0);
    expect(await retOf(checkPerm(t.deps, mgr, { menu: '/enterprise', bit: 'view', main: true }))).toBe(RET.forbidden);
    expect(await retOf(checkPerm(t.deps, sup, { menu: '/enterprise', bit: 'update', main: true }))).toBe(0);
    // weights are data: taking a bit away takes the permission away
    await t.db.admin.query(
      `update job_menus set weight = weight & ~2 where job_id = $1 and menu_id in (select id from menus where path = '/store')`,
      [mgr.role.jobId],
    );
    t.deps.cache.invalidate(); // as permission/set-role-menus does
    expect(await retOf(checkPerm(t.deps, mgr, { menu: '/store', bit: 'create' }))).toBe(RET.forbidden);
  });
});

describe('auto-approval and the auth cache', () => {
  it('ENTERPRISE_AUTO_APPROVE=1 approves new enterprises at once', async () => {
    const u = await makeUser(t);
    const res = await post<{ status: number }>(t, 'company/create', { title: 'Solo shop' }, u.headers);
    expect(res.body.result.status).toBe(1);
  });

  it('with the cache on, logout is refused at once and a new enterprise shows at once', async () => {
    const ent = await makeEnterprise(t);
    const h = tenantHeaders(ent.owner, ent, ent.ownerRole);
    expect((await post(t, 'account/menu', {}, h)).body.ret).toBe(0);
    await post(t, 'company/create', { title: 'Second' }, ent.owner.headers);
    const info = await post<{ companyList: unknown[] }>(t, 'account/info', {}, ent.owner.headers);
    expect(info.body.result.companyList).toHaveLength(2);
    expect((await post(t, 'account/logout', {}, h)).body.ret).toBe(0);
    expect((await post(t, 'account/menu', {}, h)).body.ret).toBe(RET.unauthenticated);
  });
});
