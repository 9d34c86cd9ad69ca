// Enterprise administration: departments, jobs, permission menus, data ranges, operation log (issue 3).
// Each key is an area (the first path segment); each value maps call names to defineCall(...).
// Members, applications and invitations are company/* calls (company.ts).
import { z } from 'zod';
import { defineCall } from './call.js';
import { ALL_BITS, OP_VERBS, ROLES } from './enums.js';
import { empty, id, int, json, ok, optionalText, text } from './fields.js';
import { listOf, paging } from './list.js';

const main = { menu: '/enterprise', main: true } as const;
const role = int.refine((v) => (ROLES as readonly number[]).includes(v), 'field.invalid');
const pid = int.min(0, 'field.invalid').default(0);

// ---------- departments ----------

export type DeptNode = {
  id: number;
  pid: number;
  name: string;
  sort: number;
  memberCount: number;
  children: DeptNode[];
};
export const deptNode: z.ZodType<DeptNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    pid: z.number(),
    name: z.string(),
    sort: z.number(),
    memberCount: z.number(),
    children: z.array(deptNode),
  }),
);
export const deptRow = z.object({
  id: z.number(),
  pid: z.number(),
  name: z.string(),
  sort: z.number(),
  memberCount: z.number(),
});

export const jobOfMember = z.object({
  entryId: z.number(),
  jobId: z.number(),
  jobName: z.string(),
  role: z.number(),
  roleName: z.string(),
});
export const deptEmployee = z.object({
  userId: z.number(),
  phone: z.string(),
  nickname: z.string(),
  isMain: z.number(),
  jobs: z.array(jobOfMember),
});

const deptBody = z.object({ name: text(32), pid, sort: int.min(0, 'field.invalid').optional() });

export const deptCalls = {
  list: defineCall({
    path: 'dept/list',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'Departments as a tree with member counts',
    body: empty,
    result: z.object({ list: z.array(deptNode) }),
  }),
  add: defineCall({
    path: 'dept/add',
    auth: 'tenant',
    perm: { ...main, bit: 'create' },
    summary: 'Add a department',
    log: { entity: 'dept', verb: 'create' },
    body: deptBody,
    result: deptRow,
  }),
  edit: defineCall({
    path: 'dept/edit',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: 'Rename or move a department (no cycles)',
    log: { entity: 'dept', verb: 'update' },
    body: deptBody.extend({ id }),
    result: deptRow,
  }),
  get: defineCall({
    path: 'dept/get',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'One department',
    body: z.object({ id }),
    result: deptRow,
  }),
  delete: defineCall({
    path: 'dept/delete',
    auth: 'tenant',
    perm: { ...main, bit: 'delete' },
    summary: 'Delete an empty department without sub-departments',
    log: { entity: 'dept', verb: 'delete' },
    body: z.object({ id }),
    result: ok,
  }),
  employees: defineCall({
    path: 'dept/employees',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'Active members of a department with their jobs there',
    body: paging.extend({ id, keyword: optionalText(100) }),
    result: listOf(deptEmployee),
  }),
};

// ---------- jobs ----------

export const jobRow = z.object({
  id: z.number(),
  name: z.string(),
  role: z.number(),
  roleName: z.string(),
  memberCount: z.number(),
});
const jobBody = z.object({ name: text(32), role });

export const jobCalls = {
  list: defineCall({
    path: 'job/list',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'Jobs with their role and member count',
    body: z.object({ role: role.optional() }),
    result: z.object({ list: z.array(jobRow) }),
  }),
  add: defineCall({
    path: 'job/add',
    auth: 'tenant',
    perm: { ...main, bit: 'create' },
    summary: "Add a job (menus seeded with the role's defaults)",
    log: { entity: 'job', verb: 'create' },
    body: jobBody,
    result: jobRow,
  }),
  edit: defineCall({
    path: 'job/edit',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: 'Rename a job or change its role',
    log: { entity: 'job', verb: 'update' },
    body: jobBody.extend({ id }),
    result: jobRow,
  }),
  get: defineCall({
    path: 'job/get',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'One job',
    body: z.object({ id }),
    result: jobRow,
  }),
  delete: defineCall({
    path: 'job/delete',
    auth: 'tenant',
    perm: { ...main, bit: 'delete' },
    summary: 'Delete a job no member holds',
    log: { entity: 'job', verb: 'delete' },
    body: z.object({ id }),
    result: ok,
  }),
};

// ---------- permission menus ----------

export type MenuNode = {
  id: number;
  pid: number;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  sort: number;
  level: number;
  mainOnly: boolean;
  children: MenuNode[];
};
export const menuNode: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    id: z.number(),
    pid: z.number(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    sort: z.number(),
    level: z.number(),
    mainOnly: z.boolean(),
    children: z.array(menuNode),
  }),
);
export const menuRow = z.object({
  id: z.number(),
  pid: z.number(),
  path: z.string(),
  title: z.string(),
  titleEn: z.string(),
  icon: z.string(),
  sort: z.number(),
  level: z.number(),
  mainOnly: z.boolean(),
});

