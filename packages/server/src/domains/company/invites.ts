import { createHash, randomBytes } from 'node:crypto';
import { APPLY_STATUS, ENTERPRISE_STATUS, type Company } from '@vitrine/contract';
import { enterTenant, type Q } from '../../db/client.js';
import type { Row } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx, UserCtx } from '../../plugins/context.js';
import { tenantTx, userTx } from '../../db/tenant.js';
import { adminsOf, sendMessage } from '../../messages/send.js';
import { deptExists, jobRole, placement } from './admin-queries.js';
import { addMember, addRoleEntry } from './queries.js';

const INVITE_DAYS = 7;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A single-use link valid for 7 days; only the token's hash is stored. */
export async function createInvite(deps: Deps, ctx: TenantCtx, input: { deptId?: number; jobId?: number }) {
  const token = randomBytes(24).toString('base64url');
  return tenantTx(deps.db, ctx, async (q, scope) => {
    if (input.deptId) await deptExists(q, scope, input.deptId);
    if (input.jobId) await jobRole(q, scope, input.jobId);
    const [row] = await q.query<Row<'invitations', 'id'> & { expires: number }>(
      `insert into invitations (enterprise_id, token_hash, inviter_id, dept_id, job_id, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(days => $6)) returning id, extract(epoch from expires_at)::int as expires`,
      [scope.enterpriseId, hashOf(token), ctx.user.id, input.deptId ?? null, input.jobId ?? null, INVITE_DAYS],
    );
    q.changed({ id: row.id, after: { deptId: input.deptId ?? null, jobId: input.jobId ?? null } });
    return { token, link: `/inlog?invite=${token}`, expires: row.expires };
  });
}

type InviteRow = Row<'invitations', 'id' | 'enterprise_id' | 'inviter_id' | 'dept_id' | 'job_id'> &
  Row<'enterprises', 'title' | 'code' | 'logo' | 'status'> & {
    expired: boolean;
    used: boolean;
    expires: number;
    inviter: string;
  };

/** Find a token's invitation: narrow the transaction to its enterprise first (row-level security). */
async function invitationOf(q: Q, token: string, lock = false): Promise<InviteRow> {
  const [ent] = await q.query<{ id: number | null }>('select invitation_enterprise($1) as id', [hashOf(token)]);
  if (!ent?.id) throw fail.notFound('invite.invalid');
  await enterTenant(q, ent.id);
  const [row] = await q.query<InviteRow>(
    `select i.id, i.enterprise_id, i.inviter_id, i.dept_id, i.job_id, i.expires_at <= now() as expired, i.used_by is not null as used,
            extract(epoch from i.expires_at)::int as expires, e.title, e.code, e.logo, e.status, coalesce(u.nickname, '') as inviter
       from invitations i join enterprises e on e.id = i.enterprise_id join users u on u.id = i.inviter_id
      where i.enterprise_id = $1 and i.token_hash = $2 ${lock ? 'for update of i' : ''}`,
    [ent.id, hashOf(token)],
  );
  if (!row) throw fail.notFound('invite.invalid');
  return row;
}

export async function inviteInfo(deps: Deps, token: string) {
  const row = await deps.db.tx({}, (q) => invitationOf(q, token));
  return {
    title: row.title,
    companyCode: row.code,
    logo: row.logo,
    inviter: row.inviter,
    expired: row.expired,
    used: row.used,
    expires: row.expires,
  };
}

/** Join with an invitation: membership + the invitation's role entry; the inviter and admins are told. */
export async function acceptInvite(deps: Deps, ctx: UserCtx, token: string): Promise<Company> {
  const out = await userTx(deps.db, ctx, async (q) => {
    const inv = await invitationOf(q, token, true);
    await q.enter(inv.enterprise_id);
    const scope = { enterpriseId: inv.enterprise_id };
    if (inv.status !== ENTERPRISE_STATUS.approved) throw fail.conflict('invite.closed');
    if (inv.used) throw fail.conflict('invite.used');
    if (inv.expired) throw fail.conflict('invite.expired');
    const active = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [
      scope.enterpriseId,
      ctx.user.id,
    ]);
    if (active.length) throw fail.conflict('enterprise.alreadyMember');
    const place = await placement(q, scope, { deptId: inv.dept_id, jobId: inv.job_id });
    await addMember(q, scope, ctx.user.id, false);
    await addRoleEntry(q, scope, { userId: ctx.user.id, ...place });
    await q.query('update invitations set used_by = $2, used_at = now() where id = $1', [inv.id, ctx.user.id]);
    // a pending application of the same user is answered by the invitation
    await q.query(
      'update join_applications set status = $3, reviewer_id = $4, reviewed_at = now() where enterprise_id = $1 and user_id = $2 and status = $5',
      [scope.enterpriseId, ctx.user.id, APPLY_STATUS.approved, inv.inviter_id, APPLY_STATUS.pending],
    );
    const who = ctx.user.nickname || ctx.user.phone;
    q.changed({ id: ctx.user.id, label: who, after: { invitation: inv.id, ...place } });
    await sendMessage(q, {
      ...scope,
      to: [inv.inviter_id, ...(await adminsOf(q, scope.enterpriseId))],
      kind: 'invite.accepted',
      link: '/enterprise?tab=members',
      title: { key: 'message.inviteAccepted', params: { who } },
      body: { key: 'message.inviteAccepted.body', params: { who, title: inv.title } },
    });
    return {
      companyId: inv.enterprise_id,
      companyCode: inv.code,
      title: inv.title,
      logo: inv.logo,
      status: inv.status,
      isMain: 0,
    };
  });
  return out;
}
