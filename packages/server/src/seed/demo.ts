import { ROLE, type Lang } from '@vitrine/contract';
import { secretFile, type Config } from '../config.js';
import type { Deps } from '../deps.js';
import { createUser } from '../domains/account/service.js';
import { createCompany } from '../domains/company/service.js';
import { addMember, addRoleEntry } from '../domains/company/queries.js';
import { reviewEnterprise } from '../domains/operator/service.js';
import { seedDemoAdvert } from './demo-advert.js';
import { seedDemoAssistantStaff, seedDemoIncentives } from './demo-incentive.js';
import { DEMO_STAFF, seedDemoInform } from './demo-inform.js';
import { seedDemoSales } from './demo-sales.js';
import { seedDemoStores } from './demo-stores.js';
import type { UserCtx } from '../plugins/context.js';

export const DEMO_PASSWORD = 'vitrine-demo-2026';

/**
 * The demo accounts' password: the published one in development; in production (where the demo runs
 * only with DEMO=1) a generated one, kept in DATA_DIR/demo.password (owner-only) and printed once,
 * when the demo is seeded — a published password on a reachable server is an open door.
 */
export const demoPassword = (config: Pick<Config, 'production' | 'dataDir'>): string =>
  config.production ? secretFile(config.dataDir, 'demo.password').slice(0, 24) : DEMO_PASSWORD;
export const DEMO_USERS = {
  supervisor: { phone: '13800000001', nickname: '王督导' },
  manager: { phone: '13800000002', nickname: '李店长' },
  assistant: { phone: '13800000003', nickname: '张店员' },
  other: { phone: '13900000001', nickname: '赵总' },
} as const;

const ctxOf = (id: number, phone: string, lang: Lang = 'zh'): UserCtx => ({
  lang,
  ip: '127.0.0.1',
  source: 'pc',
  user: { id, phone, nickname: '', sessionId: 0 },
});

/** The store manager's district (上海市黄浦区, the first demo district) as a department: their range, named as the tree names it. */
export const DEMO_DISTRICT_DEPT = '黄浦区';

/**
 * On an empty database: an approved demo enterprise with departments, the default jobs and one user
 * per role, plus a second enterprise so that isolation is visible. Runs through the services.
 * `shops` (default 240) makes a smaller demo for tests.
 */
export async function seedDemo(
  deps: Deps,
  opts: { shops?: number } = {},
): Promise<{ banner: string; codes: string[] } | null> {
  const [{ n }] = await deps.db.admin.query<{ n: number }>('select count(*)::int as n from users');
  if (n > 0) return null;
  const password = demoPassword(deps.config);
  const hash = await deps.hasher.hash(password);
  const users = {} as Record<keyof typeof DEMO_USERS, { id: number; phone: string }>;
  for (const [key, u] of Object.entries(DEMO_USERS) as [
    keyof typeof DEMO_USERS,
    { phone: string; nickname: string },
  ][]) {
    users[key] = await deps.db.tx({}, (q) => createUser(q, u.phone, hash, u.nickname));
  }

  const demo = await createCompany(deps, ctxOf(users.supervisor.id, users.supervisor.phone), {
    title: '维特琳演示连锁',
  });
  const other = await createCompany(deps, ctxOf(users.other.id, users.other.phone), { title: '北辰便利（另一企业）' });
  for (const code of [demo.companyCode, other.companyCode]) await reviewEnterprise(deps.db.admin, code, true);

  const scope = { enterpriseId: demo.companyId };
  await deps.db.tx({ enterpriseId: demo.companyId }, async (q) => {
    const [hq] = await q.query<{ id: number }>(
      'select id from departments where enterprise_id = $1 order by id limit 1',
      [demo.companyId],
    );
    const jobs = await q.query<{ id: number; role: number }>('select id, role from jobs where enterprise_id = $1', [
      demo.companyId,
    ]);
    const jobFor = (role: number) => jobs.find((j) => j.role === role)!.id;
    const [east] = await q.query<{ id: number }>(
      'insert into departments (enterprise_id, pid, name) values ($1, $2, $3) returning id',
      [demo.companyId, hq.id, '华东大区'],
    );
    const [shop] = await q.query<{ id: number }>(
      'insert into departments (enterprise_id, pid, name) values ($1, $2, $3) returning id',
      // a district, not a shop: the manager's range is every shop of 黄浦 (issue 25 §6)
      [demo.companyId, east.id, DEMO_DISTRICT_DEPT],
    );
    await addMember(q, scope, users.manager.id, false);
    await addRoleEntry(q, scope, {
      userId: users.manager.id,
      deptId: shop.id,
      jobId: jobFor(ROLE.manager),
      range: { p: [], c: [], a: [], s: [] },
    });
    await addMember(q, scope, users.assistant.id, false);
    await addRoleEntry(q, scope, {
      userId: users.assistant.id,
      deptId: shop.id,
      jobId: jobFor(ROLE.assistant),
      range: { p: [], c: [], a: [], s: [] },
    });
  });
  const stores = await seedDemoStores(deps, {
    enterpriseId: demo.companyId,
    supervisor: users.supervisor,
    manager: users.manager,
    shops: opts.shops,
    passwordHash: hash,
  });
  const ads = await seedDemoAdvert(deps, {
    enterpriseId: demo.companyId,
    supervisor: users.supervisor,
    manager: users.manager,
  });
  const inform = await seedDemoInform(deps, {
    enterpriseId: demo.companyId,
    supervisor: users.supervisor,
    manager: users.manager,
    assistant: users.assistant,
    passwordHash: hash,
  });
  const staffOpts = {
    enterpriseId: demo.companyId,
    supervisor: users.supervisor,
    manager: users.manager,
    assistant: users.assistant,
    district: stores.managerDistrict,
  };
  await seedDemoAssistantStaff(deps, staffOpts);
  const sales = await seedDemoSales(deps, { enterpriseId: demo.companyId, supervisor: users.supervisor });
  const incentives = await seedDemoIncentives(deps, staffOpts);

  const lines = [
    'Demo data created. Sign in at /index with a phone and the password ' + password + ':',
    `  ${DEMO_USERS.supervisor.phone}  supervisor, main admin of ${demo.title} (${demo.companyCode})`,
    `  ${DEMO_USERS.manager.phone}  store manager in ${demo.title}`,
    `  ${DEMO_USERS.assistant.phone}  shop assistant in ${demo.title}`,
    `  ${DEMO_USERS.other.phone}  main admin of ${other.title} (${other.companyCode}), another tenant`,
    `  (${stores.shops} shops and ${stores.devices} devices; the store manager's range is district ${stores.managerDistrict})`,
    `  (${ads.materials} materials, ${ads.products} products, ${ads.contents} ad contents; ${ads.plans} ad plans, ${ads.launched} of them on the screens)`,
    `  (${inform.notifications} notifications and ${inform.announcements} announcements, ${inform.sent} sent: ` +
      `${inform.done} of ${inform.receipts} receipts confirmed or read, some overdue;` +
      ` shop staff ${DEMO_STAFF.map((s) => s.phone).join(', ')} receive them too)`,
    `  (${sales.lines} sales lines over 90 days, reported through sale/report)`,
    `  (${incentives.schemes} incentive schemes running in district ${stores.managerDistrict}, ${incentives.settled} results of ended periods settled)`,
  ];
  return { banner: lines.join('\n'), codes: [demo.companyCode, other.companyCode] };
}
