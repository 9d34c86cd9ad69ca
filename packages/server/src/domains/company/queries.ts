import { randomBytes } from 'node:crypto';
import type { Company, Range, RoleEntry, Lang } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Row } from '../../db/schema/index.js';
import { fail } from '../../errors.js';
import { ROLE_NAMES } from './defaults.js';

export type EnterpriseRow = Row<'enterprises', 'id' | 'code' | 'title' | 'logo' | 'status' | 'creator_id'>;

export async function enterpriseByCode(q: Q, code: string): Promise<EnterpriseRow | undefined> {
  const rows = await q.query<EnterpriseRow>(
    'select id, code, title, logo, status, creator_id from enterprises where code = $1',
    [code.trim().toUpperCase()],
  );
  return rows[0];
}

/** The enterprises a user is an active member of (their own membership rows, across tenants). */
export async function companiesOf(q: Q, userId: number): Promise<Company[]> {
  return q.query<Company>(
    `select e.id as "companyId", e.code as "companyCode", e.title, e.logo, e.status, m.is_main as "isMain", e.time_zone as "timeZone"
       from members m join enterprises e on e.id = m.enterprise_id
      where m.user_id = $1 and m.status = 1 order by m.joined_at, e.id`,
    [userId],
  );
}

export async function roleEntriesOf(
  q: Q,
  scope: { enterpriseId: number },
  userId: number,
  lang: Lang,
): Promise<RoleEntry[]> {
  const rows = await q.query<Omit<RoleEntry, 'roleName'>>(
    `select re.dept_id as "deptId", d.name as "deptName", j.role, re.role_node as "roleNode", j.id as "jobId", j.name as "jobName"
       from role_entries re join departments d on d.id = re.dept_id join jobs j on j.id = re.job_id
      where re.enterprise_id = $1 and re.user_id = $2 order by re.id`,
    [scope.enterpriseId, userId],
  );
  return rows.map((r) => ({ ...r, roleName: ROLE_NAMES[r.role]?.[lang] ?? '' }));
}

export async function addMember(q: Q, scope: { enterpriseId: number }, userId: number, isMain: boolean): Promise<void> {
  await q.query(
    `insert into members (enterprise_id, user_id, is_main) values ($1, $2, $3)
     on conflict (enterprise_id, user_id) do update set status = 1`,
    [scope.enterpriseId, userId, isMain ? 1 : 0],
  );
}

/**
 * A new role entry. Without an explicit range: a supervisor's job covers the whole enterprise (null);
 * store managers and shop assistants start with an empty range until an admin gives them their shops
 * (DESIGN §4: their own shop — least privilege until it is known).
 */
export async function addRoleEntry(
  q: Q,
  scope: { enterpriseId: number },
  entry: { userId: number; deptId: number; jobId: number; range?: Range | null },
): Promise<string> {
  const node = `rn-${randomBytes(8).toString('hex')}`;
  const rows = await q.query(
    `insert into role_entries (enterprise_id, user_id, dept_id, job_id, role_node, data_range)
     select $1, $2, $3, $4, $5, case when $7::boolean then $6::jsonb
                                     when j.role = 3 then null
                                     else '{"p":[],"c":[],"a":[],"s":[]}'::jsonb end
       from jobs j where j.id = $4 and j.enterprise_id = $1 returning id`,
    [
      scope.enterpriseId,
      entry.userId,
      entry.deptId,
      entry.jobId,
      node,
      entry.range ? JSON.stringify(entry.range) : null,
      entry.range !== undefined,
    ],
  );
  if (!rows.length) throw fail.notFound();
  return node;
}
