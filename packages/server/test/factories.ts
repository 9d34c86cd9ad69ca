import { randomInt } from 'node:crypto';
import type { Company } from '@vitrine/contract';
import { createUser } from '../src/domains/account/service.js';
import { createSession } from '../src/domains/account/sessions.js';
import { createCompany } from '../src/domains/company/service.js';
import { addMember, addRoleEntry, roleEntriesOf } from '../src/domains/company/queries.js';
import { reviewEnterprise } from '../src/domains/operator/service.js';
import type { UserCtx } from '../src/plugins/context.js';
import type { TestApp } from './harness.js';

// Factories: each test creates the users, enterprises and sessions it needs, through the services.

export const PASSWORD = 'correct horse battery';
let cachedHash: Promise<string> | undefined;
/** One real scrypt hash per test file, reused by every factory user. */
const passwordHash = (t: TestApp) => (cachedHash ??= t.deps.hasher.hash(PASSWORD));

export const randomPhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

export type TestUser = { id: number; phone: string; token: string; headers: Record<string, string> };

export async function makeUser(t: TestApp, nickname = 'tester'): Promise<TestUser> {
  const hash = await passwordHash(t);
  const phone = randomPhone();
  return t.db.tx({}, async (q) => {
    const user = await createUser(q, phone, hash, nickname);
    const token = await createSession(t.deps, q, user.id, '127.0.0.1', 'pc');
    return { id: user.id, phone, token, headers: { appid: 'pc', at: token, id: String(user.id) } };
  });
}

export const ctxOf = (u: TestUser): UserCtx => ({
  lang: 'zh',
  ip: '127.0.0.1',
  source: 'pc',
  user: { id: u.id, phone: u.phone, nickname: '', sessionId: 0 },
});

export type TestEnterprise = Company & { owner: TestUser; ownerRole: string };

export async function makeEnterprise(
  t: TestApp,
  opts: { approved?: boolean; owner?: TestUser } = {},
): Promise<TestEnterprise> {
  const owner = opts.owner ?? (await makeUser(t, 'owner'));
  const company = await createCompany(t.deps, ctxOf(owner), { title: `Ent ${randomInt(1e6)}` });
  if (opts.approved !== false) await reviewEnterprise(t.db.admin, company.companyCode, true);
  const ownerRole = (await roleOf(t, owner, company))[0].roleNode;
  return { ...company, status: opts.approved === false ? 0 : 1, owner, ownerRole };
}

export async function roleOf(t: TestApp, user: TestUser, ent: Company) {
  return t.db.tx({ enterpriseId: ent.companyId }, (q) =>
    roleEntriesOf(q, { enterpriseId: ent.companyId }, user.id, 'zh'),
  );
}

/** Add a member with one role entry of the given role (1 assistant, 2 manager, 3 supervisor). */
export async function addMemberWithRole(t: TestApp, ent: Company, user: TestUser, role: 1 | 2 | 3): Promise<string> {
  return t.db.tx({ enterpriseId: ent.companyId }, async (q) => {
    const scope = { enterpriseId: ent.companyId };
    const [dept] = await q.query<{ id: number }>(
      'select id from departments where enterprise_id = $1 order by id limit 1',
      [ent.companyId],
    );
    const [job] = await q.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = $2', [
      ent.companyId,
      role,
    ]);
    await addMember(q, scope, user.id, false);
    return addRoleEntry(q, scope, { userId: user.id, deptId: dept.id, jobId: job.id, range: null });
  });
}

export const tenantHeaders = (u: TestUser, ent: Company, roleNode: string) => ({
  ...u.headers,
  enCode: ent.companyCode,
  roleCode: roleNode,
});

/** Add a member with one role entry limited to a data range `{p,c,a,s}` (issue 4: stores). */
export async function addMemberWithRange(
  t: TestApp,
  ent: Company,
  user: TestUser,
  role: 1 | 2 | 3,
  range: { p?: string[]; c?: string[]; a?: string[]; s?: string[] },
): Promise<string> {
  return t.db.tx({ enterpriseId: ent.companyId }, async (q) => {
    const scope = { enterpriseId: ent.companyId };
    const [dept] = await q.query<{ id: number }>(
      'select id from departments where enterprise_id = $1 order by id limit 1',
      [ent.companyId],
    );
    const [job] = await q.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = $2', [
      ent.companyId,
      role,
    ]);
    await addMember(q, scope, user.id, false);
    return addRoleEntry(q, scope, {
      userId: user.id,
      deptId: dept.id,
      jobId: job.id,
      range: { p: [], c: [], a: [], s: [], ...range },
    });
  });
}

/** A shop made and approved through the API by the enterprise's owner and a second supervisor. */
export async function makeShop(
  t: TestApp,
  ent: TestEnterprise,
  over: Record<string, unknown> = {},
  reviewer?: { user: TestUser; node: string },
): Promise<number> {
  const { post } = await import('./harness.js');
  const owner = tenantHeaders(ent.owner, ent, ent.ownerRole);
  const created = await post<{ id: number }>(
    t,
    'shop/create',
    {
      name: `Shop ${randomInt(1e6)}`,
      code: `S${randomInt(1e9)}`,
      level: 1,
      province: '44',
      city: '4403',
      district: '440305',
      ...over,
    },
    owner,
  );
  if (created.body.ret !== 0) throw new Error(`shop/create: ${JSON.stringify(created.body)}`);
  const id = created.body.result.id;
  await post(t, 'shop/apply', { id }, owner);
  let rev = reviewer;
  if (!rev) {
    const user = await makeUser(t, 'reviewer');
    rev = { user, node: await addMemberWithRole(t, ent, user, 3) };
  }
  const passed = await post(t, 'shop/examine', { id, pass: 1 }, tenantHeaders(rev.user, ent, rev.node));
  if (passed.body.ret !== 0) throw new Error(`shop/examine: ${JSON.stringify(passed.body)}`);
  return id;
}
