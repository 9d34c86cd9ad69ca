import { randomInt } from 'node:crypto';
import { RET } from '@vitrine/contract';
import { addMemberWithRole, makeUser, type TestEnterprise } from '../factories.js';
import type { MatrixRoute, World } from './types.js';

// Enterprise management is main-admin only: a's store manager gets 40003 on every route here.
// Bodies that mutate create their own records in a, so the world stays as the other rows expect.

const M = RET.forbidden;
const one = async (w: World, sql: string, params: unknown[]) =>
  (await w.t.db.admin.query<{ id: number }>(sql, params))[0].id;
const deptOf = (w: World, ent: TestEnterprise) =>
  one(w, 'select id from departments where enterprise_id = $1 order by id limit 1', [ent.companyId]);
const jobOf = (w: World, ent: TestEnterprise, role = 1) =>
  one(w, 'select id from jobs where enterprise_id = $1 and role = $2 order by id limit 1', [ent.companyId, role]);
const menuOf = (w: World, ent: TestEnterprise) =>
  one(w, "select id from menus where enterprise_id = $1 and path = '/news'", [ent.companyId]);
const newDept = (w: World) =>
  one(w, "insert into departments (enterprise_id, name) values ($1, 'matrix') returning id", [w.a.companyId]);
const newJob = (w: World) =>
  one(w, "insert into jobs (enterprise_id, name, role) values ($1, 'matrix', 1) returning id", [w.a.companyId]);
const newMenu = (w: World) =>
  one(w, "insert into menus (enterprise_id, path, title) values ($1, $2, 'matrix') returning id", [
    w.a.companyId,
    `/matrix-${randomInt(1e9)}`,
  ]);
const newApply = async (w: World, ent: TestEnterprise) => {
  const u = await makeUser(w.t);
  return one(w, 'insert into join_applications (enterprise_id, user_id) values ($1, $2) returning id', [
    ent.companyId,
    u.id,
  ]);
};
const newMember = async (w: World, role: 1 | 2 | 3 = 1) => {
  const u = await makeUser(w.t);
  const node = await addMemberWithRole(w.t, w.a, u, role);
  return { id: u.id, node };
};
/** change-admin moves isMain away from a's owner: every call of that row puts it back first. */
const restoreMain = (w: World) =>
  w.t.db.admin.query('update members set is_main = case when user_id = $2 then 1 else 0 end where enterprise_id = $1', [
    w.a.companyId,
    w.a.owner.id,
  ]);

