import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.js';
import type { Db, Q } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { createUser } from '../packages/server/src/domains/account/service.js';
import { createSession } from '../packages/server/src/domains/account/sessions.js';
import { createCompany } from '../packages/server/src/domains/company/service.js';
import { addMember, addRoleEntry } from '../packages/server/src/domains/company/queries.js';
import { reviewEnterprise } from '../packages/server/src/domains/operator/service.js';
import { benchConfig as config, median, ms } from './config.js';

type Result = { total?: number; list: { id: string }[] };
export type Bench = {
  app: FastifyInstance;
  db: Db;
  enterpriseId: number;
  userId: number;
  seedMs: number;
  /** a call as the supervisor (the enterprise's creator: the whole enterprise) */
  call(path: string, body?: Record<string, unknown>): Promise<Result>;
  /** a store manager whose data range is one district; their calls */
  manager(district: string): Promise<(path: string) => Promise<Result>>;
};

/** A migrated database with one reviewed enterprise, its creator's session, and the stores seed. */
export async function prepare(
  db: Db,
  dataDir: string,
  seed: (enterpriseId: number, userId: number) => Promise<void>,
): Promise<Bench> {
  await migrate(db); // loads the regions too (0033_regions.ts)
  const { app, deps } = await buildApp({ config: config(dataDir), db });
  await app.ready();
  const user = await db.tx({}, (q) => createUser(q, '13800009999', null, 'bench'));
  const token = await db.tx({}, (q) => createSession(deps, q, user.id, '127.0.0.1', 'pc'));
  const ctxUser = {
    lang: 'zh' as const,
    ip: '127.0.0.1',
    source: 'pc' as const,
    user: { id: user.id, phone: '13800009999', nickname: '', sessionId: 0 },
  };
  const company = await createCompany(deps, ctxUser, { title: 'Bench chain' });
  await reviewEnterprise(db.admin, company.companyCode, true);
  const [entry] = await db.admin.query<{ role_node: string }>(
    'select role_node from role_entries where enterprise_id = $1',
    [company.companyId],
  );
  const t0 = process.hrtime.bigint();
  await seed(company.companyId, user.id);
  const seedMs = ms(t0);
  const headers = {
    appid: 'pc',
    at: token,
    id: String(user.id),
    enCode: company.companyCode,
    roleCode: entry.role_node,
    'content-type': 'application/json',
  };
  const call = async (path: string, body: Record<string, unknown> = {}, as = headers) => {
    const res = await app.inject({ method: 'POST', url: `/api/${path}`, headers: as, payload: JSON.stringify(body) });
    const json = res.json() as { ret: number; result: Result };
    if (json.ret !== 0) throw new Error(`${path}: ${res.body}`);
    return json.result;
  };
  const manager = async (district: string) => {
    const manager = await db.tx({}, (q) => createUser(q, '13800009998', 'x', 'manager'));
    const mToken = await db.tx({}, (q) => createSession(deps, q, manager.id, '127.0.0.1', 'pc'));
    const es = { enterpriseId: company.companyId };
    const mNode = await db.tx(es, async (q: Q) => {
      const [dept] = await q.query<{ id: number }>(
        'select id from departments where enterprise_id = $1 order by id limit 1',
        [company.companyId],
      );
      const [job] = await q.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = 2', [
        company.companyId,
      ]);
      await addMember(q, es, manager.id, false);
      return addRoleEntry(q, es, {
        userId: manager.id,
        deptId: dept.id,
        jobId: job.id,
        range: { p: [], c: [], a: [district], s: [] },
      });
    });
    const mHeaders = { ...headers, at: mToken, id: String(manager.id), roleCode: mNode };
    return (path: string) => call(path, {}, mHeaders);
  };
  return { app, db, enterpriseId: company.companyId, userId: user.id, seedMs, call, manager };
}

/**
 * A store manager whose range is one district (about 1/400 of the devices): the range-cut device
 * list against the supervisor's whole-enterprise list, alternating, same data (goal ≤ 1.5×).
 */
export async function rangeCut(b: Bench, rounds: number, engine: string): Promise<string> {
  const [{ district }] = await b.db.admin.query<{ district: string }>(
    'select district from shops where enterprise_id = $1 order by id limit 1',
    [b.enterpriseId],
  );
  const asManager = await b.manager(district);
  const sup: number[] = [];
  const mgr: number[] = [];
  for (let i = 0; i < 30; i++) {
    await asManager('device/enable-list');
    await b.call('device/enable-list');
  }
  for (let i = 0; i < rounds; i++) {
    const a = process.hrtime.bigint();
    await b.call('device/enable-list');
    sup.push(ms(a));
    const c = process.hrtime.bigint();
    await asManager('device/enable-list');
    mgr.push(ms(c));
  }
  const [all, mine] = [(await b.call('device/enable-list')).total, (await asManager('device/enable-list')).total];
  return (
    `| ${engine}: device/enable-list as a store manager of district ${district} (${mine} of ${all} in ` +
    `range) vs the supervisor | ${median(mgr).toFixed(2)} ms | supervisor ${median(sup).toFixed(2)} ms | ` +
    `${(median(mgr) / median(sup)).toFixed(2)}× (goal ≤ 1.5) |`
  );
}
