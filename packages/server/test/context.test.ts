import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { TENANT_ROUTES } from './matrix/index.js';
import { world, type World } from './matrix/types.js';
import { tenantHeaders } from './factories.js';

// The context plugin: every way of reaching past one's own enterprise and role through the five
// headers stops here, before any route runs. Tenant routes all resolve the caller through it
// (plugins/register.ts contextFor); the isolation matrix tests each route's own rules.

const t = useTestApp();

type Case = { name: string; headers: (w: World) => Record<string, string>; ret: number };
const CASES: Case[] = [
  {
    name: "other enterprise's code with my role node",
    headers: (w) => tenantHeaders(w.member, w.b, w.memberNode),
    ret: RET.tenantInvalid,
  },
  {
    name: "my enterprise with another member's role node",
    headers: (w) => tenantHeaders(w.member, w.a, w.a.ownerRole),
    ret: RET.tenantInvalid,
  },
  {
    name: "other enterprise's code and its owner's role node",
    headers: (w) => tenantHeaders(w.member, w.b, w.b.ownerRole),
    ret: RET.tenantInvalid,
  },
  { name: 'removed member', headers: (w) => tenantHeaders(w.removed, w.a, w.removedNode), ret: RET.tenantInvalid },
  { name: 'no enterprise headers', headers: (w) => w.member.headers, ret: RET.tenantInvalid },
  {
    name: "another user's token under my id",
    headers: (w) => ({ ...tenantHeaders(w.member, w.a, w.memberNode), at: w.a.owner.token }),
    ret: RET.unauthenticated,
  },
  {
    name: 'no token',
    headers: (w) => ({ enCode: w.a.companyCode, roleCode: w.memberNode, id: String(w.member.id) }),
    ret: RET.unauthenticated,
  },
  {
    name: 'forged token',
    headers: (w) => ({ ...tenantHeaders(w.member, w.a, w.memberNode), at: 'A'.repeat(43) }),
    ret: RET.unauthenticated,
  },
  {
    name: 'role node of another enterprise with my code',
    headers: (w) => tenantHeaders(w.member, w.a, w.b.ownerRole),
    ret: RET.tenantInvalid,
  },
];
const STATUS: Record<number, number> = { [RET.tenantInvalid]: 403, [RET.unauthenticated]: 401 };

/** One read, one GET and one write: the plugin runs before each kind alike. */
const PATHS = ['geo/provinces', 'file/signature', 'shop/create'];

describe('context plugin', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
  });
  for (const path of PATHS) {
    for (const c of CASES) {
      it(`${path} × ${c.name} → ${c.ret}`, async () => {
        const route = TENANT_ROUTES.find((r) => r.path === path)!;
        const body = typeof route.body === 'function' ? await route.body(w) : route.body;
        const res = await post(t, path, body, c.headers(w));
        expect(res.body.ret).toBe(c.ret);
        expect(res.status).toBe(STATUS[c.ret]);
        expect(JSON.stringify(res.body.result ?? null)).not.toContain(w.b.title);
      });
    }
  }
});
