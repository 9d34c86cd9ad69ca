import { randomInt } from 'node:crypto';
import { APPLY_STATUS, ENTERPRISE_STATUS, type Company, type CompanyInfo, type Lang } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { tenantTx, userTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx, UserCtx } from '../../plugins/context.js';
import { DEFAULT_DEPARTMENT, DEFAULT_JOBS } from './defaults.js';
import { ensureMenus } from './menus.js';
import { adminsOf, sendMessage } from '../../messages/send.js';
import { addMember, addRoleEntry, enterpriseByCode } from './queries.js';
import type { Row } from '../../db/schema/index.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () => Array.from({ length: 6 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Create an enterprise: under review (status 0) unless auto-approval is on; the creator becomes
 * main admin, supervisor in the default department; default jobs and permission menus seeded.
 */
export async function createCompany(
  deps: Deps,
  ctx: UserCtx,
  input: { title: string; logo?: string },
): Promise<Company> {
  const status = deps.config.autoApprove ? ENTERPRISE_STATUS.approved : ENTERPRISE_STATUS.review;
  const company = await userTx(deps.db, ctx, async (q) => {
    let row: { id: number; code: string } | undefined;
    for (let i = 0; !row && i < 5; i++) {
      [row] = await q.query<Row<'enterprises', 'id' | 'code'>>(
        `insert into enterprises (code, title, logo, status, creator_id) values ($1, $2, $3, $4, $5)
         on conflict (code) do nothing returning id, code`,
        [newCode(), input.title, input.logo ?? '', status, ctx.user.id],
      );
    }
    if (!row) throw new Error('could not allocate an enterprise code');
    const scope = { enterpriseId: row.id };
    await q.enter(row.id);
    await seedEnterprise(q, scope, ctx.user.id, ctx.lang);
    q.changed({ id: row.id, label: input.title, after: { title: input.title, code: row.code } });
    return { companyId: row.id, companyCode: row.code, title: input.title, logo: input.logo ?? '', status, isMain: 1 };
  });
  return company;
}

async function seedEnterprise(q: Q, scope: { enterpriseId: number }, creatorId: number, lang: Lang) {
  const [dept] = await q.query<Row<'departments', 'id'>>(
    'insert into departments (enterprise_id, name) values ($1, $2) returning id',
    [scope.enterpriseId, DEFAULT_DEPARTMENT(lang)],
  );
  const jobs: { id: number; role: number }[] = [];
  for (const job of DEFAULT_JOBS(lang)) {
    const [row] = await q.query<Row<'jobs', 'id'>>(
      'insert into jobs (enterprise_id, name, role) values ($1, $2, $3) returning id',
      [scope.enterpriseId, job.name, job.role],
    );
    jobs.push({ id: row.id, role: job.role });
  }
  await ensureMenus(q, scope);
  await addMember(q, scope, creatorId, true);
  await addRoleEntry(q, scope, { userId: creatorId, deptId: dept.id, jobId: jobs[0].id, range: null });
}

/** Apply to join an approved enterprise by its code; the application waits for an admin (pending). */
export async function applyJoin(deps: Deps, ctx: UserCtx, enCode: string): Promise<{ status: number; title: string }> {
  return userTx(deps.db, ctx, async (q) => {
    const ent = await enterpriseByCode(q, enCode);
    if (!ent) throw fail.notFound('notFound.enterprise');
    if (ent.status === ENTERPRISE_STATUS.review) throw fail.conflict('enterprise.review');
    if (ent.status !== ENTERPRISE_STATUS.approved) throw fail.conflict('enterprise.rejected');
    await q.enter(ent.id);
    const member = await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [
      ent.id,
      ctx.user.id,
    ]);
    if (member.length) throw fail.conflict('enterprise.alreadyMember');
    const rows = await q.query<Row<'join_applications', 'id'>>(
      `insert into join_applications (enterprise_id, user_id) values ($1, $2) on conflict do nothing returning id`,
      [ent.id, ctx.user.id],
    );
    if (!rows.length) throw fail.conflict('enterprise.alreadyApplied');
    const who = ctx.user.nickname || ctx.user.phone;
    q.changed({ id: rows[0].id, label: who });
    await sendMessage(q, {
      enterpriseId: ent.id,
      to: await adminsOf(q, ent.id),
      kind: 'join.applied',
      link: '/enterprise?tab=applies',
      title: { key: 'message.joinApplied', params: { who } },
      body: { key: 'message.joinApplied.body', params: { phone: ctx.user.phone, title: ent.title } },
    });
    return { status: APPLY_STATUS.pending, title: ent.title };
  });
}

export async function companyInfo(deps: Deps, ctx: TenantCtx): Promise<CompanyInfo> {
  const rows = await tenantTx(deps.db, ctx, (q) =>
    q.query<CompanyInfo>(
      `select id as "companyId", code as "companyCode", title, logo, status, $2::int as "isMain",
              review_policy as "reviewPolicy", camera_mark::int as "cameraMark"
         from enterprises where id = $1`,
      [ctx.enterprise.id, ctx.enterprise.isMain ? 1 : 0],
    ),
  );
  if (!rows[0]) throw fail.notFound();
  return rows[0];
}
