import { randomInt } from 'node:crypto';
import { APPLY_STATUS, ENTERPRISE_STATUS, type Company, type Lang } from '@vitrine/contract';
import { enterTenant, type Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx, UserCtx } from '../../plugins/context.js';
import { DEFAULT_DEPARTMENT, DEFAULT_JOBS } from './defaults.js';
import { ensureMenus } from './menus.js';
import { adminsOf, sendMessage } from '../inbox/send.js';
import { writeOplog } from '../oplog/write.js';
import { addMember, addRoleEntry, enterpriseByCode } from './queries.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Create an enterprise: under review (status 0) unless auto-approval is on; the creator becomes
 * main admin, supervisor in the default department; default jobs and permission menus seeded.
 */
export async function createCompany(deps: Deps, ctx: UserCtx, input: { title: string; logo?: string }): Promise<Company> {
  const status = deps.config.autoApprove ? ENTERPRISE_STATUS.approved : ENTERPRISE_STATUS.review;
  const company = await deps.db.tx({ userId: ctx.user.id }, async (q) => {
    let row: { id: number; code: string } | undefined;
    for (let i = 0; !row && i < 5; i++) {
      [row] = await q.query<{ id: number; code: string }>(
        `insert into enterprises (code, title, logo, status, creator_id) values ($1, $2, $3, $4, $5)
         on conflict (code) do nothing returning id, code`,
        [newCode(), input.title, input.logo ?? '', status, ctx.user.id],
      );
    }
    if (!row) throw new Error('could not allocate an enterprise code');
    const scope = { enterpriseId: row.id };
    await enterTenant(q, row.id);
    await seedEnterprise(q, scope, ctx.user.id, ctx.lang);
    await writeOplog(q, ctx, { enterpriseId: row.id, verb: 'create', entity: 'enterprise', entityId: row.id, after: { title: input.title, code: row.code } });
    return { companyId: row.id, companyCode: row.code, title: input.title, logo: input.logo ?? '', status, isMain: 1 };
  });
  return company;
}

async function seedEnterprise(q: Q, scope: { enterpriseId: number }, creatorId: number, lang: Lang) {
  const [dept] = await q.query<{ id: number }>('insert into departments (enterprise_id, name) values ($1, $2) returning id', [
    scope.enterpriseId, DEFAULT_DEPARTMENT(lang),
  ]);
  const jobs: { id: number; role: number }[] = [];
  for (const job of DEFAULT_JOBS(lang)) {
    const [row] = await q.query<{ id: number }>('insert into jobs (enterprise_id, name, role) values ($1, $2, $3) returning id', [
      scope.enterpriseId, job.name, job.role,
    ]);
    jobs.push({ id: row.id, role: job.role });
  }
  await ensureMenus(q, scope);
  await addMember(q, scope, creatorId, true);
  await addRoleEntry(q, scope, { userId: creatorId, deptId: dept.id, jobId: jobs[0].id, range: null });
}

/** Apply to join an approved enterprise by its code; the application waits for an admin (201). */
export async function applyJoin(deps: Deps, ctx: UserCtx, enCode: string): Promise<{ status: number; title: string }> {
  return deps.db.tx({ userId: ctx.user.id }, async (q) => {
    const ent = await enterpriseByCode(q, enCode);
    if (!ent) throw fail.notFound('notFound.enterprise');
    if (ent.status === ENTERPRISE_STATUS.review) throw fail.conflict('enterprise.review');
    if (ent.status !== ENTERPRISE_STATUS.approved) throw fail.conflict('enterprise.rejected');
    await enterTenant(q, ent.id);
    const member = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [ent.id, ctx.user.id]);
    if (member.length) throw fail.conflict('enterprise.alreadyMember');
    const rows = await q.query(
      `insert into join_applications (enterprise_id, user_id) values ($1, $2) on conflict do nothing returning id`,
      [ent.id, ctx.user.id],
    );
    if (!rows.length) throw fail.conflict('enterprise.alreadyApplied');
    const who = ctx.user.nickname || ctx.user.phone;
    await sendMessage(q, {
      enterpriseId: ent.id, to: await adminsOf(q, ent.id), kind: 'join.applied', link: '/enterprise?tab=applies',
      title: { zh: `${who} 申请加入企业`, en: `${who} applied to join` },
      body: { zh: `手机号 ${ctx.user.phone} 申请加入「${ent.title}」，请在企业管理中审核。`, en: `${ctx.user.phone} applied to join ${ent.title}. Review it in enterprise management.` },
    });
    return { status: APPLY_STATUS.pending, title: ent.title };
  });
}

export async function companyInfo(deps: Deps, ctx: TenantCtx): Promise<Company> {
  const rows = await deps.db.tx({ userId: ctx.user.id, enterpriseId: ctx.enterprise.id }, (q) =>
    q.query<Company>(
      `select id as "companyId", code as "companyCode", title, logo, status, $2::int as "isMain" from enterprises where id = $1`,
      [ctx.enterprise.id, ctx.enterprise.isMain ? 1 : 0],
    ),
  );
  if (!rows[0]) throw fail.notFound();
  return rows[0];
}
