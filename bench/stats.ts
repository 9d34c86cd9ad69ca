/**
 * Statistics bench (issue 11): the dashboard's visitor statistics over 10,000,000 visit events
 * (BENCH_VISITS), 500 shops with two screens each (BENCH_SHOPS) × 30 days, inserted by SQL and
 * folded by the rollup job; then, alternating in each round:
 * - stats/pa through the running server over HTTP (protocol, auth, permission, zod, the daily
 *   rollups + the raw tail past the watermark; five answers: summary, previous period, series by day,
 *   shops, hour × weekday heatmap);
 * - the same five answers by one raw pg statement that groups visit_events (per shop, day and hour,
 *   then the five answers from that set) — what reading without rollups costs.
 * Both answers are checked equal first. Ratio = raw ÷ server (goal ≥ 10×, server median ≤ 100 ms).
 * Needs DATABASE_URL (creates and drops vitrine_bench_stats_<pid>). Run: npx tsx bench/stats.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app.js';
import { openPg } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { rollupAll, VISIT_AGGREGATES } from '../packages/server/src/stats/rollup.js';
import { benchEnterprise } from './enterprise.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import { seedStores } from './stores-seed.js';
import { benchConfig as config, median, ms } from './config.js';

const VISITS = Number(process.env.BENCH_VISITS ?? 10_000_000);
const SHOPS = Number(process.env.BENCH_SHOPS ?? 500);
const DAYS = 30;
const CHUNK = 1_000_000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
// BENCH_KEEP=1 keeps the database for EXPLAIN.

const day = (d: Date) => d.toISOString().slice(0, 10);

async function main() {
  const scratch = await scratchDatabase('stats');
  const dbUrl = scratch.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-stats-'));
  const db = await openPg(dbUrl, 10);
  const raw = new pg.Client({ connectionString: dbUrl });
  try {
    await migrate(db);
    const { app, deps } = await buildApp({ config: config(dataDir), db });
    await app.ready();
    const { user, token, company, entry } = await benchEnterprise(db, deps, '13800009997', 'Bench stats');
    await raw.connect();
    await seedStores(raw, company.companyId, user.id, SHOPS, SHOPS * 2);
    const t0 = process.hrtime.bigint();
    // visits spread over the devices, the last DAYS local days (today included) and opening hours 9–21
    for (let off = 0; off < VISITS; off += CHUNK) {
      await raw.query(
        `with d as (select array_agg(id order by id) as ids, array_agg(shop_id order by id) as shops, count(*)::int as n from devices where enterprise_id = $1)
         insert into visit_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, gender, age_band, action, dwell_ms)
         select $1, d.ids[1 + g % d.n], d.shops[1 + g % d.n], gen_random_uuid(), t, t::date, extract(hour from t)::smallint,
                floor(random() * 3)::int, floor(random() * 5)::int, (array['pass','watch','interact','enter'])[1 + floor(random() * 4)::int], 1000 + g % 30000
           from generate_series($2::int, $3::int) g, d,
                lateral (select date_trunc('day', now()) - floor(random() * $4) * interval '1 day' + (9 + floor(random() * 13)) * interval '1 hour'
                                + (g % 3600) * interval '1 second' as t) tt`,
        [company.companyId, off + 1, Math.min(VISITS, off + CHUNK), DAYS],
      );
      process.stdout.write(`\rinserted ${Math.min(VISITS, off + CHUNK).toLocaleString('en')} visits`);
    }
    process.stdout.write('\n');
    await raw.query('analyze visit_events');
    const seedMs = ms(t0);
    const t1 = process.hrtime.bigint();
    const folded = await rollupAll(db, 0);
    const foldMs = ms(t1);
    await raw.query('analyze visit_rollup_daily');
    const to = new Date();
    const from = new Date(to.getTime() - (DAYS - 1) * 86_400_000);
    const prev = new Date(from.getTime() - DAYS * 86_400_000);
    const body = JSON.stringify({ from: day(from), to: day(to), group: 'day' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const headers = {
      appid: 'pc',
      at: token,
      id: String(user.id),
      enCode: company.companyCode,
      roleCode: entry.role_node,
      'content-type': 'application/json',
    };
    type Answer = {
      summary: { visits: number; male_num: number };
      previous: { visits: number };
      series: { t: string; visits: number }[];
      byShop: { shopId: number; visits: number }[];
      heat: { visits: number }[];
    };
    const viaApp = async (): Promise<Answer> => {
      const res = await fetch(`${address}/api/stats/pa`, { method: 'POST', headers, body });
      const json = (await res.json()) as { ret: number; result: Answer };
      if (json.ret !== 0) throw new Error(JSON.stringify(json));
      return json.result;
    };
    const S = `sum(visits)::int as visits, sum(male)::int as male, sum(female)::int as female, sum(unknown)::int as unknown,
      sum(age0)::int as age0, sum(age1)::int as age1, sum(age2)::int as age2, sum(age3)::int as age3, sum(age4)::int as age4,
      sum(act0)::int as act0, sum(act1)::int as act1, sum(act2)::int as act2, sum(act3)::int as act3, sum(act4)::int as act4, sum(dwell)::float8 as dwell`;
    const rawSql = `with v as materialized (
        select e.shop_id, e.local_day, e.local_hour, ${VISIT_AGGREGATES.replace(/\n/g, ' ')}
          from visit_events e where e.enterprise_id = $1 and e.local_day between $2::date and $4::date group by 1, 2, 3),
      w (shop_id, local_day, local_hour, visits, male, female, unknown, age0, age1, age2, age3, age4, act0, act1, act2, act3, act4, dwell) as (select * from v)
      select
        (select row_to_json(x) from (select ${S} from w where local_day >= $3::date) x) as summary,
        (select row_to_json(x) from (select ${S} from w where local_day < $3::date) x) as previous,
        (select json_agg(x order by x.t) from (select to_char(local_day, 'YYYY-MM-DD') as t, ${S} from w where local_day >= $3::date group by 1) x) as series,
        (select json_agg(x order by x.visits desc, x.shop_id) from (
           select w.shop_id, s.name, ${S.replace(/sum\((\w+)\)/g, 'sum(w.$1)')} from w join shops s on s.id = w.shop_id
            where local_day >= $3::date group by 1, 2) x) as by_shop,
        (select json_agg(x order by x.weekday, x.hour) from (
           select extract(dow from local_day)::int as weekday, local_hour::int as hour, sum(visits)::int as visits from w
            where local_day >= $3::date group by 1, 2) x) as heat`;
    type RawAnswer = {
      summary: { visits: number };
      previous: { visits: number } | null;
      series: { visits: number }[];
      by_shop: { shop_id: number; visits: number }[];
      heat: { visits: number }[];
    };
    const viaRaw = async (): Promise<RawAnswer> =>
      (await raw.query(rawSql, [company.companyId, day(prev), day(from), day(to)])).rows[0] as RawAnswer;
    const [a, b] = [await viaApp(), await viaRaw()];
    const same =
      a.summary.visits === b.summary.visits &&
      a.summary.visits === VISITS &&
      a.series.length === b.series.length &&
      a.series.every((x, i) => x.visits === b.series[i].visits) &&
      a.byShop.length === b.by_shop.length &&
      a.byShop.every((x, i) => x.visits === b.by_shop[i].visits) &&
      a.heat.length === b.heat.length &&
      a.heat.every((x, i) => x.visits === b.heat[i].visits);
    if (!same) throw new Error(`the server's answer differs from raw: ${a.summary.visits} vs ${b.summary.visits}`);
    const appT: number[] = [];
    const rawT: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? [true, false] : [false, true];
      for (const useApp of order) {
        const x = process.hrtime.bigint();
        if (useApp) await viaApp();
        else await viaRaw();
        (useApp ? appT : rawT).push(ms(x));
      }
      process.stdout.write(`\rround ${i + 1}/${ROUNDS}`);
    }
    process.stdout.write('\n');
    const [{ rows: dailyRows }] = [await raw.query<{ n: number }>('select count(*)::int as n from visit_rollup_daily')];
    const ratio = median(rawT) / median(appT);
    const load = (await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ');
    const section = [
      `Run ${day(new Date())}, PostgreSQL, load average ${load} at the end: ${VISITS.toLocaleString('en')} ` +
        `visits over ${DAYS} days, ${SHOPS} shops with ${SHOPS * 2} screens (inserted in ` +
        `${(seedMs / 1000).toFixed(0)} s; folded into rollups in ${(foldMs / 1000).toFixed(0)} s, ` +
        `${folded.toLocaleString('en')} events → ${dailyRows[0].n.toLocaleString('en')} daily rows), ` +
        `${ROUNDS} alternating rounds.`,
      '',
      '| read (30 days and the 30 before, whole enterprise; summary, previous period, series by day, shops, heatmap) | median | ratio raw ÷ server | goal |',
      '|---|---|---|---|',
      `| stats/pa through the server over HTTP (daily rollups + raw tail) | ${median(appT).toFixed(1)} ms ` +
        `| **${ratio.toFixed(1)}×** | ≤ 100 ms ${median(appT) <= 100 ? '✓' : '✗'}, ≥ 10× ` +
        `${ratio >= 10 ? '✓' : '✗'} |`,
      `| the same answer by one raw GROUP BY over visit_events | ${median(rawT).toFixed(1)} ms | | |`,
    ].join('\n');
    console.log(section);
    writeReadmeSection(
      'stats',
      section,
      '## Visitor statistics (bench/stats.ts, PostgreSQL)\n\n' +
        '`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/stats.ts` ' +
        '(knobs `BENCH_VISITS`, `BENCH_ROUNDS`).\n' +
        'Rollups (docs/decisions/0080) against aggregating the raw events; see the header of the script.',
    );
    await app.close();
  } finally {
    await raw.end().catch(() => undefined);
    await db.close();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
