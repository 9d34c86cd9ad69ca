import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp, type TestApp } from './harness.js';
import { TENANT_ROUTES } from './matrix/index.js';
import { addMemberWithRole, makeEnterprise, makeUser, tenantHeaders, type TestEnterprise, type TestUser } from './factories.js';

// The isolation matrix: every tenant route × every way of reaching past one's own enterprise and
// role → the expected ret. Each area lists its routes in test/matrix/<area>.ts and the matrix grows.

const t = useTestApp();


type World = { a: TestEnterprise; b: TestEnterprise; member: TestUser; memberNode: string; removed: TestUser; removedNode: string };

async function world(t: TestApp): Promise<World> {
  const a = await makeEnterprise(t);
  const b = await makeEnterprise(t);
  const member = await makeUser(t);
  const memberNode = await addMemberWithRole(t, a, member, 2);
  const removed = await makeUser(t);
  const removedNode = await addMemberWithRole(t, a, removed, 1);
  await t.db.admin.query('update members set status = 0 where enterprise_id = $1 and user_id = $2', [a.companyId, removed.id]);
  return { a, b, member, memberNode, removed, removedNode };
}

type Case = { name: string; headers: (w: World) => Record<string, string>; ret: number; status: number };

const CASES: Case[] = [
  { name: 'own enterprise and role', headers: (w) => tenantHeaders(w.member, w.a, w.memberNode), ret: RET.ok, status: 200 },
  { name: "other enterprise's code with my role node", headers: (w) => tenantHeaders(w.member, w.b, w.memberNode), ret: RET.tenantInvalid, status: 403 },
  { name: "my enterprise with another member's role node", headers: (w) => tenantHeaders(w.member, w.a, w.a.ownerRole), ret: RET.tenantInvalid, status: 403 },
  { name: "other enterprise's code and its owner's role node", headers: (w) => tenantHeaders(w.member, w.b, w.b.ownerRole), ret: RET.tenantInvalid, status: 403 },
  { name: 'removed member', headers: (w) => tenantHeaders(w.removed, w.a, w.removedNode), ret: RET.tenantInvalid, status: 403 },
  { name: 'no enterprise headers', headers: (w) => w.member.headers, ret: RET.tenantInvalid, status: 403 },
  { name: "another user's token under my id", headers: (w) => ({ ...tenantHeaders(w.member, w.a, w.memberNode), at: w.a.owner.token }), ret: RET.unauthenticated, status: 401 },
  { name: 'no token', headers: (w) => ({ enCode: w.a.companyCode, roleCode: w.memberNode, id: String(w.member.id) }), ret: RET.unauthenticated, status: 401 },
  { name: 'forged token', headers: (w) => ({ ...tenantHeaders(w.member, w.a, w.memberNode), at: 'A'.repeat(43) }), ret: RET.unauthenticated, status: 401 },
];

describe('isolation matrix', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
  });
  for (const route of TENANT_ROUTES) {
    for (const c of CASES) {
      it(`${route.path} × ${c.name} → ${c.ret}`, async () => {
        const res = await post(t, route.path, route.body, c.headers(w));
        expect(res.body.ret).toBe(c.ret);
        expect(res.status).toBe(c.status);
        if (c.ret !== RET.ok) expect(JSON.stringify(res.body.result ?? null)).not.toContain(w.b.title);
      });
    }
  }

  it('an expired token gets 65536 on every tenant route', async () => {
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, w.a, u, 3);
    await t.db.admin.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    for (const route of TENANT_ROUTES) expect((await post(t, route.path, route.body, tenantHeaders(u, w.a, node))).body.ret).toBe(RET.unauthenticated);
  });

  it('account/roles does not list another enterprise one is not a member of', async () => {
    expect((await post(t, 'account/roles', { enCode: w.b.companyCode }, w.member.headers)).body.ret).toBe(RET.notFound);
  });
});
