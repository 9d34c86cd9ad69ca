import type { Company, MemberAccount, MemberRole } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { sendMessage } from '../inbox/send.js';
import { writeOplog } from '../oplog/write.js';
import { activeMember, deptExists, inTenant, jobRole, maskPhone, rolesOfUsers } from './admin-queries.js';
import { addRoleEntry } from './queries.js';

type Page = { pageNum: number; pageSize: number };

/** `%` and `_` typed by a user match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function updateCompany(deps: Deps, ctx: TenantCtx, input: { title?: string; logo?: string }): Promise<Company> {
  const out = await inTenant(deps, ctx, async (q, scope) => {
    const [before] = await q.query<{ title: string; logo: string }>('select title, logo from enterprises where id = $1', [scope.enterpriseId]);
    const [row] = await q.query<Company>(
      `update enterprises set title = coalesce($2, title), logo = coalesce($3, logo) where id = $1
       returning id as "companyId", code as "companyCode", title, logo, status, 1 as "isMain"`,
      [scope.enterpriseId, input.title ?? null, input.logo ?? null],
    );
    await writeOplog(q, ctx, { ...scope, verb: 'update', entity: 'enterprise', entityId: scope.enterpriseId, before, after: { title: row.title, logo: row.logo } });
    return row;
  });
  return out;
}

type AccountRow = { user_id: number; phone: string; nickname: string; avatar: string; is_main: number; status: number; joined: number };

export async function listAccounts(deps: Deps, ctx: TenantCtx, input: Page & { keyword?: string; status?: number }) {
  return inTenant(deps, ctx, async (q, scope) => {
    const where = `m.enterprise_id = $1 and ($2::text is null or u.nickname ilike $2 or u.phone like $2) and ($3::int is null or m.status = $3)`;
    const params = [scope.enterpriseId, input.keyword ? likePattern(input.keyword) : null, input.status ?? null];
    const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total from members m join users u on u.id = m.user_id where ${where}`, params);
    const rows = await q.query<AccountRow>(
      `select m.user_id, u.phone, u.nickname, u.avatar, m.is_main, m.status, extract(epoch from m.joined_at)::int as joined
         from members m join users u on u.id = m.user_id where ${where}
        order by m.status desc, m.is_main desc, m.joined_at, m.user_id limit $4 offset $5`,
      [...params, input.pageSize, (input.pageNum - 1) * input.pageSize],
    );
    const roles = await rolesOfUsers(q, scope, rows.map((r) => r.user_id), ctx.lang);
    const list: MemberAccount[] = rows.map((r) => {
      const mine = roles.get(r.user_id) ?? [];
      return {
        userId: r.user_id, phone: maskPhone(r.phone), nickname: r.nickname, avatar: r.avatar, isMain: r.is_main, status: r.status, joined: r.joined,
        depts: [...new Set(mine.map((e) => e.deptName))], jobs: [...new Set(mine.map((e) => e.jobName))], roles: mine,
      };
    });
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
}

/** Remove a member: membership status 0, role entries gone; their next call here gets 10017. */
export async function removeMember(deps: Deps, ctx: TenantCtx, userId: number): Promise<Record<string, never>> {
  await inTenant(deps, ctx, async (q, scope) => {
    const member = await activeMember(q, scope, userId);
    if (userId === ctx.user.id) throw fail.conflict('member.self');
    if (member.is_main) throw fail.conflict('member.main');
    const before = (await rolesOfUsers(q, scope, [userId], ctx.lang)).get(userId) ?? [];
    await q.query('update members set status = 0, is_main = 0 where enterprise_id = $1 and user_id = $2', [scope.enterpriseId, userId]);
    await q.query('delete from role_entries where enterprise_id = $1 and user_id = $2', [scope.enterpriseId, userId]);
    await writeOplog(q, ctx, {
      ...scope, verb: 'delete', entity: 'member', entityId: userId,
      before: { nickname: member.nickname, roles: before.map((e) => ({ deptName: e.deptName, jobName: e.jobName })) },
    });
    await sendMessage(q, {
      ...scope, to: [userId], kind: 'member.removed', link: '/center',
      title: { zh: `您已被移出企业「${ctx.enterprise.title}」`, en: `You were removed from ${ctx.enterprise.title}` },
      body: { zh: '您在该企业的角色已失效，如有疑问请联系企业管理员。', en: 'Your roles in this enterprise no longer apply. Contact its administrator if you have questions.' },
    });
  });
  return {};
}

