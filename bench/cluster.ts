/**
 * Cluster throughput bench (issue 27 §4), PostgreSQL (needs DATABASE_URL; creates and drops
 * vitrine_bench_cluster_<pid>). Run: DATABASE_URL=… npx tsx bench/cluster.ts
 *
 * Three server instances (the built server, `scripts/cluster-lib.mjs`, as `npm run cluster` starts
 * them) on one PostgreSQL and one shared DATA_DIR, and three HAProxy frontends in front of them: one
 * balancing over instance 1 only, one over 1–2, one over 1–3. The device-API mix (heartbeats, plays
 * and visits batches, each request a different screen, every event new) goes through each frontend
 * in alternating rounds of the same run; reported: median req/s and events/s per N, ratio vs N = 1,
 * and the CPU (% of one core) of the instances, PostgreSQL's backends, HAProxy and the load
 * generator during the rounds, with the machine's busy share — where the bottleneck is.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { httpRequest, median, runLoad, type LoadResult } from './load.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import { seedFleet } from './fleet.js';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
/** Events in each plays or visits request (a screen's buffer of a minute or so). */
const BATCH = Number(process.env.BENCH_BATCH ?? 20);
/** Requests prebuilt per round (every event id new): more than a round can send. */
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 30_000);
const NS = [1, 2, 3];
/** `1`: the instances reach PostgreSQL through PgBouncer in transaction mode (pool 20); its own section of the README. */
const PGBOUNCER = process.env.BENCH_PGBOUNCER === '1';
const token = (id: number) => `bench-cluster-token-${id}`;

type Instance = { name: string; port: number; child: ChildProcess };
type Cluster = { url: string; dir: string; instances: Instance[]; stop(): Promise<void> };
type ClusterLib = {
  startCluster(o: {
    instances: number;
    databaseUrl: string;
    pgbouncer?: boolean;
    quiet?: boolean;
    env?: Record<string, string>;
  }): Promise<Cluster>;
  haproxyConfig(o: { port: number; servers: { name: string; port: number }[] }): string;
  freePort(): Promise<number>;
  which(name: string): string | undefined;
};
// plain ES modules of scripts/ (no types): imported by a computed specifier and typed here
const importJs = (p: string) => import(join(import.meta.dirname, '..', 'scripts', p)) as Promise<unknown>;

// ---------------------------------------------------------------- CPU meters (Linux /proc)

const TICK_US = 10_000; // USER_HZ 100
function ticks(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return NaN;
  }
}
/** Busy and total jiffies of the whole machine. */
function machine(): { busy: number; total: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const total = f.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - f[3] - f[4], total };
}
/** % of one core, except machine: % of all cores busy; other: what the rest of the machine's work took, % of one core. */
type Cpu = { servers: number; pg: number; haproxy: number; bench: number; machine: number; other: number };

// ---------------------------------------------------------------- setup

const setup = (admin: pg.Client) =>
  seedFleet(admin, { code: 'BENCHCLU', phone: '19900000002', screens: SCREENS, tokenPrefix: 'bench-cluster-token-' });

/**
 * One round's requests: of every 10, 8 heartbeats, 1 plays batch and 1 visits batch (a screen
 * beats every minute and sends its buffered events about as often), each from the next screen.
 */
