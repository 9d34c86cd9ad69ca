import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import { addDept, deleteDept, deptEmployees, editDept, getDept, listDepts } from './depts.js';
import { addJob, deleteJob, editJob, getJob, listJobs } from './jobs.js';
import { listOplog } from './oplog-list.js';
import { addMenu, editMenu, getMenu, listMenus, roleMenus, setRoleMenus } from './permissions.js';
import { dataRange, setDataRange } from './ranges.js';

/** Enterprise administration (main admin only): departments, jobs, permission menus, data ranges, operation log. */
export function enterpriseRoutes(app: FastifyInstance, deps: Deps) {
  const { dept, job, permission, role, oplog } = api;
  register(app, deps, dept.list, (_b, ctx) => listDepts(deps, ctx));
  register(app, deps, dept.add, (b, ctx) => addDept(deps, ctx, b));
  register(app, deps, dept.edit, (b, ctx) => editDept(deps, ctx, b));
  register(app, deps, dept.get, (b, ctx) => getDept(deps, ctx, b.id));
  register(app, deps, dept.delete, (b, ctx) => deleteDept(deps, ctx, b.id));
  register(app, deps, dept.employees, (b, ctx) => deptEmployees(deps, ctx, b));

  register(app, deps, job.list, (b, ctx) => listJobs(deps, ctx, b));
  register(app, deps, job.add, (b, ctx) => addJob(deps, ctx, b));
  register(app, deps, job.edit, (b, ctx) => editJob(deps, ctx, b));
  register(app, deps, job.get, (b, ctx) => getJob(deps, ctx, b.id));
  register(app, deps, job.delete, (b, ctx) => deleteJob(deps, ctx, b.id));

  register(app, deps, permission.list, (_b, ctx) => listMenus(deps, ctx));
  register(app, deps, permission.add, (b, ctx) => addMenu(deps, ctx, b));
  register(app, deps, permission.edit, (b, ctx) => editMenu(deps, ctx, b));
  register(app, deps, permission.get, (b, ctx) => getMenu(deps, ctx, b.id));
  register(app, deps, permission.roleMenus, (b, ctx) => roleMenus(deps, ctx, b.jobId));
  register(app, deps, permission.setRoleMenus, (b, ctx) => setRoleMenus(deps, ctx, b));

  register(app, deps, role.dataRange, (b, ctx) => dataRange(deps, ctx, b));
  register(app, deps, role.setDataRange, (b, ctx) => setDataRange(deps, ctx, b));

  register(app, deps, oplog.list, (b, ctx) => listOplog(deps, ctx, b));
}
