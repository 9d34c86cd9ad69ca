import { ROLE, type Lang, type MemberRole, type Range } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { fail } from '../../errors.js';
import { ROLE_NAMES } from './defaults.js';
import type { Row, Tables } from '../../db/schema/index.js';

// Queries shared by the enterprise-administration services (members, applications, invitations,
// departments, jobs). Every function takes the tenant scope first.

export type Scope = { enterpriseId: number };

/** 13812345678 → 138****5678. */
export const maskPhone = (phone: string) =>
  phone.length >= 11 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone.replace(/.(?=.{2})/g, '*');

export const roleName = (role: number, lang: Lang) => ROLE_NAMES[role]?.[lang] ?? '';

export type MemberRow = Row<'members', 'user_id' | 'is_main' | 'status'> & Row<'users', 'nickname' | 'phone'>;

/** A member of this enterprise (any status), or 40004. */
export async function memberOf(q: Q, scope: Scope, userId: number): Promise<MemberRow> {
  const [row] = await q.query<MemberRow>(
    `select m.user_id, m.is_main, m.status, u.nickname, u.phone
       from members m join users u on u.id = m.user_id
      where m.enterprise_id = $1 and m.user_id = $2`,
    [scope.enterpriseId, userId],
  );
  if (!row) throw fail.notFound();
  return row;
}

/** An active member of this enterprise; another tenant's user → 40004, a removed one → 40009. */
export async function activeMember(q: Q, scope: Scope, userId: number): Promise<MemberRow> {
  const row = await memberOf(q, scope, userId);
  if (row.status !== 1) throw fail.conflict('member.notMember');
  return row;
}

export async function deptExists(q: Q, scope: Scope, deptId: number): Promise<void> {
  const rows = await q.query('select 1 from departments where enterprise_id = $1 and id = $2', [
    scope.enterpriseId,
    deptId,
  ]);
  if (!rows.length) throw fail.notFound();
}

export async function jobRole(q: Q, scope: Scope, jobId: number): Promise<number> {
  const [row] = await q.query<Row<'jobs', 'role'>>('select role from jobs where enterprise_id = $1 and id = $2', [
    scope.enterpriseId,
    jobId,
  ]);
  if (!row) throw fail.notFound();
  return row.role;
}

/**
 * The department and job a newcomer gets: the ones asked for (checked to be this enterprise's),
 * else the first department and the first shop-assistant job.
 */
export async function placement(
  q: Q,
  scope: Scope,
  ask: { deptId?: number | null; jobId?: number | null },
): Promise<{ deptId: number; jobId: number }> {
  let deptId = ask.deptId ?? undefined;
  let jobId = ask.jobId ?? undefined;
  if (deptId) await deptExists(q, scope, deptId);
  else {
    const [d] = await q.query<Row<'departments', 'id'>>(
      'select id from departments where enterprise_id = $1 order by pid, id limit 1',
      [scope.enterpriseId],
    );
    deptId = d.id;
  }
  if (jobId) await jobRole(q, scope, jobId);
  else {
    const [j] = await q.query<Row<'jobs', 'id'>>(
      'select id from jobs where enterprise_id = $1 order by (role = $2) desc, role, id limit 1',
      [scope.enterpriseId, ROLE.assistant],
    );
    jobId = j.id;
  }
  return { deptId, jobId };
}

type EntryRow = Row<'role_entries', 'user_id' | 'dept_id' | 'job_id' | 'role_node'> &
  Row<'jobs', 'role'> & {
    entry_id: Tables['role_entries']['id'];
    dept_name: Tables['departments']['name'];
    job_name: Tables['jobs']['name'];
    data_range: Range | null;
  };

/** Role entries of some users of this enterprise, keyed by user id. */
export async function rolesOfUsers(
  q: Q,
  scope: Scope,
  userIds: number[],
  lang: Lang,
): Promise<Map<number, MemberRole[]>> {
  const out = new Map<number, MemberRole[]>();
  if (!userIds.length) return out;
  const rows = await q.query<EntryRow>(
    `select re.id as entry_id, re.user_id, re.dept_id, d.name as dept_name, re.job_id, j.name as job_name, j.role,
            re.role_node, re.data_range
       from role_entries re join departments d on d.id = re.dept_id join jobs j on j.id = re.job_id
      where re.enterprise_id = $1 and re.user_id = any($2::int[]) order by re.id`,
    [scope.enterpriseId, userIds],
  );
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({
      entryId: r.entry_id,
      deptId: r.dept_id,
      deptName: r.dept_name,
      jobId: r.job_id,
      jobName: r.job_name,
      role: r.role,
      roleName: roleName(r.role, lang),
      roleNode: r.role_node,
      range: r.data_range,
    });
    out.set(r.user_id, list);
  }
  return out;
}
