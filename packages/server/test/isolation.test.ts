import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { adminWrite, post, useTestApp } from './harness.js';
import { TENANT_ROUTES, markedRecords, type MatrixRoute } from './matrix/index.js';
import { world, type World } from './matrix/types.js';
import { addMemberWithRole, makeUser, tenantHeaders } from './factories.js';

// The isolation matrix: every tenant route × every way of reaching past one's own enterprise and
// role → the expected ret. Each area lists its routes in test/matrix/<area>.ts and the matrix grows.

const t = useTestApp();

type Case = { name: string; headers: (w: World) => Record<string, string>; ret: number | ((r: MatrixRoute) => number) };

const STATUS: Record<number, number> = {
  [RET.ok]: 200,
  [RET.tenantInvalid]: 403,
  [RET.forbidden]: 403,
  [RET.unauthenticated]: 401,
  [RET.notFound]: 404,
};

// Per route: the two roles of enterprise a, and a's member naming b's code. The other ways of reaching
// past one's enterprise and role stop in the context plugin, before any route: test/context.test.ts.
const CASES: Case[] = [
  { name: 'main admin of the enterprise', headers: (w) => tenantHeaders(w.a.owner, w.a, w.a.ownerRole), ret: RET.ok },
  {
    name: 'store manager of the enterprise',
    headers: (w) => tenantHeaders(w.member, w.a, w.memberNode),
    ret: (r) => r.asManager ?? RET.ok,
  },
  {
    name: "other enterprise's code with my role node",
    headers: (w) => tenantHeaders(w.member, w.b, w.memberNode),
    ret: RET.tenantInvalid,
  },
];

describe('isolation matrix', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
    await markedRecords(w);
  });
  for (const route of TENANT_ROUTES) {
    for (const c of CASES) {
      const ret = typeof c.ret === 'function' ? c.ret(route) : c.ret;
      it(`${route.path} × ${c.name} → ${ret}`, async () => {
        const body = typeof route.body === 'function' ? await route.body(w) : route.body;
        const res = await post(t, route.path, body, c.headers(w));
        expect(res.body.ret).toBe(ret);
        expect(res.status).toBe(STATUS[ret]);
        const text = JSON.stringify(res.body.result ?? null);
        expect(text).not.toContain(w.b.title);
        expect(text).not.toContain(w.marker);
      });
    }
    if (route.foreign) {
      it(`${route.path} × a record of another enterprise → 40004`, async () => {
        const res = await post(t, route.path, await route.foreign!(w), tenantHeaders(w.a.owner, w.a, w.a.ownerRole));
        expect(res.body.ret).toBe(RET.notFound);
        expect(res.status).toBe(404);
      });
    }
  }

  it('an expired token gets 65536 on every tenant route', async () => {
    const u = await makeUser(t);
    const node = await addMemberWithRole(t, w.a, u, 3);
    await adminWrite(t, `update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [u.id]);
    for (const route of TENANT_ROUTES) {
      const body = typeof route.body === 'function' ? await route.body(w) : route.body;
      expect((await post(t, route.path, body, tenantHeaders(u, w.a, node))).body.ret).toBe(RET.unauthenticated);
    }
  });

  it('account/roles does not list another enterprise one is not a member of', async () => {
    expect((await post(t, 'account/roles', { enCode: w.b.companyCode }, w.member.headers)).body.ret).toBe(RET.notFound);
  });
});
