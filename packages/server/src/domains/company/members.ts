import type { CompanyInfo, MemberAccount, MemberRole } from '@vitrine/contract';
import type { Row, Tables } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { page } from '../../db/paging.js';
import { sendMessage } from '../../messages/send.js';
import { activeMember, deptExists, jobRole, maskPhone, rolesOfUsers } from './admin-queries.js';
import { addRoleEntry } from './queries.js';
import { checkReviewPolicy } from './review-policy.js';

type Page = { pageNum: number; pageSize: number; offset?: number };

/** `%` and `_` typed by a user match themselves. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function updateCompany(
  deps: Deps,
  ctx: TenantCtx,
  input: { title?: string; logo?: string; reviewPolicy?: number; cameraMark?: number },
): Promise<CompanyInfo> {
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    // locked: two admins' edits (or a policy switched on while a reviewer is removed) take turns
    const [before] = await q.query<
      Row<'enterprises', 'title' | 'logo'> & {
        reviewPolicy: Tables['enterprises']['review_policy'];
        cameraMark: number;
      }
    >(
      'select title, logo, review_policy as "reviewPolicy", camera_mark::int as "cameraMark" from enterprises where id = $1 for update',
      [scope.enterpriseId],
    );
    await checkReviewPolicy(q, scope.enterpriseId, input.reviewPolicy, before.reviewPolicy);
    const [row] = await q.query<CompanyInfo>(
      `update enterprises set title = coalesce($2, title), logo = coalesce($3, logo),
              review_policy = coalesce($4, review_policy), camera_mark = coalesce($5, camera_mark)
        where id = $1
       returning id as "companyId", code as "companyCode", title, logo, status, 1 as "isMain",
                 review_policy as "reviewPolicy", camera_mark::int as "cameraMark"`,
      [
        scope.enterpriseId,
        input.title ?? null,
        input.logo ?? null,
        input.reviewPolicy ?? null,
        input.cameraMark ?? null,
      ],
    );
    q.changed({
      id: scope.enterpriseId,
      label: row.title,
      before,
      after: { title: row.title, logo: row.logo, reviewPolicy: row.reviewPolicy, cameraMark: row.cameraMark },
    });
    return row;
  });
  return out;
}

type AccountRow = Row<'members', 'user_id' | 'is_main' | 'status'> &
  Row<'users', 'phone' | 'nickname' | 'avatar'> & { joined: number };

/** The enterprise's members; the spec's `role` keeps those with a role entry of that role (its job's). */
export async function listAccounts(
  deps: Deps,
  ctx: TenantCtx,
  input: Page & { keyword?: string; status?: number; role?: number },
) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const where = `m.enterprise_id = $1 and ($2::text is null or u.nickname ilike $2 or u.phone like $2) and ($3::int is null or m.status = $3)
      and ($4::int is null or exists (select 1 from role_entries re join jobs j on j.id = re.job_id
                                      where re.enterprise_id = $1 and re.user_id = m.user_id and j.role = $4))`;
    const params = [
      scope.enterpriseId,
      input.keyword ? likePattern(input.keyword) : null,
      input.status ?? null,
      input.role ?? null,
    ];
    const { list: rows, total } = await page<AccountRow>(
      q,
      {
        select:
          'm.user_id, u.phone, u.nickname, u.avatar, m.is_main, m.status, extract(epoch from m.joined_at)::int as joined',
        from: 'members m join users u on u.id = m.user_id',
        where,
        order: 'm.status desc, m.is_main desc, m.joined_at, m.user_id',
        params,
      },
      input,
    );
    const roles = await rolesOfUsers(
      q,
      scope,
      rows.map((r) => r.user_id),
      ctx.lang,
    );
    const list: MemberAccount[] = rows.map((r) => {
      const mine = roles.get(r.user_id) ?? [];
      return {
        userId: r.user_id,
        phone: maskPhone(r.phone),
        nickname: r.nickname,
        avatar: r.avatar,
        isMain: r.is_main,
        status: r.status,
        joined: r.joined,
        depts: [...new Set(mine.map((e) => e.deptName))],
        jobs: [...new Set(mine.map((e) => e.jobName))],
        roles: mine,
      };
    });
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
}

