import type { DeptNode } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { page } from '../../db/paging.js';
import { tenantTx } from '../../db/tenant.js';
import { deptExists, maskPhone, roleName, type Scope } from '../company/admin-queries.js';
import { likePattern } from '../company/members.js';
import { ANCESTORS_SQL, buildTree } from './tree.js';
import type { Row, Tables } from '../../db/schema/index.js';

type DeptFlat = Omit<DeptNode, 'children'>;

const deptCols = `d.id, d.pid, d.name, d.sort,
  (select count(distinct re.user_id)::int from role_entries re where re.enterprise_id = d.enterprise_id and re.dept_id = d.id) as "memberCount"`;

async function deptById(q: Q, scope: Scope, id: number): Promise<DeptFlat> {
  const [row] = await q.query<DeptFlat>(
    `select ${deptCols} from departments d where d.enterprise_id = $1 and d.id = $2`,
    [scope.enterpriseId, id],
  );
  if (!row) throw fail.notFound();
  return row;
}

export async function listDepts(deps: Deps, ctx: TenantCtx): Promise<{ list: DeptNode[] }> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const rows = await q.query<DeptFlat>(
      `select ${deptCols} from departments d where d.enterprise_id = $1 order by d.sort, d.id`,
      [scope.enterpriseId],
    );
    return { list: buildTree(rows) };
  });
}

export const getDept = (deps: Deps, ctx: TenantCtx, id: number) =>
  tenantTx(deps.db, ctx, (q, scope) => deptById(q, scope, id));

type DeptInput = { name: string; pid: number; sort?: number };

export async function addDept(deps: Deps, ctx: TenantCtx, input: DeptInput): Promise<DeptFlat> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    if (input.pid) await deptExists(q, scope, input.pid);
    const [row] = await q.query<Row<'departments', 'id'>>(
      'insert into departments (enterprise_id, pid, name, sort) values ($1, $2, $3, $4) returning id',
      [scope.enterpriseId, input.pid, input.name, input.sort ?? 0],
    );
    q.changed({ id: row.id, label: input.name, after: input });
    return deptById(q, scope, row.id);
  });
}

export async function editDept(deps: Deps, ctx: TenantCtx, input: DeptInput & { id: number }): Promise<DeptFlat> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await deptById(q, scope, input.id);
    if (input.pid) {
      await deptExists(q, scope, input.pid);
      const cycle = await q.query(ANCESTORS_SQL('departments'), [scope.enterpriseId, input.pid, input.id]);
      if (cycle.length) throw fail.conflict('dept.cycle');
    }
    await q.query(
      'update departments set name = $3, pid = $4, sort = coalesce($5, sort) where enterprise_id = $1 and id = $2',
      [scope.enterpriseId, input.id, input.name, input.pid, input.sort ?? null],
    );
    const after = await deptById(q, scope, input.id);
    q.changed({
      id: input.id,
      label: after.name,
      before: { name: before.name, pid: before.pid, sort: before.sort },
      after: { name: after.name, pid: after.pid, sort: after.sort },
    });
    return after;
  });
}

/** Refused (40009) while the department has members or sub-departments, or is the last one. */
export async function deleteDept(deps: Deps, ctx: TenantCtx, id: number): Promise<Record<string, never>> {
  await tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await deptById(q, scope, id);
    const [counts] = await q.query<{ children: number; total: number }>(
      `select count(*) filter (where pid = $2)::int as children, count(*)::int as total from departments where enterprise_id = $1`,
      [scope.enterpriseId, id],
    );
    if (counts.children) throw fail.conflict('dept.hasChildren');
    const holders = await q.query('select 1 from role_entries where enterprise_id = $1 and dept_id = $2 limit 1', [
      scope.enterpriseId,
      id,
    ]);
    if (holders.length) throw fail.conflict('dept.hasMembers');
    if (counts.total <= 1) throw fail.conflict('dept.last');
    await q.query('delete from departments where enterprise_id = $1 and id = $2', [scope.enterpriseId, id]);
    q.changed({ id, label: before.name, before: { name: before.name, pid: before.pid } });
  });
  return {};
}

type EmployeeRow = Row<'members', 'user_id' | 'is_main'> & Row<'users', 'phone' | 'nickname'>;

/** Active members holding a role entry in the department, with their jobs there. */
export async function deptEmployees(
  deps: Deps,
  ctx: TenantCtx,
  input: { id: number; pageNum: number; pageSize: number; keyword?: string },
) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    await deptExists(q, scope, input.id);
    const where = `m.enterprise_id = $1 and m.status = 1 and ($3::text is null or u.nickname ilike $3 or u.phone like $3)
      and exists (select 1 from role_entries re where re.enterprise_id = $1 and re.user_id = m.user_id and re.dept_id = $2)`;
    const params = [scope.enterpriseId, input.id, input.keyword ? likePattern(input.keyword) : null];
    const { list: rows, total } = await page<EmployeeRow>(
      q,
      {
        select: 'm.user_id, u.phone, u.nickname, m.is_main',
        from: 'members m join users u on u.id = m.user_id',
        where,
        order: 'm.joined_at, m.user_id',
        params,
      },
      input,
    );
    const jobs = await q.query<
      Row<'role_entries', 'user_id'> &
        Row<'jobs', 'role'> & {
          entry_id: Tables['role_entries']['id'];
          job_id: Tables['jobs']['id'];
          job_name: Tables['jobs']['name'];
        }
    >(
      `select re.user_id, re.id as entry_id, j.id as job_id, j.name as job_name, j.role
         from role_entries re join jobs j on j.id = re.job_id
        where re.enterprise_id = $1 and re.dept_id = $2 and re.user_id = any($3::int[]) order by re.id`,
      [scope.enterpriseId, input.id, rows.map((r) => r.user_id)],
    );
    const list = rows.map((r) => ({
      userId: r.user_id,
      phone: maskPhone(r.phone),
      nickname: r.nickname,
      isMain: r.is_main,
      jobs: jobs
        .filter((j) => j.user_id === r.user_id)
        .map((j) => ({
          entryId: j.entry_id,
          jobId: j.job_id,
          jobName: j.job_name,
          role: j.role,
          roleName: roleName(j.role, ctx.lang),
        })),
    }));
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
}