function mix(port: number, ids: number[]): Buffer[] {
  const now = Math.floor(Date.now() / 1000);
  const json = { 'content-type': 'application/json' };
  return Array.from({ length: PER_ROUND }, (_, i) => {
    const dt = token(ids[i % ids.length]);
    const k = i % 10;
    if (k === 4) {
      const events = Array.from({ length: BATCH }, (_, j) => ({
        eventId: randomUUID(),
        contentId: 1,
        planId: 0,
        start: now - j * 15,
        durationMs: 15_000,
      }));
      return httpRequest(port, '/device-api/plays', { dt, ...json }, JSON.stringify({ events }));
    }
    if (k === 9) {
      const events = Array.from({ length: BATCH }, (_, j) => ({
        eventId: randomUUID(),
        time: now - j,
        gender: j % 3,
        ageBand: j % 5,
        action: 'watch',
        dwellMs: 3000,
      }));
      return httpRequest(port, '/device-api/visits', { dt, ...json }, JSON.stringify({ events }));
    }
    return httpRequest(
      port,
      '/device-api/heartbeat',
      { dt, ...json },
      JSON.stringify({ appVersion: '1.0.0', freeStorageMb: 4096 }),
    );
  });
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const table = (head: string[], rows: string[][]) =>
  [head, head.map((_, i) => (i ? '---:' : '---')), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');

async function waitReady(url: string, ms: number) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`${url} not ready after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ---------------------------------------------------------------- main

async function main() {
  const lib = (await importJs('cluster-lib.mjs')) as ClusterLib;
  const { buildServerIfNeeded } = (await importJs('build-server.mjs')) as { buildServerIfNeeded(): Promise<void> };
  const haproxy = lib.which('haproxy');
  if (!haproxy) throw new Error('bench/cluster.ts needs haproxy: sudo apt-get install -y haproxy');
  await buildServerIfNeeded();
  const t0 = performance.now();
  const load = loadavg();
  const scratch = await scratchDatabase('cluster');
  let cluster: Cluster | undefined;
  const proxies: ChildProcess[] = [];
  let admin: pg.Client | undefined;
  try {
    cluster = await lib.startCluster({
      instances: 3,
      databaseUrl: scratch.url,
      pgbouncer: PGBOUNCER,
      quiet: true,
      // what production runs (no demo, no simulator, no log lines, no result checks), the per-device call limit out of the way
      env: { DEMO: '0', SIMULATE: '0', LOG: '0', CHECK_RESULTS: '0', DEVICE_CALLS_PER_MINUTE: '1000000000' },
    });
    const db = new pg.Client({ connectionString: scratch.url });
    admin = db;
    // the drop below ends it by force when the run failed: that is no second failure
    db.on('error', () => {});
    await db.connect();
    console.log(`Setting up ${fmt(SCREENS)} activated screens…`);
    await setup(db);
    const ids = (await db.query<{ id: number }>('select id from devices order by id')).rows.map((r) => r.id);
    // a frontend per N: the first N instances behind it
    const fronts: { n: number; port: number; rounds: LoadResult[]; cpu: Cpu[] }[] = [];
    for (const n of NS) {
      const port = await lib.freePort();
      const cfg = join(cluster.dir, `haproxy-${n}.cfg`);
      writeFileSync(cfg, lib.haproxyConfig({ port, servers: cluster.instances.slice(0, n) }));
      proxies.push(spawn(haproxy, ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] }));
      await waitReady(`http://127.0.0.1:${port}/readyz`, 15_000);
      fronts.push({ n, port, rounds: [], cpu: [] });
    }
    const pgPids = async () =>
      (
        await db.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
        )
      ).rows.map((r) => r.pid);
    const round = async (f: (typeof fronts)[number], seconds: number, measure: boolean) => {
      const requests = mix(f.port, ids);
      const pids = await pgPids();
      const [s0, p0, h0, m0, b0, w0] = [
        cluster!.instances.map((i) => ticks(i.child.pid)),
        pids.map(ticks),
        ticks(proxies[f.n - 1].pid),
        machine(),
        process.cpuUsage(),
        performance.now(),
      ];
      const r = await runLoad({
        port: f.port,
        requests,
        connections: CONNECTIONS,
        maxRequests: PER_ROUND,
        maxSeconds: seconds,
      });
      const wall = (performance.now() - w0) * 1000; // µs
      const m1 = machine();
      const b = process.cpuUsage(b0);
      const sum = (xs: number[]) => xs.reduce((a, x) => a + (Number.isFinite(x) ? x : 0), 0);
      const cpu: Cpu = {
        servers: (sum(cluster!.instances.map((i, k) => ticks(i.child.pid) - s0[k])) * TICK_US * 100) / wall,
        pg: (sum(pids.map((p, k) => ticks(p) - p0[k])) * TICK_US * 100) / wall,
        haproxy: ((ticks(proxies[f.n - 1].pid) - h0) * TICK_US * 100) / wall,
        bench: ((b.user + b.system) * 100) / wall,
        machine: ((m1.busy - m0.busy) * 100) / (m1.total - m0.total),
        other: 0,
      };
      cpu.other = Math.max(0, cpu.machine * cpus().length - cpu.servers - cpu.pg - cpu.haproxy - cpu.bench);
      if (r.non200 > 0 || (JSON.parse(r.firstBody) as { ret: number }).ret !== 0)
        throw new Error(`N=${f.n}: ${r.non200} non-200; ${r.firstBody}`);
      if (measure) {
        f.rounds.push(r);
        f.cpu.push(cpu);
      }
      console.log(
        `N=${f.n}${measure ? '' : ' (warm-up)'}: ${fmt(r.rps)} req/s; CPU % of a core — instances ` +
          `${fmt(cpu.servers)}, PostgreSQL ${fmt(cpu.pg)}, HAProxy ${fmt(cpu.haproxy)}, generator ` +
          `${fmt(cpu.bench)}; machine busy ${fmt(cpu.machine)} %, other work ${fmt(cpu.other)}`,
      );
    };
    for (const f of fronts) await round(f, 1.5, false);
    for (let k = 0; k < ROUNDS; k++)
      for (const f of k % 2 ? [...fronts].reverse() : fronts) await round(f, SECONDS, true);

    // what reached the database (the plays' and visits' events of the measured and warm-up rounds)
    const stored = (
      await db.query<{ n: string }>(
        'select (select count(*) from play_events) + (select count(*) from visit_events) as n',
      )
    ).rows[0].n;

    const base = median(fronts[0].rounds.map((r) => r.rps));
    const cpuMed = (f: (typeof fronts)[number], k: keyof Cpu) => fmt(median(f.cpu.map((c) => c[k])));
    // CPU per request (µs): the % of a core over the round's req/s, median over the rounds
    const perReq = (f: (typeof fronts)[number], k: 'servers' | 'pg') =>
      median(f.cpu.map((c, i) => (c[k] * 10_000) / f.rounds[i].rps));
    const rows = fronts.map((f) => {
      const rps = median(f.rounds.map((r) => r.rps));
      const per = f.rounds.map((r) => r.rps);
      return [
        `${f.n}`,
        fmt(rps),
        `${fmt(Math.min(...per))}–${fmt(Math.max(...per))}`,
        fmt((rps * 2 * BATCH) / 10),
        f.n === 1 ? '1.00 (baseline)' : `**${fmt(rps / base, 2)}**`,
        cpuMed(f, 'servers'),
        cpuMed(f, 'pg'),
        `${fmt(perReq(f, 'servers'))} / ${fmt(perReq(f, 'pg'))}`,
        cpuMed(f, 'haproxy'),
        cpuMed(f, 'bench'),
        cpuMed(f, 'other'),
        `${cpuMed(f, 'machine')} %`,
      ];
    });
    const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const through = PGBOUNCER ? ', through PgBouncer (transaction mode, pool 20)' : '';
    const cpuModel = `${cpus().length} × ${cpus()[0]?.model.split(' ').slice(0, 2).join(' ')}`;
    const header = [
      'N instances',
      'median req/s',
      'range',
      'events/s',
      'ratio vs N = 1',
      'CPU instances',
      'CPU PostgreSQL',
      'µs CPU per request: instances / PostgreSQL',
      'CPU HAProxy',
      'CPU generator',
      'CPU other work',
      'machine busy',
    ];
    const cpuNote =
      "CPU columns: % of one core, median over the rounds (instances summed; PostgreSQL = this database's client " +
      "backends; other work = the machine's busy time not ours: the other sessions sharing it).";
    const section = `Run of ${when} UTC${through} — Node ${process.version}, ${cpuModel}, PostgreSQL;
load average ${load.map((x) => x.toFixed(1)).join(' / ')} at start; ${fmt((performance.now() - t0) / 1000)} s in all. ${fmt(SCREENS)} activated screens;
${ROUNDS} alternating rounds of ${SECONDS} s per N after a warm-up round each, ${CONNECTIONS} connections; of every 10 requests 8 heartbeats,
1 plays and 1 visits batch of ${BATCH} new events; ${fmt(Number(stored))} events stored in all.

${table(header, rows)}

${cpuNote}`;
    console.log(`\n${section}\n`);
    if (PGBOUNCER)
      writeReadmeSection(
        'cluster-pgbouncer',
        section,
        `### The same through PgBouncer

\`BENCH_PGBOUNCER=1\`: the instances' pools (10 each) go through PgBouncer in transaction mode
(\`default_pool_size\` 20), so PostgreSQL sees at most 20 backends instead of 10 × N; PgBouncer's own
CPU falls in "other work".`,
      );
    else
      writeReadmeSection(
        'cluster',
        section,
        `## Several instances (\`bench/cluster.ts\`, PostgreSQL, HAProxy)

\`\`\`sh
DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/cluster.ts
\`\`\`

Three built server instances on one PostgreSQL (started as \`npm run cluster\` starts them:
\`scripts/cluster-lib.mjs\`, pool of 10 each, no demo, logs off) and three HAProxy frontends: over
instance 1, over 1–2, over 1–3 (leastconn). The device-API mix goes through each frontend in turn,
alternating rounds of one run; the ratio is median req/s ÷ N = 1's. The CPU columns, read from
\`/proc\`, say where the time went. Knobs: \`BENCH_SCREENS\` (10,000), \`BENCH_ROUNDS\` (5),
\`BENCH_SECONDS\` (3), \`BENCH_CONNECTIONS\` (32), \`BENCH_BATCH\` (20).`,
      );
  } finally {
    await admin?.end().catch(() => {});
    await Promise.all(
      proxies.map(
        (p) =>
          new Promise<void>((r) => {
            if (p.exitCode !== null || p.signalCode !== null) return r();
            p.once('exit', () => r());
            p.kill('SIGTERM');
          }),
      ),
    );
    await cluster?.stop();
    await scratch.drop();
  }
}

await main();
