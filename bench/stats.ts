/**
 * Statistics bench (issue 11): visitor statistics for 90 days read through the rollups vs computed
 * from the raw events. 200 shops, 2,000 devices and BENCH_VISITS (default 1,000,000) visit events
 * over 90 days, inserted by SQL; the rollup job folds them; then, alternating in each round:
 * - stats/pa through the real app (app.inject: protocol, auth, permission, zod, rollups + the raw
 *   tail past the watermark, five aggregates: summary, previous period, series, shops, heatmap);
 * - the summary alone aggregated from visit_events by one raw pg statement (the least a raw read does).
 * Ratio = raw ÷ app (above 1: the app's whole answer is faster than raw's one figure).
 * Needs DATABASE_URL (creates and drops vitrine_bench_stats_<pid>). Run: npx tsx bench/stats.ts
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
import { reviewEnterprise } from '../packages/server/src/domains/operator/service.js';
import { rollupAll } from '../packages/server/src/stats/rollup.js';
import { seedStores } from './stores-seed.js';
import { benchConfig as config, median, ms } from './config.js';

const VISITS = Number(process.env.BENCH_VISITS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const README = join(import.meta.dirname, 'README.md');
const START = '<!-- stats-bench:start -->';
const END = '<!-- stats-bench:end -->';

const day = (d: Date) => d.toISOString().slice(0, 10);

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('bench/stats.ts needs DATABASE_URL (PostgreSQL)');
  const name = `vitrine_bench_stats_${process.pid}`;
  const root = new pg.Client({ connectionString: url });
  await root.connect();
  await root.query(`create database ${name}`);
  const dbUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-stats-'));
  const db = await openPg(dbUrl, 10);
  const raw = new pg.Client({ connectionString: dbUrl });
  try {
    await migrate(db);
    const { app, deps } = await buildApp({ config: config(dataDir), db });
    await app.ready();
    const user = await db.tx({}, (q) => createUser(q, '13800009997', 'x', 'bench'));
    const token = await db.tx({}, (q) => createSession(deps, q, user.id, '127.0.0.1', 'pc'));
    const ctxUser = { lang: 'zh' as const, ip: '127.0.0.1', source: 'pc' as const, user: { id: user.id, phone: '13800009997', nickname: '', sessionId: 0 } };
    const company = await createCompany(deps, ctxUser, { title: 'Bench stats' });
    await reviewEnterprise(db.admin, company.companyCode, true);
    const [entry] = await db.admin.query<{ role_node: string }>('select role_node from role_entries where enterprise_id = $1', [company.companyId]);
    await raw.connect();
    await seedStores(raw, company.companyId, user.id, 200, 2000);
    const t0 = process.hrtime.bigint();
    await raw.query(
      `with d as (select array_agg(id order by id) as ids, array_agg(shop_id order by id) as shops, count(*)::int as n from devices where enterprise_id = $1)
       insert into visit_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, gender, age_band, action, dwell_ms)
       select $1, d.ids[1 + g % d.n], d.shops[1 + g % d.n], gen_random_uuid(), now() - (g % 90) * interval '1 day', (now() - (g % 90) * interval '1 day')::date,
              9 + (g % 13), g % 3, g % 5, (array['pass','watch','interact','enter'])[1 + g % 4], 1000 + g % 30000
         from generate_series(1, $2) g, d`,
      [company.companyId, VISITS],
    );
    const seedMs = ms(t0);
    const t1 = process.hrtime.bigint();
    const folded = await rollupAll(db, 0);
    const foldMs = ms(t1);
    const to = new Date();
    const from = new Date(to.getTime() - 89 * 86_400_000);
    const body = JSON.stringify({ from: day(from), to: day(to), group: 'day' });
    const headers = { appid: 'pc', at: token, id: String(user.id), enCode: company.companyCode, roleCode: entry.role_node, 'content-type': 'application/json' };
    const viaApp = async () => {
      const res = await app.inject({ method: 'POST', url: '/api/stats/pa', headers, payload: body });
      const json = res.json() as { ret: number; result: { summary: { visits: number } } };
      if (json.ret !== 0) throw new Error(res.body);
      return json.result.summary.visits;
    };
    const rawSql = `select count(*)::int as visits, count(*) filter (where gender = 1) as male, count(*) filter (where gender = 2) as female,
        count(*) filter (where age_band = 0) as a0, count(*) filter (where age_band = 1) as a1, count(*) filter (where age_band = 2) as a2,
        count(*) filter (where age_band = 3) as a3, count(*) filter (where age_band = 4) as a4, count(*) filter (where action <> 'pass') as acts
      from visit_events where enterprise_id = $1 and local_day between $2::date and $3::date`;
    const viaRaw = async () => (await raw.query(rawSql, [company.companyId, day(from), day(to)])).rows[0].visits as number;
    const [a, b] = [await viaApp(), await viaRaw()];
    if (a !== b) throw new Error(`app ${a} ≠ raw ${b}`);
    const appT: number[] = [];
    const rawT: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const x = process.hrtime.bigint(); await viaApp(); appT.push(ms(x));
      const y = process.hrtime.bigint(); await viaRaw(); rawT.push(ms(y));
    }
    const section = [
      `Run ${day(new Date())}, PostgreSQL, ${VISITS} visits over 90 days on 2,000 devices (inserted in ${(seedMs / 1000).toFixed(1)} s; folded into rollups in ${(foldMs / 1000).toFixed(1)} s, ${folded} events), ${ROUNDS} rounds.`,
      '',
      '| read (90 days, whole enterprise) | median | ratio raw ÷ app |',
      '|---|---|---|',
      `| stats/pa through the app (rollups + tail; summary, previous period, series, shops, heatmap) | ${median(appT).toFixed(1)} ms | ${(median(rawT) / median(appT)).toFixed(2)}× |`,
      `| the summary alone from raw visit_events (one pg statement) | ${median(rawT).toFixed(1)} ms | |`,
    ].join('\n');
    console.log(section);
    const text = readFileSync(README, 'utf8');
    const i = text.indexOf(START);
    const j = text.indexOf(END);
    if (i >= 0 && j > i) writeFileSync(README, `${text.slice(0, i + START.length)}\n${section}\n${text.slice(j)}`);
    else writeFileSync(README, `${text.trimEnd()}\n\n## Visitor statistics (bench/stats.ts, PostgreSQL)\n\n\`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats.ts\` (knobs \`BENCH_VISITS\`, \`BENCH_ROUNDS\`).\nRollups (docs/decisions/0080) against aggregating the raw events; see the header of the script.\n\n${START}\n${section}\n${END}\n`);
    await app.close();
  } finally {
    await raw.end().catch(() => undefined);
    await db.close();
    await root.query(`drop database if exists ${name} with (force)`);
    await root.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
