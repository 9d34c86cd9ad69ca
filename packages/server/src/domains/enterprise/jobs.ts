import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { roleName, type Scope } from '../company/admin-queries.js';
import { defaultWeight } from '../company/defaults.js';
import type { Row } from '../../db/schema/index.js';

type JobRow = Row<'jobs', 'id' | 'name' | 'role'> & { memberCount: number };
export type Job = JobRow & { roleName: string };

const jobCols = `j.id, j.name, j.role,
  (select count(distinct re.user_id)::int from role_entries re where re.enterprise_id = j.enterprise_id and re.job_id = j.id) as "memberCount"`;

async function jobById(q: Q, scope: Scope, id: number, ctx: TenantCtx): Promise<Job> {
  const [row] = await q.query<JobRow>(`select ${jobCols} from jobs j where j.enterprise_id = $1 and j.id = $2`, [
    scope.enterpriseId,
    id,
  ]);
  if (!row) throw fail.notFound();
  return { ...row, roleName: roleName(row.role, ctx.lang) };
}

export async function listJobs(deps: Deps, ctx: TenantCtx, input: { role?: number }): Promise<{ list: Job[] }> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const rows = await q.query<JobRow>(
      `select ${jobCols} from jobs j where j.enterprise_id = $1 and ($2::int is null or j.role = $2) order by j.role desc, j.id`,
      [scope.enterpriseId, input.role ?? null],
    );
    return { list: rows.map((r) => ({ ...r, roleName: roleName(r.role, ctx.lang) })) };
  });
}

export const getJob = (deps: Deps, ctx: TenantCtx, id: number) =>
  tenantTx(deps.db, ctx, (q, scope) => jobById(q, scope, id, ctx));

/** A new job starts with its role's default operation bits on every menu (editable afterwards). */
export async function addJob(deps: Deps, ctx: TenantCtx, input: { name: string; role: number }): Promise<Job> {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const [row] = await q.query<Row<'jobs', 'id'>>(
      'insert into jobs (enterprise_id, name, role) values ($1, $2, $3) returning id',
      [scope.enterpriseId, input.name, input.role],
    );
    const menus = await q.query<Row<'menus', 'id' | 'path'>>('select id, path from menus where enterprise_id = $1', [
      scope.enterpriseId,
    ]);
    for (const m of menus) {
      const weight = defaultWeight(input.role, m.path);
      if (weight) {
        await q.query('insert into job_menus (enterprise_id, job_id, menu_id, weight) values ($1, $2, $3, $4)', [
          scope.enterpriseId,
          row.id,
          m.id,
          weight,
        ]);
      }
    }
    q.changed({ id: row.id, label: input.name, after: input });
    return jobById(q, scope, row.id, ctx);
  });
}

export async function editJob(
  deps: Deps,
  ctx: TenantCtx,
  input: { id: number; name: string; role: number },
): Promise<Job> {
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await jobById(q, scope, input.id, ctx);
    await q.query('update jobs set name = $3, role = $4 where enterprise_id = $1 and id = $2', [
      scope.enterpriseId,
      input.id,
      input.name,
      input.role,
    ]);
    q.changed({
      id: input.id,
      label: input.name,
      before: { name: before.name, role: before.role },
      after: { name: input.name, role: input.role },
    });
    return jobById(q, scope, input.id, ctx);
  });
  return out;
}

/** Refused (40009) while a member holds the job, or when it is the last one. */
export async function deleteJob(deps: Deps, ctx: TenantCtx, id: number): Promise<Record<string, never>> {
  await tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await jobById(q, scope, id, ctx);
    if (before.memberCount) throw fail.conflict('job.hasMembers');
    const [{ total }] = await q.query<{ total: number }>(
      'select count(*)::int as total from jobs where enterprise_id = $1',
      [scope.enterpriseId],
    );
    if (total <= 1) throw fail.conflict('job.last');
    await q.query('delete from jobs where enterprise_id = $1 and id = $2', [scope.enterpriseId, id]);
    q.changed({ id, label: before.name, before: { name: before.name, role: before.role } });
  });
  return {};
}