export type RoleMenu = {
  menuId: number;
  pid: number;
  path: string;
  title: string;
  titleEn: string;
  icon: string;
  sort: number;
  level: number;
  /** The job's operation bits on this menu (0 = none). */
  weight: number;
  /** weight decoded into powers of two (spec §3). */
  bits: number[];
  children: RoleMenu[];
};
export const roleMenu: z.ZodType<RoleMenu> = z.lazy(() =>
  z.object({
    menuId: z.number(),
    pid: z.number(),
    path: z.string(),
    title: z.string(),
    titleEn: z.string(),
    icon: z.string(),
    sort: z.number(),
    level: z.number(),
    weight: z.number(),
    bits: z.array(z.number()),
    children: z.array(roleMenu),
  }),
);
const roleMenus = z.object({ jobId: z.number(), list: z.array(roleMenu) });

const menuBody = z.object({
  path: text(100).regex(/^\/[\w\-/]*$/, 'field.invalid'),
  title: text(32),
  titleEn: optionalText(64),
  icon: optionalText(64),
  sort: int.min(0, 'field.invalid').default(0),
  pid,
});
const weight = int.min(0, 'field.invalid').max(ALL_BITS, 'field.invalid');

export const permissionCalls = {
  list: defineCall({
    path: 'permission/list',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'The menu catalogue as a tree',
    body: empty,
    result: z.object({ list: z.array(menuNode) }),
  }),
  add: defineCall({
    path: 'permission/add',
    auth: 'tenant',
    perm: { ...main, bit: 'create' },
    summary: 'Add a menu to the catalogue',
    log: { entity: 'menu', verb: 'create' },
    body: menuBody,
    result: menuRow,
  }),
  edit: defineCall({
    path: 'permission/edit',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: 'Edit a menu',
    log: { entity: 'menu', verb: 'update' },
    body: menuBody.extend({ id }),
    result: menuRow,
  }),
  get: defineCall({
    path: 'permission/get',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: 'One menu',
    body: z.object({ id }),
    result: menuRow,
  }),
  roleMenus: defineCall({
    path: 'permission/role-menus',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: "Every menu with a job's weight and decoded bits",
    body: z.object({ jobId: id }),
    result: roleMenus,
  }),
  setRoleMenus: defineCall({
    path: 'permission/set-role-menus',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: "Replace a job's menu weights (members see the change on their next menu load)",
    log: { entity: 'job-menus', verb: 'update' },
    body: z.object({ jobId: id, menus: json(z.array(z.object({ menuId: id, weight })).max(500, 'field.tooLong')) }),
    result: roleMenus,
  }),
};

// ---------- data ranges of role entries ----------

const ids = (re: RegExp) => z.array(z.string().regex(re, 'field.invalid')).max(5000, 'field.tooLong').default([]);
/** `{p,c,a,s}` as stored: province (2 digits), city (4), area (6) and shop ids. */
export const rangeInput = z
  .object({
    p: ids(/^\d{2}$/),
    c: ids(/^\d{4}$/),
    a: ids(/^\d{6}$/),
    s: ids(/^[\w-]{1,64}$/),
  })
  .strict();
const entryBase = z.object({ id: id.optional(), roleNode: optionalText(64) });
const named = (v: { id?: number; roleNode?: string }) => v.id !== undefined || !!v.roleNode;
const entryRef = entryBase.refine(named, { message: 'field.required', path: ['roleNode'] });
export const dataRange = z.object({
  entryId: z.number(),
  roleNode: z.string(),
  userId: z.number(),
  nickname: z.string(),
  deptName: z.string(),
  jobName: z.string(),
  role: z.number(),
  /** null = the whole enterprise; `{p:[],c:[],a:[],s:[]}` = nothing. */
  range: z
    .object({ p: z.array(z.string()), c: z.array(z.string()), a: z.array(z.string()), s: z.array(z.string()) })
    .nullable(),
});

export const roleCalls = {
  dataRange: defineCall({
    path: 'role/data-range',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: "A role entry's data range (by id or roleNode)",
    body: entryRef,
    result: dataRange,
  }),
  setDataRange: defineCall({
    path: 'role/set-data-range',
    auth: 'tenant',
    perm: { ...main, bit: 'update' },
    summary: "Set a role entry's data range (null = whole enterprise)",
    log: { entity: 'data-range', verb: 'update' },
    body: entryBase
      .extend({ range: json(rangeInput.nullable()) })
      .refine(named, { message: 'field.required', path: ['roleNode'] }),
    result: dataRange,
  }),
};

// ---------- operation log ----------

export const oplogRow = z.object({
  id: z.number(),
  time: z.number(),
  operatorId: z.number(),
  operator: z.string(),
  role: z.number().nullable(),
  roleName: z.string(),
  verb: z.string(),
  entity: z.string(),
  entityId: z.string(),
  /** The record's name when the operation ran. */
  label: z.string(),
  summary: z.object({ before: z.unknown(), after: z.unknown() }).nullable(),
  source: z.string(),
});

export const oplogCalls = {
  list: defineCall({
    path: 'oplog/list',
    auth: 'tenant',
    perm: { ...main, bit: 'view' },
    summary: "The enterprise's operation log",
    body: paging.extend({
      keyword: optionalText(100),
      start_time: int.optional(),
      end_time: int.optional(),
      verb: z.enum(OP_VERBS, { error: 'field.invalid' }).optional(),
      operator: id.optional(),
      entity: optionalText(32),
    }),
    result: listOf(oplogRow),
  }),
};

export const enterpriseApi = {
  dept: deptCalls,
  job: jobCalls,
  permission: permissionCalls,
  role: roleCalls,
  oplog: oplogCalls,
};