/** Hand the main administrator to another active member; the caller loses it. */
export async function changeAdmin(deps: Deps, ctx: TenantCtx, userId: number): Promise<Record<string, never>> {
  await inTenant(deps, ctx, async (q, scope) => {
    const target = await activeMember(q, scope, userId);
    if (userId === ctx.user.id || target.is_main) throw fail.conflict('member.alreadyMain');
    await q.query(
      `update members set is_main = case when user_id = $2 then 1 else 0 end
        where enterprise_id = $1 and (user_id = $2 or is_main = 1)`,
      [scope.enterpriseId, userId],
    );
    await writeOplog(q, ctx, { ...scope, verb: 'update', entity: 'admin', entityId: userId, before: { userId: ctx.user.id }, after: { userId } });
    await sendMessage(q, {
      ...scope, to: [userId], kind: 'system', link: '/enterprise',
      title: { zh: `您已成为企业「${ctx.enterprise.title}」的主管理员`, en: `You are now the main administrator of ${ctx.enterprise.title}` },
    });
  });
  return {};
}

/**
 * Replace a member's role entries. An entry whose department + job is unchanged keeps its role
 * node (and data range); the others are removed, so a console holding one gets 10017 next call.
 */
export async function setRoles(
  deps: Deps, ctx: TenantCtx, input: { userId: number; roles: { deptId: number; jobId: number }[] },
): Promise<{ list: MemberRole[] }> {
  const key = (e: { deptId: number; jobId: number }) => `${e.deptId}:${e.jobId}`;
  if (new Set(input.roles.map(key)).size !== input.roles.length) throw fail.invalid('roles', 'roles.duplicate');
  const out = await inTenant(deps, ctx, async (q, scope) => {
    await activeMember(q, scope, input.userId);
    for (const r of input.roles) {
      await deptExists(q, scope, r.deptId);
      await jobRole(q, scope, r.jobId);
    }
    const before = (await rolesOfUsers(q, scope, [input.userId], ctx.lang)).get(input.userId) ?? [];
    const wanted = new Set(input.roles.map(key));
    const gone = before.filter((e) => !wanted.has(key(e)));
    if (gone.length) {
      await q.query('delete from role_entries where enterprise_id = $1 and id = any($2::int[])', [scope.enterpriseId, gone.map((e) => e.entryId)]);
    }
    const kept = new Set(before.map(key));
    for (const r of input.roles) {
      if (!kept.has(key(r))) await addRoleEntry(q, scope, { userId: input.userId, deptId: r.deptId, jobId: r.jobId });
    }
    const after = (await rolesOfUsers(q, scope, [input.userId], ctx.lang)).get(input.userId) ?? [];
    const brief = (list: MemberRole[]) => list.map((e) => ({ deptId: e.deptId, deptName: e.deptName, jobId: e.jobId, jobName: e.jobName }));
    await writeOplog(q, ctx, { ...scope, verb: 'update', entity: 'member-roles', entityId: input.userId, before: brief(before), after: brief(after) });
    if (gone.length || after.length !== before.length) {
      const names = after.map((e) => `${e.deptName}/${e.jobName}`).join('、');
      const namesEn = after.map((e) => `${e.deptName} / ${e.jobName}`).join(', ');
      await sendMessage(q, {
        ...scope, to: [input.userId], kind: 'role.changed', link: '/center',
        title: { zh: `您在企业「${ctx.enterprise.title}」的角色已变更`, en: `Your roles in ${ctx.enterprise.title} changed` },
        body: { zh: `当前角色：${names}`, en: `Your roles now: ${namesEn}` },
      });
    }
    return after;
  });
  return { list: out };
}
