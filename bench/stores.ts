/**
 * Stores bench (issue 4): 10,000 shops and 100,000 devices (direct SQL inserts), then
 * - shop/enable-list and device/enable-list through the real app (buildApp, app.inject: protocol,
 *   auth, permission bit, validation, the engine's paging statement in a tenant transaction, envelope)
 *   vs the same statement (the engine's own SQL text) sent raw through the same `pg` pool as the
 *   owner, no transaction — ratio of medians;
 * - geo/tree expansion (provinces → a province → a city → a district) through the app.
 * Needs DATABASE_URL (creates and drops vitrine_bench_stores_<pid>). Run: npx tsx bench/stores.ts
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { openPg } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { createUser } from '../packages/server/src/domains/account/service.js';
import { createSession } from '../packages/server/src/domains/account/sessions.js';
import { createCompany } from '../packages/server/src/domains/company/service.js';
import { addMember, addRoleEntry } from '../packages/server/src/domains/company/queries.js';
import { reviewEnterprise } from '../packages/server/src/domains/operator/service.js';
import { DEVICE } from '../packages/server/src/records/device-entity.js';
import { SHOP } from '../packages/server/src/records/store-entities.js';
import { listSql } from '../packages/server/src/lifecycle/lists.js';
import { pageStatement } from '../packages/server/src/db/paging.js';
import { seedStores } from './stores-seed.js';
import { benchConfig as config, median, ms } from './config.js';

const SHOPS = Number(process.env.BENCH_SHOPS ?? 10_000);
const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const README = join(import.meta.dirname, 'README.md');
const START = '<!-- stores-bench:start -->';
const END = '<!-- stores-bench:end -->';


async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench/stores.ts needs DATABASE_URL (PostgreSQL): it compares the server with raw pg');
  const name = `vitrine_bench_stores_${process.pid}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-stores-'));
  const db = await openPg(dbUrl, 10);
  const pool = (db as unknown as { pool: pg.Pool }).pool;
  pool.on('error', () => undefined);
  try {
    await migrate(db); // loads the regions too (0033_regions.ts)
    const { app, deps } = await buildApp({ config: config(dataDir), db });
    await app.ready();
    const user = await db.tx({}, (q) => createUser(q, '13800009999', null, 'bench'));
    const token = await db.tx({}, (q) => createSession(deps, q, user.id, '127.0.0.1', 'pc'));
    const ctxUser = { lang: 'zh' as const, ip: '127.0.0.1', source: 'pc' as const, user: { id: user.id, phone: '13800009999', nickname: '', sessionId: 0 } };
    const company = await createCompany(deps, ctxUser, { title: 'Bench chain' });
    await reviewEnterprise(db.admin, company.companyCode, true);
    const [entry] = await db.admin.query<{ role_node: string }>('select role_node from role_entries where enterprise_id = $1', [company.companyId]);
    // The raw side sends its statement through the server's own pool, as the owner, outside any
    // transaction: calls take turns, so both sides get the same idle connection (the pool hands out
    // the last one returned) and so the same backend process. Through a client of its own, the
    // raw side ran on another backend, and one backend answered the same statement with the same
    // plan 1.5–2× faster than another for the whole run (this machine's two cores differ: a busy
    // loop takes 1.05 s on one and 0.68 s on the other).
    const seeder = new pg.Client({ connectionString: dbUrl });
    await seeder.connect();
    const t0 = process.hrtime.bigint();
    await seedStores(seeder, company.companyId, user.id, SHOPS, DEVICES);
    const seedMs = ms(t0);
    await seeder.end();
    const headers = { appid: 'pc', at: token, id: String(user.id), enCode: company.companyCode, roleCode: entry.role_node, 'content-type': 'application/json' };
    const call = async (path: string, body: Record<string, unknown>) => {
      const res = await app.inject({ method: 'POST', url: `/api/${path}`, headers, payload: JSON.stringify(body) });
      const json = res.json() as { ret: number; result: { total?: number; list: { id: string }[] } };
      if (json.ret !== 0) throw new Error(`${path}: ${res.body}`);
      return json.result;
    };
    const scope = { enterpriseId: company.companyId, range: null };
    const cases = [
      { label: 'shop/enable-list', path: 'shop/enable-list', cfg: SHOP },
      { label: 'device/enable-list', path: 'device/enable-list', cfg: DEVICE },
    ];
    const rows: string[] = [];
    for (const c of cases) {
      const filter = { pageNum: 1, pageSize: 10 };
      const one = pageStatement(listSql(c.cfg, scope, user.id, 'enabled', filter), filter);
      const viaRaw = async () => {
        await pool.query(one.text, one.params);
      };
      for (let i = 0; i < 30; i++) {
        await call(c.path, {});
        await viaRaw();
      }
      const server: number[] = [];
      const direct: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const order = i % 2 === 0;
        if (order) { const a = process.hrtime.bigint(); await call(c.path, {}); server.push(ms(a)); }
        const b = process.hrtime.bigint(); await viaRaw(); direct.push(ms(b));
        if (!order) { const a = process.hrtime.bigint(); await call(c.path, {}); server.push(ms(a)); }
      }
      const total = (await call(c.path, {})).total;
      rows.push(`| ${c.label} (${total} enabled, page of 10) | ${median(server).toFixed(2)} ms | ${median(direct).toFixed(2)} ms | ${(median(direct) / median(server)).toFixed(2)}× |`);
    }
    // A store manager whose range is one district (about 1/400 of the devices): the range-cut list
    // against the supervisor's whole-enterprise list, alternating, same data (goal ≤ 1.5×).
    const [{ district }] = await db.admin.query<{ district: string }>('select district from shops where enterprise_id = $1 order by id limit 1', [company.companyId]);
    const manager = await db.tx({}, (q) => createUser(q, '13800009998', 'x', 'manager'));
    const mToken = await db.tx({}, (q) => createSession(deps, q, manager.id, '127.0.0.1', 'pc'));
    const mNode = await db.tx({ enterpriseId: company.companyId }, async (q) => {
      const es = { enterpriseId: company.companyId };
      const [dept] = await q.query<{ id: number }>('select id from departments where enterprise_id = $1 order by id limit 1', [company.companyId]);
      const [job] = await q.query<{ id: number }>('select id from jobs where enterprise_id = $1 and role = 2', [company.companyId]);
      await addMember(q, es, manager.id, false);
      return addRoleEntry(q, es, { userId: manager.id, deptId: dept.id, jobId: job.id, range: { p: [], c: [], a: [district], s: [] } });
    });
    const mHeaders = { ...headers, at: mToken, id: String(manager.id), roleCode: mNode };
    const asManager = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/device/enable-list', headers: mHeaders, payload: '{}' });
      const json = res.json() as { ret: number; result: { total: number } };
      if (json.ret !== 0) throw new Error(`manager device/enable-list: ${res.body}`);
      return json.result.total;
    };
    const sup: number[] = [];
    const mgr: number[] = [];
    for (let i = 0; i < 30; i++) { await asManager(); await call('device/enable-list', {}); }
    for (let i = 0; i < ROUNDS; i++) {
      const a = process.hrtime.bigint(); await call('device/enable-list', {}); sup.push(ms(a));
      const b = process.hrtime.bigint(); await asManager(); mgr.push(ms(b));
    }
    const managerTotal = await asManager();
    rows.push(`| device/enable-list as a store manager of district ${district} (${managerTotal} in range) vs the supervisor | ${median(mgr).toFixed(2)} ms | supervisor ${median(sup).toFixed(2)} ms | ${(median(mgr) / median(sup)).toFixed(2)}× (goal ≤ 1.5) |`);

    const tree: string[] = [];
    let id = '';
    for (const level of ['provinces', 'cities of the first province', 'districts of its first city', 'shops of its first district']) {
      const times: number[] = [];
      let first = '';
      let n = 0;
      for (let i = 0; i < ROUNDS / 2; i++) {
        const a = process.hrtime.bigint();
        const res = await call('geo/tree', { id });
        times.push(ms(a));
        first = res.list[0]?.id ?? '';
        n = res.list.length;
      }
      tree.push(`| geo/tree ${id ? `id=${id}` : '(top)'}: ${level} | ${n} nodes | ${median(times).toFixed(2)} ms |`);
      id = first;
    }
    const section = [
      `Run ${new Date().toISOString().slice(0, 10)}, PostgreSQL, ${SHOPS} shops and ${DEVICES} devices (seeded in ${(seedMs / 1000).toFixed(1)} s), ${ROUNDS} rounds, supervisor (whole enterprise).`,
      '',
      '| list | server (app.inject) median | raw pg median | ratio raw ÷ server |',
      '|---|---|---|---|',
      ...rows,
      '',
      '| tree expansion | children | median |',
      '|---|---|---|',
      ...tree,
    ].join('\n');
    console.log(section);
    const text = readFileSync(README, 'utf8');
    const a = text.indexOf(START);
    const b = text.indexOf(END);
    if (a >= 0 && b > a) writeFileSync(README, `${text.slice(0, a + START.length)}\n${section}\n${text.slice(b)}`);
    await app.close();
  } finally {
    await db.close();
    if (!process.env.BENCH_KEEP) await root.query(`drop database if exists ${name} with (force)`);
    else console.log(`kept database ${name}`);
    await root.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
