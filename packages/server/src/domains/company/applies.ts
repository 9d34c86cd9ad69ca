import { APPLY_STATUS, type JoinApply } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { page } from '../../db/paging.js';
import { sendMessage } from '../../messages/send.js';
import { placement, type Scope } from './admin-queries.js';
import { likePattern } from './members.js';
import { addMember, addRoleEntry } from './queries.js';
import type { Row } from '../../db/schema/index.js';

const cols = `ja.id, ja.user_id as "userId", u.phone, u.nickname, ja.status, ja.reason, coalesce(r.nickname, '') as reviewer,
  extract(epoch from ja.created_at)::int as ctime, extract(epoch from ja.reviewed_at)::int as rtime`;
const tables = `join_applications ja join users u on u.id = ja.user_id left join users r on r.id = ja.reviewer_id`;

async function applyById(q: Q, scope: Scope, id: number): Promise<JoinApply | undefined> {
  const [row] = await q.query<JoinApply>(`select ${cols} from ${tables} where ja.enterprise_id = $1 and ja.id = $2`, [
    scope.enterpriseId,
    id,
  ]);
  return row;
}

export async function listApplies(
  deps: Deps,
  ctx: TenantCtx,
  input: { pageNum: number; pageSize: number; status?: number; keyword?: string },
) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const where = `ja.enterprise_id = $1 and ($2::int is null or ja.status = $2) and ($3::text is null or u.nickname ilike $3 or u.phone like $3)`;
    const params = [scope.enterpriseId, input.status ?? null, input.keyword ? likePattern(input.keyword) : null];
    return page<JoinApply>(
      q,
      { select: cols, from: tables, where, order: `(ja.status = ${APPLY_STATUS.pending}) desc, ja.id desc`, params },
      input,
    );
  });
}

/**
 * Decide a join application. Approve: membership + one role entry (the department and job asked
 * for, else the default department and the shop-assistant job). Reject: a reason is required.
 * The applicant is told either way; an application already decided is refused (40009).
 */
export async function auditJoin(
  deps: Deps,
  ctx: TenantCtx,
  input: { id: number; pass: number; reason?: string; deptId?: number; jobId?: number },
): Promise<JoinApply> {
  if (!input.pass && !input.reason) throw fail.invalid('reason', 'apply.reasonRequired');
  const out = await tenantTx(deps.db, ctx, async (q, scope) => {
    const [app] = await q.query<Row<'join_applications', 'user_id' | 'status'>>(
      'select user_id, status from join_applications where enterprise_id = $1 and id = $2 for update',
      [scope.enterpriseId, input.id],
    );
    if (!app) throw fail.notFound();
    if (app.status !== APPLY_STATUS.pending) throw fail.conflict('apply.decided');
    const title = ctx.enterprise.title;
    if (input.pass) {
      const active = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [
        scope.enterpriseId,
        app.user_id,
      ]);
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
    const decided = (await applyById(q, scope, input.id))!;
    q.changed({
      id: input.id,
      label: decided.nickname || decided.phone,
      before: { status: APPLY_STATUS.pending },
      after: { status, reason: input.pass ? undefined : input.reason },
    });
    await sendMessage(q, {
      ...scope,
      to: [app.user_id],
      kind: 'join.result',
      link: input.pass ? '/home' : '/center',
      title: { key: input.pass ? 'message.joinApproved' : 'message.joinRejected', params: { title } },
      body: input.pass
        ? { key: 'message.joinApproved.body' }
        : { key: 'message.joinRejected.body', params: { reason: input.reason ?? '' } },
    });
    return decided;
  });
  return out;
}