export const ENTERPRISE_ROUTES: MatrixRoute[] = [
  // members, applications, invitations
  { path: 'company/update', body: (w) => Promise.resolve({ title: w.a.title }), asManager: M },
  { path: 'company/accounts', body: {}, asManager: M },
  { path: 'company/applies', body: {}, asManager: M },
  {
    path: 'company/audit-join',
    asManager: M,
    body: async (w) => ({ id: await newApply(w, w.a), pass: 0, reason: 'matrix' }),
    foreign: async (w) => ({ id: await newApply(w, w.b), pass: 0, reason: 'matrix' }),
  },
  {
    path: 'company/invite',
    asManager: M,
    body: {},
    foreign: async (w) => ({ deptId: await deptOf(w, w.b) }),
  },
  {
    path: 'company/remove-member',
    asManager: M,
    body: async (w) => ({ userId: (await newMember(w)).id }),
    foreign: async (w) => ({ userId: w.b.owner.id }),
  },
  {
    path: 'company/change-admin',
    asManager: M,
    body: async (w) => {
      await restoreMain(w);
      return { userId: (await newMember(w, 3)).id };
    },
    foreign: async (w) => {
      await restoreMain(w);
      return { userId: w.b.owner.id };
    },
  },
  {
    path: 'company/set-roles',
    asManager: M,
    body: async (w) => ({
      userId: (await newMember(w)).id,
      roles: [{ deptId: await deptOf(w, w.a), jobId: await jobOf(w, w.a, 2) }],
    }),
    foreign: async (w) => ({
      userId: (await newMember(w)).id,
      roles: [{ deptId: await deptOf(w, w.b), jobId: await jobOf(w, w.a) }],
    }),
  },
  // departments
  { path: 'dept/list', body: {}, asManager: M },
  {
    path: 'dept/add',
    body: { name: 'matrix', pid: 0 },
    asManager: M,
    foreign: async (w) => ({ name: 'matrix', pid: await deptOf(w, w.b) }),
  },
  {
    path: 'dept/edit',
    asManager: M,
    body: async (w) => ({ id: await newDept(w), name: 'matrix 2', pid: 0 }),
    foreign: async (w) => ({ id: await deptOf(w, w.b), name: 'matrix', pid: 0 }),
  },
  {
    path: 'dept/get',
    asManager: M,
    body: async (w) => ({ id: await deptOf(w, w.a) }),
    foreign: async (w) => ({ id: await deptOf(w, w.b) }),
  },
  {
    path: 'dept/delete',
    asManager: M,
    body: async (w) => ({ id: await newDept(w) }),
    foreign: async (w) => ({ id: await deptOf(w, w.b) }),
  },
  {
    path: 'dept/employees',
    asManager: M,
    body: async (w) => ({ id: await deptOf(w, w.a) }),
    foreign: async (w) => ({ id: await deptOf(w, w.b) }),
  },
  // jobs
  { path: 'job/list', body: {}, asManager: M },
  { path: 'job/add', body: { name: 'matrix', role: 1 }, asManager: M },
  {
    path: 'job/edit',
    asManager: M,
    body: async (w) => ({ id: await newJob(w), name: 'matrix 2', role: 2 }),
    foreign: async (w) => ({ id: await jobOf(w, w.b), name: 'matrix', role: 1 }),
  },
  {
    path: 'job/get',
    asManager: M,
    body: async (w) => ({ id: await jobOf(w, w.a) }),
    foreign: async (w) => ({ id: await jobOf(w, w.b) }),
  },
  {
    path: 'job/delete',
    asManager: M,
    body: async (w) => ({ id: await newJob(w) }),
    foreign: async (w) => ({ id: await jobOf(w, w.b) }),
  },
  // permission menus
  { path: 'permission/list', body: {}, asManager: M },
  {
    path: 'permission/add',
    asManager: M,
    body: () => Promise.resolve({ path: `/matrix-${randomInt(1e9)}`, title: 'matrix', pid: 0 }),
    foreign: async (w) => ({ path: `/matrix-${randomInt(1e9)}`, title: 'matrix', pid: await menuOf(w, w.b) }),
  },
  {
    path: 'permission/edit',
    asManager: M,
    body: async (w) => ({ id: await newMenu(w), path: `/matrix-${randomInt(1e9)}`, title: 'matrix 2', pid: 0 }),
    foreign: async (w) => ({ id: await menuOf(w, w.b), path: `/matrix-${randomInt(1e9)}`, title: 'matrix', pid: 0 }),
  },
  {
    path: 'permission/get',
    asManager: M,
    body: async (w) => ({ id: await menuOf(w, w.a) }),
    foreign: async (w) => ({ id: await menuOf(w, w.b) }),
  },
  {
    path: 'permission/role-menus',
    asManager: M,
    body: async (w) => ({ jobId: await jobOf(w, w.a) }),
    foreign: async (w) => ({ jobId: await jobOf(w, w.b) }),
  },
  {
    path: 'permission/set-role-menus',
    asManager: M,
    body: async (w) => ({ jobId: await newJob(w), menus: [{ menuId: await menuOf(w, w.a), weight: 1 }] }),
    foreign: async (w) => ({ jobId: await newJob(w), menus: [{ menuId: await menuOf(w, w.b), weight: 1 }] }),
  },
  // data ranges
  {
    path: 'role/data-range',
    asManager: M,
    body: (w) => Promise.resolve({ roleNode: w.memberNode }),
    foreign: (w) => Promise.resolve({ roleNode: w.b.ownerRole }),
  },
  {
    path: 'role/set-data-range',
    asManager: M,
    body: async (w) => ({ roleNode: (await newMember(w)).node, range: { p: ['31'], c: [], a: [], s: [] } }),
    foreign: (w) => Promise.resolve({ roleNode: w.b.ownerRole, range: null }),
  },
  // operation log
  { path: 'oplog/list', body: {}, asManager: M },
];
