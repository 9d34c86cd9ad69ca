/**
 * Export bench (issue 11): stats/export of BENCH_EXPORT_ROWS (default 1,000,000) sales lines as CSV
 * streams with flat server memory. The lines (500 shops, 200 products, 30 days) are inserted by SQL;
 * the real server runs in a process of its own (so its RSS is its alone) on the same PostgreSQL
 * database; the bench downloads GET /api/stats/export?kind=sales over HTTP, counting lines, while it
 * samples the server's VmRSS every 20 ms. Baseline in the same run: `COPY (the export's rows) TO
 * STDOUT` of the same lines through pg (pg-copy-streams), the fastest a raw dump goes.
 * Before each measured export the server has served a one-day export (warm) and run a full GC.
 * Reported: rows, server RSS before / peak / growth (goal growth ≤ 50 MB), time and rows/s against COPY.
 * Needs DATABASE_URL (creates and drops vitrine_bench_export_<pid>). Run: npx tsx bench/export.ts
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { buildApp } from '../packages/server/src/app.js';
import { openPg } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { benchEnterprise } from './enterprise.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import { seedStores } from './stores-seed.js';
import { benchConfig as config, median, ms } from './config.js';

const ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 1_000_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const day = (d: Date) => d.toISOString().slice(0, 10);
const rssKiB = (pid: number | string) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** The server process: the real app on the bench database, its port sent to the parent. */
async function serve(dbUrl: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-export-'));
  const db = await openPg(dbUrl, 4);
  const { app } = await buildApp({ config: config(dataDir), db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const addr = app.server.address();
  (globalThis as { gc?: () => void }).gc?.();
  if (process.env.BENCH_TRACE)
    setInterval(() => {
      const m = process.memoryUsage();
      console.error(
        `rss ${m.rss >> 20} heap ${m.heapUsed >> 20}/${m.heapTotal >> 20} ext ${m.external >> 20} ab ${m.arrayBuffers >> 20}`,
      );
    }, 500).unref();
  process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on('message', (m) => {
    if (m === 'gc') {
      (globalThis as { gc?: () => void }).gc?.();
      process.send?.('gc-done');
    }
  });
  process.on(
    'disconnect',
    () =>
      void app
        .close()
        .then(() => db.close())
        .finally(() => {
          rmSync(dataDir, { recursive: true, force: true });
          process.exit(0);
        }),
  );
}

async function main() {
  const scratch = await scratchDatabase('export');
  const dbUrl = scratch.url;
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-export-'));
  const db = await openPg(dbUrl, 4);
  const raw = new pg.Client({ connectionString: dbUrl });
  let child: ReturnType<typeof fork> | undefined;
  try {
    await migrate(db);
    const { app, deps } = await buildApp({ config: config(dataDir), db });
    await app.ready();
    const { user, token, company, entry } = await benchEnterprise(db, deps, '13800009996', 'Bench export');
    await app.close();
    await raw.connect();
    await seedStores(raw, company.companyId, user.id, 500, 0);
    await raw.query(
      `insert into commodities (enterprise_id, author_id, status, live_version, online, name, code, category, price)
       select $1, $2, 103, 1, 302, '商品' || g, 'P' || g, '类' || (g % 8), 1000 + g from generate_series(1, 200) g`,
      [company.companyId, user.id],
    );
    const t0 = process.hrtime.bigint();
    await raw.query(
      `with s as (select array_agg(id order by id) as ids from shops where enterprise_id = $1),
            c as (select array_agg(id order by id) as ids from commodities where enterprise_id = $1)
       insert into sale_lines (enterprise_id, line_id, shop_id, commodity_id, quantity, amount, sold_at, local_day, local_hour)
       select $1, 'L' || g, s.ids[1 + g % 500], c.ids[1 + (g / 500) % 200], 1 + g % 3, 990 + g % 5000, t, t::date, extract(hour from t)::smallint
         from generate_series(1, $2::int) g, s, c,
              lateral (select date_trunc('day', now()) - (g % 30) * interval '1 day' + interval '9 hours' + (g % 43200) * interval '1 second' as t) tt`,
      [company.companyId, ROWS],
    );
    await raw.query('analyze sale_lines');
    const seedMs = ms(t0);

    child = fork(import.meta.filename, ['serve', dbUrl], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const { port } = await new Promise<{ port: number }>((res) =>
      child!.once('message', (m) => res(m as { port: number })),
    );
    const pid = child.pid!;
    const to = new Date();
    const from = new Date(to.getTime() - 29 * 86_400_000);
    const qs = new URLSearchParams({ kind: 'sales', from: day(from), to: day(to) });
    const headers = {
      appid: 'pc',
      at: token,
      id: String(user.id),
      enCode: company.companyCode,
      roleCode: entry.role_node,
    };

    const collect = () =>
      new Promise<void>((res) => {
        child!.once('message', () => res());
        child!.send('gc');
      });
    // warm-up: one day's export (code paths compiled, pools filled), then a full collection before each run
    const warm = await fetch(
      `http://127.0.0.1:${port}/api/stats/export?${new URLSearchParams({ kind: 'sales', from: day(to), to: day(to) })}`,
      { headers },
    );
    await warm.arrayBuffer();
    const viaServer = async () => {
      await collect();
      const before = rssKiB(pid);
      let peak = before;
      const timer = setInterval(() => {
        peak = Math.max(peak, rssKiB(pid));
      }, 20);
      const x = process.hrtime.bigint();
      const res = await fetch(`http://127.0.0.1:${port}/api/stats/export?${qs}`, { headers });
      if (res.status !== 200 || !res.body) throw new Error(`export: HTTP ${res.status} ${await res.text()}`);
      let lines = 0;
      let bytes = 0;
      const quarters: number[] = [];
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        bytes += chunk.length;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
        if (lines >= ((quarters.length + 1) * ROWS) / 4) quarters.push(rssKiB(pid));
      }
      const took = ms(x);
      clearInterval(timer);
      peak = Math.max(peak, rssKiB(pid));
      if (lines - 1 !== ROWS) throw new Error(`export: ${lines - 1} rows, expected ${ROWS}`);
      return { took, before, peak, bytes, quarters };
    };
    const exportSql = `select to_char(l.sold_at at time zone e.time_zone, 'YYYY-MM-DD HH24:MI:SS') as t, l.line_id,
                   s.code as shop_code, s.name as shop, c.code, c.name as product,
                   coalesce(m.name, '') as employee, l.quantity, l.amount
              from sale_lines l join enterprises e on e.id = l.enterprise_id join shops s on s.enterprise_id = l.enterprise_id and s.id = l.shop_id
              join commodities c on c.enterprise_id = l.enterprise_id and c.id = l.commodity_id
              left join employees m on m.enterprise_id = l.enterprise_id and m.id = l.employee_id
             where l.enterprise_id = ${company.companyId} and l.local_day between '${day(from)}'::date and '${day(to)}'::date order by l.sold_at, l.id`;
    const viaCopy = async () => {
      const x = process.hrtime.bigint();
      const stream = raw.query(copyTo(`copy (${exportSql}) to stdout with (format csv)`));
      let lines = 0;
      for await (const chunk of stream as AsyncIterable<Buffer>)
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      if (lines !== ROWS) throw new Error(`copy: ${lines} rows`);
      return ms(x);
    };
    const runs: Awaited<ReturnType<typeof viaServer>>[] = [];
    const copies: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        runs.push(await viaServer());
        copies.push(await viaCopy());
      } else {
        copies.push(await viaCopy());
        runs.push(await viaServer());
      }
      process.stdout.write(`\rround ${i + 1}/${ROUNDS}`);
    }
    process.stdout.write('\n');
    const MiB = (kib: number) => (kib / 1024).toFixed(0);
    const growth = Math.max(...runs.map((r) => r.peak - r.before));
    const serverMs = median(runs.map((r) => r.took));
    const copyMs = median(copies);
    const section = [
      `Run ${day(new Date())}, PostgreSQL, load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' / ')} at the end: ${ROWS.toLocaleString('en')} sales lines ` +
        `(inserted in ${(seedMs / 1000).toFixed(0)} s), ${ROUNDS} alternating rounds, ` +
        `${(runs[0].bytes / 1048576).toFixed(0)} MiB of CSV each.`,
      '',
      '| what | median | rows/s | server RSS before → peak (MiB); at ¼ ½ ¾ 1 of the rows | growth (goal ≤ 50 MB) |',
      '|---|---|---|---|---|',
      `| GET stats/export?kind=sales through the server (lines written by PostgreSQL, streamed by COPY as ` +
        `bytes, backpressure) | ${(serverMs / 1000).toFixed(1)} s | ` +
        `${Math.round(ROWS / (serverMs / 1000)).toLocaleString('en')} | ` +
        `${runs.map((r) => `${MiB(r.before)} → ${MiB(r.peak)}; ${r.quarters.map(MiB).join(' ')}`).join(' · ')} ` +
        `| **${MiB(growth)} MiB** ${growth / 1024 <= 50 ? '✓' : '✗'} |`,
      `| COPY (the same rows) TO STDOUT through pg | ${(copyMs / 1000).toFixed(1)} s | ` +
        `${Math.round(ROWS / (copyMs / 1000)).toLocaleString('en')} (server ÷ COPY ` +
        `${(copyMs / serverMs).toFixed(2)}×) | | |`,
    ].join('\n');
    console.log(section);
    writeReadmeSection(
      'export',
      section,
      '## Export (bench/export.ts, PostgreSQL)\n\n' +
        '`DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/export.ts` ' +
        '(knobs `BENCH_EXPORT_ROWS`, `BENCH_ROUNDS`); see the header of the script.',
    );
  } finally {
    child?.disconnect();
    await raw.end().catch(() => undefined);
    await db.close();
    await new Promise((r) => setTimeout(r, 500));
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'serve') await serve(process.argv[3]);
else await main();
