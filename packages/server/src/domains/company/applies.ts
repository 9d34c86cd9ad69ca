import { APPLY_STATUS, type JoinApply } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { sendMessage } from '../inbox/send.js';
import { writeOplog } from '../oplog/write.js';
import { inTenant, placement, type Scope } from './admin-queries.js';
import { likePattern } from './members.js';
import { addMember, addRoleEntry } from './queries.js';

const cols = `ja.id, ja.user_id as "userId", u.phone, u.nickname, ja.status, ja.reason, coalesce(r.nickname, '') as reviewer,
  extract(epoch from ja.created_at)::int as ctime, extract(epoch from ja.reviewed_at)::int as rtime`;
const from = `from join_applications ja join users u on u.id = ja.user_id left join users r on r.id = ja.reviewer_id`;

async function applyById(q: Q, scope: Scope, id: number): Promise<JoinApply | undefined> {
  const [row] = await q.query<JoinApply>(`select ${cols} ${from} where ja.enterprise_id = $1 and ja.id = $2`, [scope.enterpriseId, id]);
  return row;
}

export async function listApplies(deps: Deps, ctx: TenantCtx, input: { pageNum: number; pageSize: number; status?: number; keyword?: string }) {
  return inTenant(deps, ctx, async (q, scope) => {
    const where = `ja.enterprise_id = $1 and ($2::int is null or ja.status = $2) and ($3::text is null or u.nickname ilike $3 or u.phone like $3)`;
    const params = [scope.enterpriseId, input.status ?? null, input.keyword ? likePattern(input.keyword) : null];
    const [{ total }] = await q.query<{ total: number }>(`select count(*)::int as total ${from} where ${where}`, params);
    const list = await q.query<JoinApply>(
      `select ${cols} ${from} where ${where} order by (ja.status = 201) desc, ja.id desc limit $4 offset $5`,
      [...params, input.pageSize, (input.pageNum - 1) * input.pageSize],
    );
    return { list, total, pageNum: input.pageNum, pageSize: input.pageSize };
  });
}

/**
 * Decide a join application. Approve: membership + one role entry (the department and job asked
 * for, else the default department and the shop-assistant job). Reject: a reason is required.
 * The applicant is told either way; an application already decided is refused (40009).
 */
export async function auditJoin(
  deps: Deps, ctx: TenantCtx, input: { id: number; pass: number; reason?: string; deptId?: number; jobId?: number },
): Promise<JoinApply> {
  if (!input.pass && !input.reason) throw fail.invalid('reason', 'apply.reasonRequired');
  const out = await inTenant(deps, ctx, async (q, scope) => {
    const [app] = await q.query<{ user_id: number; status: number }>(
      'select user_id, status from join_applications where enterprise_id = $1 and id = $2 for update', [scope.enterpriseId, input.id],
    );
    if (!app) throw fail.notFound();
    if (app.status !== APPLY_STATUS.pending) throw fail.conflict('apply.decided');
    const title = ctx.enterprise.title;
    if (input.pass) {
      const active = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [scope.enterpriseId, app.user_id]);
      if (active.length) throw fail.conflict('enterprise.alreadyMember');
      const place = await placement(q, scope, input);
      await addMember(q, scope, app.user_id, false);
      await addRoleEntry(q, scope, { userId: app.user_id, ...place });
    }
    const status = input.pass ? APPLY_STATUS.approved : APPLY_STATUS.rejected;
    await q.query(
      'update join_applications set status = $3, reason = $4, reviewer_id = $5, reviewed_at = now() where enterprise_id = $1 and id = $2',
      [scope.enterpriseId, input.id, status, input.pass ? '' : input.reason, ctx.user.id],
    );
    await writeOplog(q, ctx, {
      ...scope, verb: input.pass ? 'pass' : 'reject', entity: 'join-apply', entityId: input.id,
      before: { status: APPLY_STATUS.pending }, after: { status, userId: app.user_id, reason: input.pass ? undefined : input.reason },
    });
    await sendMessage(q, {
      ...scope, to: [app.user_id], kind: 'join.result', link: input.pass ? '/home' : '/center',
      title: input.pass
        ? { zh: `您加入企业「${title}」的申请已通过`, en: `Your application to join ${title} was approved` }
        : { zh: `您加入企业「${title}」的申请未通过`, en: `Your application to join ${title} was rejected` },
      body: input.pass
        ? { zh: '现在可以切换到该企业开始使用。', en: 'You can now switch to this enterprise and start.' }
        : { zh: `原因：${input.reason}`, en: `Reason: ${input.reason}` },
    });
    return (await applyById(q, scope, input.id))!;
  });
  return out;
}