/** Remove a member: membership status 0, role entries gone; their next call here gets 10017. */
export async function removeMember(deps: Deps, ctx: TenantCtx, userId: number): Promise<Record<string, never>> {
  await tenantTx(deps.db, ctx, async (q, scope) => {
    const member = await activeMember(q, scope, userId);
    if (userId === ctx.user.id) throw fail.conflict('member.self');
    if (member.is_main) throw fail.conflict('member.main');
    const before = (await rolesOfUsers(q, scope, [userId], ctx.lang)).get(userId) ?? [];
    await q.query('update members set status = 0, is_main = 0 where enterprise_id = $1 and user_id = $2', [
      scope.enterpriseId,
      userId,
    ]);
    await q.query('delete from role_entries where enterprise_id = $1 and user_id = $2', [scope.enterpriseId, userId]);
    q.changed({
      id: userId,
      label: member.nickname || maskPhone(member.phone),
      before: { roles: before.map((e) => `${e.deptName}/${e.jobName}`) },
    });
    await sendMessage(q, {
      ...scope,
      to: [userId],
      kind: 'member.removed',
      link: '/center',
      title: { key: 'message.memberRemoved', params: { title: ctx.enterprise.title } },
      body: { key: 'message.memberRemoved.body' },
    });
  });
  return {};
}

/** Hand the main administrator to another active member; the caller loses it. */
export async function changeAdmin(deps: Deps, ctx: TenantCtx, userId: number): Promise<Record<string, never>> {
  await tenantTx(deps.db, ctx, async (q, scope) => {
    const target = await activeMember(q, scope, userId);
    if (userId === ctx.user.id || target.is_main) throw fail.conflict('member.alreadyMain');
    await q.query(
      `update members set is_main = case when user_id = $2 then 1 else 0 end
        where enterprise_id = $1 and (user_id = $2 or is_main = 1)`,
      [scope.enterpriseId, userId],
    );
    const name = (m: { nickname: string; phone: string }) => m.nickname || maskPhone(m.phone);
    q.changed({ id: userId, label: name(target), before: { admin: name(ctx.user) }, after: { admin: name(target) } });
    await sendMessage(q, {
      ...scope,
      to: [userId],
      kind: 'system',
      link: '/enterprise',
      title: { key: 'message.madeAdmin', params: { title: ctx.enterprise.title } },
    });
  });
  return {};
}

/**
 * Replace a member's role entries. An entry whose department + job is unchanged keeps its role
 * node (and data range); the others are removed, so a console holding one gets 10017 next call.
 */
export async function setRoles(
  deps: Deps,
  ctx: TenantCtx,
  input: { userId: number; roles: { deptId: number; jobId: number }[] },
): Promise<{ list: MemberRole[] }> {
  const key = (e: { deptId: number; jobId: number }) => `${e.deptId}:${e.jobId}`;
  if (new Set(input.roles.map(key)).size !== input.roles.length) throw fail.invalid('roles', 'roles.duplicate');
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const member = await activeMember(q, scope, input.userId);
    for (const r of input.roles) {
      await deptExists(q, scope, r.deptId);
      await jobRole(q, scope, r.jobId);
    }
    const before = (await rolesOfUsers(q, scope, [input.userId], ctx.lang)).get(input.userId) ?? [];
    const wanted = new Set(input.roles.map(key));
    const gone = before.filter((e) => !wanted.has(key(e)));
    if (gone.length) {
      await q.query('delete from role_entries where enterprise_id = $1 and id = any($2::int[])', [
        scope.enterpriseId,
        gone.map((e) => e.entryId),
      ]);
    }
    const kept = new Set(before.map(key));
    for (const r of input.roles) {
      if (!kept.has(key(r))) await addRoleEntry(q, scope, { userId: input.userId, deptId: r.deptId, jobId: r.jobId });
    }
    const after = (await rolesOfUsers(q, scope, [input.userId], ctx.lang)).get(input.userId) ?? [];
    const brief = (list: MemberRole[]) => ({ roles: list.map((e) => `${e.deptName}/${e.jobName}`) });
    q.changed({
      id: input.userId,
      label: member.nickname || maskPhone(member.phone),
      before: brief(before),
      after: brief(after),
    });
    if (gone.length || after.length !== before.length) {
      await sendMessage(q, {
        ...scope,
        to: [input.userId],
        kind: 'role.changed',
        link: '/center',
        title: { key: 'message.rolesChanged', params: { title: ctx.enterprise.title } },
        body: { key: 'message.rolesChanged.body', params: { roles: brief(after).roles } },
      });
    }
    return after;
  });
  return { list: out };
}
