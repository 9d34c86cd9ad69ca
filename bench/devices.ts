/**
 * Device-loop bench (issue 10), PostgreSQL (needs DATABASE_URL; creates and drops
 * vitrine_bench_dev_<pid>). Run: DATABASE_URL=… npx tsx bench/devices.ts
 *
 * 1. Heartbeats through the real server (a child process: buildApp, the device API, the batched
 *    device_heartbeat lookup) with batched presence (the in-memory map; flushed after each round, and every 5 s during the paced run) vs the
 *    same server whose presence writes one upsert per heartbeat (naive), in alternating rounds over
 *    100,000 devices: closed-loop throughput (ratio of medians, goal ≥ 1.5) and latency under a
 *    paced 2,000 heartbeats/s (100,000 devices at 60 s; goal p99 ≤ 50 ms).
 * 2. Visit ingest: `POST /device-api/visits` batches of 500 vs COPY of the same rows into
 *    visit_events (pg-copy-streams), same batch size and concurrency, each side's input made before its
 *    clock starts; rows/s ratio (goal ≥ 0.8) and the CPU per row of each process. Warm-up rounds of
 *    each side first, autovacuum off on the partitions, a checkpoint before each side's round
 *    (docs/decisions/0119).
 * 3. Memory: the server's RSS before and after heartbeats from all 100,000 devices held in the
 *    presence map (flush interval longer than the run: the worst case).
 */
import { fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { buildApp } from '../packages/server/src/app.js';
import { openPg } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import { DEVICE_API_PREFIX } from '@vitrine/contract';
import { DEVICE_LOOP_DEFAULTS } from '../packages/server/src/device-api/config.js';
import { httpRequest, median, quantile, runLoad, type LoadResult } from './load.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import type { Config } from '../packages/server/src/config.js';
import { seedFleet } from './fleet.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RATE = Number(process.env.BENCH_RATE ?? 2000);
/** Timed seconds of each paced run (after one untimed second): three of the batched server's production flushes (every 5 s) fall inside. */
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 15);
const VISIT_BATCHES = Number(process.env.BENCH_VISIT_BATCHES ?? 100);
const VISIT_ROUNDS = Number(process.env.BENCH_VISIT_ROUNDS ?? 15);
/**
 * Unmeasured rounds of each side first: the server's hot path compiled before the clock (a run of 15 rounds
 * after one spent ~14 % of the server's CPU in the JIT).
 */
const VISIT_WARMUP = Number(process.env.BENCH_VISIT_WARMUP ?? 3);
/** `visits`: the visit ingest alone (no heartbeats, no memory figure; bench/README.md is left as it is). */
const ONLY_VISITS = process.env.BENCH_PARTS === 'visits';
/** `heartbeats`: the heartbeats alone (figures printed, bench/README.md left as it is). */
const ONLY_HEARTBEATS = process.env.BENCH_PARTS === 'heartbeats';
/** A directory: the server child runs under `node --cpu-prof` and writes its profile there on exit. */
const CPU_PROF = process.env.BENCH_CPU_PROF;
const token = (id: number) => `bench-device-token-${id}`;

type Msg = { cmd: 'rss' } | { cmd: 'flush' } | { cmd: 'close' } | { cmd: 'lat' } | { cmd: 'timer'; on: boolean };
/** `lat` starts a recording, the next `lat` ends it: the batched app's time per request (onRequest → onResponse) and the server's event-loop delay, ms. */
type Lat = { handleP50: number; handleP99: number; loopP99: number; loopMax: number };
type Reply = { rssMiB: number; presence: number; lat?: Lat };

// ---------------------------------------------------------------- the server process

async function serve(url: string) {
  const db = await openPg(url, 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-dev-'));
  const ports: number[] = [];
  const apps: Awaited<ReturnType<typeof buildApp>>[] = [];
  // where a paced request's time went: in the batched app's handling, or waiting for the server's event loop
  const handled: number[] = [];
  let recording = false;
  for (const naive of [false, true]) {
    // no timers: the batched server's map holds every device heard from (the memory figure) and is
    // flushed on request after each round, so its writes are part of its measured cost
    const config: Config = {
      port: 0,
      host: '127.0.0.1',
      dataDir,
      production: false,
      demo: false,
      autoApprove: false,
      secret: 'bench-secret',
      apiBase: '/api',
      tokenIdleSeconds: 3600,
      tokenMaxSeconds: 86400,
      hashConcurrency: 2,
      logger: false,
      dbAppRole: 'vitrine_app',
      dbPool: 10,
      authCacheMs: 5000,
      jobs: false,
      limits: { authPerMinute: 1e9, smsPerMinute: 10, smsPerIpDay: 50, smsPerPhoneDay: 10 },
      deviceLoop: { timers: false, callsPerMinute: 1e9 },
    };
    const built = await buildApp({ config, db });
    const { app, deps } = built;
    // the naive variant: every heartbeat upserts its device's presence row (one statement each) before it is answered
    if (naive)
      app.addHook('onSend', async (req, _reply, payload) => {
        if (req.routeOptions.url === `${DEVICE_API_PREFIX}/heartbeat`) await deps.device.presence.flush();
        return payload;
      });
    else app.addHook('onResponse', async (_req, reply) => void (recording && handled.push(reply.elapsedTime)));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const addr = app.server.address();
    ports.push(typeof addr === 'object' && addr ? addr.port : 0);
    apps.push(built);
  }
  const loop = monitorEventLoopDelay({ resolution: 1 });
  process.send?.({ ports });
  process.on('message', async (m: Msg) => {
    if (m.cmd === 'lat') {
      const lat = recording
        ? {
            handleP50: median(handled),
            handleP99: quantile(handled, 0.99),
            loopP99: loop.percentile(99) / 1e6,
            loopMax: loop.max / 1e6,
          }
        : undefined;
      recording = !recording;
      handled.length = 0;
      loop.reset();
      if (recording) loop.enable();
      else loop.disable();
      process.send?.({ rssMiB: NaN, presence: 0, lat } satisfies Reply);
      return;
    }
    if (m.cmd === 'flush') await apps[0].deps.device.presence.flush();
    // the production flush timer (every DEVICE_LOOP_DEFAULTS.flushMs) while the paced run lasts; off: stopped, with a last flush
    if (m.cmd === 'timer') {
      if (m.on)
        apps[0].deps.device.presence.start(DEVICE_LOOP_DEFAULTS.flushMs, (err) =>
          console.error('bench: presence flush failed', err),
        );
      else await apps[0].deps.device.presence.stop();
      // no forced collection here (the other commands' memory reading): it would shrink the young
      // generation right before the paced run, which then pays for growing it back
      process.send?.({ rssMiB: NaN, presence: apps[0].deps.device.presence.size } satisfies Reply);
      return;
    }
    if (m.cmd === 'close') {
      for (const a of apps) await a.app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
    global.gc?.();
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;
    process.send?.({ rssMiB: rss, presence: apps[0].deps.device.presence.size } satisfies Reply);
  });
}

// ---------------------------------------------------------------- setup

const setup = (admin: pg.Client) =>
  seedFleet(admin, { code: 'BENCHDEV', phone: '19900000000', screens: DEVICES, tokenPrefix: 'bench-device-token-' });

// ---------------------------------------------------------------- report helpers

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });
const table = (head: string[], rows: string[][]) =>
  [head, head.map((_, i) => (i ? '---:' : '---')), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');

function assertOk(name: string, r: LoadResult) {
  if (r.non200 > 0 || (JSON.parse(r.firstBody) as { ret: number }).ret !== 0)
    throw new Error(`${name}: ${r.non200} non-200; ${r.firstBody}`);
}

/**
 * CPU used per row while a side loads (µs): the server process, the database's client backends (not autovacuum,
 * whose work would land on whichever side it overlaps), this process.
 */
type CpuPerRow = { server: number; pg: number; bench: number };

/** Clock ticks of a process from /proc (Linux, same machine; undefined when unreadable). */
function ticks(pid: number | undefined): number | undefined {
  if (!pid) return undefined;
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return undefined;
  }
}
const TICK_US = 10_000; // USER_HZ 100

function cpuMeter(admin: pg.Client, serverPid: number | undefined) {
  return {
    async start() {
      const pids = (
        await admin.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = current_database() and backend_type = 'client backend' and pid <> pg_backend_pid()",
        )
      ).rows.map((r) => r.pid);
      const pg0 = pids.map(ticks);
      const s0 = ticks(serverPid);
      const b0 = process.cpuUsage();
      return {
        stop(rows: number): CpuPerRow {
          const b = process.cpuUsage(b0);
          // a backend the pool closed meanwhile (idle) is left out: its last ticks can no longer be read
          const pgTicks = pids.reduce((a, p, i) => a + ((ticks(p) ?? pg0[i] ?? 0) - (pg0[i] ?? 0)), 0);
          return {
            server: (((ticks(serverPid) ?? NaN) - (s0 ?? NaN)) * TICK_US) / rows,
            pg: (pgTicks * TICK_US) / rows,
            bench: (b.user + b.system) / rows,
          };
        },
      };
    },
  };
}
const cpuText = (xs: CpuPerRow[], k: keyof CpuPerRow) => {
  const m = median(xs.map((x) => x[k]));
  return Number.isFinite(m) ? fmt(m, 1) : 'n/a';
};

// ---------------------------------------------------------------- main

async function main() {
  const t0 = performance.now();
  const load = loadavg();
  const scratch = await scratchDatabase('dev');
  const dbUrl = scratch.url;
  const child = fork(import.meta.filename, ['serve', dbUrl], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const mdb = await openPg(dbUrl, 2);
    await migrate(mdb);
    await mdb.close();
    const admin = new pg.Client({ connectionString: dbUrl });
    await admin.connect();
    console.log(`Setting up ${fmt(DEVICES)} activated devices…`);
    const { ent, shop } = await setup(admin);
    child.send({ cmd: 'start' });
    const { ports } = await new Promise<{ ports: number[] }>((res) =>
      child.once('message', (m) => res(m as { ports: number[] })),
    );
    const ask = (cmd: Msg) =>
      new Promise<Reply>((res) => {
        child.once('message', (m) => res(m as Reply));
        child.send(cmd);
      });
    const beat = (port: number) =>
      Array.from({ length: DEVICES }, (_, i) =>
        httpRequest(
          port,
          '/device-api/heartbeat',
          { dt: token(i + 1), 'content-type': 'application/json' },
          JSON.stringify({ appVersion: '1.0.0', freeStorageMb: 4096 }),
        ),
      );

    // memory: every device heard from once, held in the batched server's map
    let idle: Reply = { rssMiB: NaN, presence: 0 };
    let full = idle;
    let flushMs = NaN;
    const targets = [
      {
        name: 'batched presence (a flush per round)',
        port: ports[0],
        rounds: [] as LoadResult[],
        paced: [] as LoadResult[],
        cpu: [] as CpuPerRow[],
      },
      {
        name: 'naive: one upsert per heartbeat',
        port: ports[1],
        rounds: [] as LoadResult[],
        paced: [] as LoadResult[],
        cpu: [] as CpuPerRow[],
      },
    ];
    const meterCpu = cpuMeter(admin, child.pid);
    let pacedWhere = 'n/a';
    const heartbeatCpu = (x: (typeof targets)[number]) =>
      `server ${cpuText(x.cpu, 'server')}, PostgreSQL ${cpuText(x.cpu, 'pg')}, load generator ${cpuText(x.cpu, 'bench')}`;
    if (!ONLY_VISITS) {
      idle = await ask({ cmd: 'rss' });
      const all = await runLoad({
        port: ports[0],
        requests: beat(ports[0]),
        connections: 32,
        maxRequests: DEVICES,
        maxSeconds: 600,
      });
      assertOk('memory load', all);
      full = await ask({ cmd: 'rss' });
      const flushStart = performance.now();
      await ask({ cmd: 'flush' });
      flushMs = performance.now() - flushStart;
      console.log(
        `memory: idle ${fmt(idle.rssMiB)} MiB, with ${fmt(full.presence)} devices in the map ${fmt(full.rssMiB)} MiB; flush of all: ${fmt(flushMs)} ms`,
      );

      // throughput, alternating rounds
      const reqs = targets.map((x) => beat(x.port));
      for (let r = 0; r < ROUNDS; r++) {
        for (const [i, x] of r % 2 ? [...targets.entries()].reverse() : [...targets.entries()]) {
          const meter = await meterCpu.start();
          const res = await runLoad({
            port: x.port,
            requests: reqs[i].slice((r * 7919) % DEVICES),
            connections: 32,
            maxRequests: 1e6,
            maxSeconds: SECONDS,
          });
          assertOk(x.name, res);
          x.rounds.push(res);
          if (i === 0) await ask({ cmd: 'flush' }); // the batched server's writes are part of its cost
          x.cpu.push(meter.stop(res.completed));
          console.log(`  round ${r + 1} ${x.name.padEnd(36)} ${fmt(res.rps)} req/s`);
        }
      }
      for (const [i, x] of targets.entries()) {
        if (i === 0) await ask({ cmd: 'timer', on: true });
        await ask({ cmd: 'lat' });
        const genLoop = monitorEventLoopDelay({ resolution: 1 });
        genLoop.enable();
        const res = await runLoad({
          port: x.port,
          requests: reqs[i],
          connections: 64,
          maxRequests: RATE * (PACED_SECONDS + 1),
          maxSeconds: PACED_SECONDS + 1,
          ratePerSecond: RATE,
          warmupSeconds: 1,
        });
        genLoop.disable();
        const { lat } = await ask({ cmd: 'lat' });
        assertOk(x.name, res);
        if (i === 0) await ask({ cmd: 'timer', on: false });
        x.paced.push(res);
        const gen = `the load generator's loop delay p99 ${fmt(genLoop.percentile(99) / 1e6, 1)} / max ${fmt(genLoop.max / 1e6, 1)} ms`;
        if (i === 0 && lat)
          pacedWhere =
            `server handling (onRequest → onResponse) p50 ${fmt(lat.handleP50, 1)} / p99 ${fmt(lat.handleP99, 1)} ms, ` +
            `the server's event-loop delay p99 ${fmt(lat.loopP99, 1)} / max ${fmt(lat.loopMax, 1)} ms, ${gen}`;
        console.log(
          `  paced ${RATE}/s ${x.name}: ${fmt(res.rps)} req/s, p50 ${fmt(median(res.latencies), 1)} ms, p99 ` +
            `${fmt(quantile(res.latencies, 0.99), 1)} ms; ${i === 0 ? pacedWhere : gen}`,
        );
      }
      for (const x of targets)
        console.log(`CPU per heartbeat (µs, closed-loop rounds): ${x.name} — ${heartbeatCpu(x)}`);
    }
    if (ONLY_HEARTBEATS) {
      console.log('bench/README.md left as it is (BENCH_PARTS=heartbeats)');
      await admin.end();
      return;
    }

    // visit ingest vs COPY: batches of 500, 4 at a time; warm-up rounds of each, then alternating rounds.
    // Each side's input is made before its clock starts (the API's request bytes, COPY's text), so
    // both clocks time only the loading; the CPU each process spent per row is read from /proc.
    const batch = () =>
      Array.from({ length: 500 }, (_, k) => ({
        eventId: randomUUID(),
        time: Math.floor(Date.now() / 1000) - k,
        gender: k % 3,
        ageBand: k % 5,
        action: 'watch',
        dwellMs: 3000,
      }));
    const copyClients = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const c = new pg.Client({ connectionString: dbUrl });
        await c.connect();
        return c;
      }),
    );
    // Each side's round starts from a checkpoint: after one, the first change of every page writes the
    // whole page to the WAL, and the random event ids touch pages all over the unique index — a side
    // that ran right after a checkpoint would pay more of them than the other.
    const settle = () => admin.query('checkpoint');
    const viaApi = async () => {
      const reqs = Array.from({ length: VISIT_BATCHES }, (_, b) =>
        httpRequest(
          ports[0],
          '/device-api/visits',
          { dt: token((b % 50) + 1), 'content-type': 'application/json' },
          JSON.stringify({ events: batch() }),
        ),
      );
      await settle();
      const meter = await meterCpu.start();
      const res = await runLoad({
        port: ports[0],
        requests: reqs,
        connections: 4,
        maxRequests: VISIT_BATCHES,
        maxSeconds: 600,
      });
      apiCpu.push(meter.stop(VISIT_BATCHES * 500));
      assertOk('visits', res);
      return (VISIT_BATCHES * 500) / res.seconds;
    };
    const viaCopy = async () => {
      const texts = Array.from(
        { length: VISIT_BATCHES },
        (_, b) =>
          batch()
            .map((e) => {
              const at = new Date(e.time * 1000);
              const local = new Date(at.getTime() + 8 * 3600_000);
              return [
                ent,
                (b % 50) + 1,
                shop,
                e.eventId,
                at.toISOString(),
                local.toISOString().slice(0, 10),
                local.getUTCHours(),
                e.gender,
                e.ageBand,
                e.action,
                e.dwellMs,
              ].join('\t');
            })
            .join('\n') + '\n',
      );
      await settle();
      const meter = await meterCpu.start();
      const start = performance.now();
      let next = 0;
      await Promise.all(
        copyClients.map(async (c) => {
          while (next < VISIT_BATCHES) {
            const text = texts[next++];
            const stream = c.query(
              copyFrom(
                `copy visit_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour,
                                    gender, age_band, action, dwell_ms) from stdin`,
              ),
            );
            await pipeline(Readable.from([text]), stream);
          }
        }),
      );
      const rows = (VISIT_BATCHES * 500) / ((performance.now() - start) / 1000);
      copyCpu.push(meter.stop(VISIT_BATCHES * 500));
      return rows;
    };
    const apiCpu: CpuPerRow[] = [];
    const copyCpu: CpuPerRow[] = [];
    // autovacuum of the growing month partition would land on whichever side it overlaps: off for the run
    const parts = (
      await admin.query<{ t: string }>(
        "select inhrelid::regclass::text as t from pg_inherits where inhparent = 'visit_events'::regclass",
      )
    ).rows;
    for (const { t } of parts) await admin.query(`alter table ${t} set (autovacuum_enabled = off)`);
    for (let w = 0; w < Math.max(VISIT_WARMUP, 1); w++) {
      await viaApi();
      await viaCopy();
    }
    apiCpu.length = copyCpu.length = 0;
    const apiRounds: number[] = [];
    const copyRounds: number[] = [];
    for (let r = 0; r < Math.max(VISIT_ROUNDS, 1); r++) {
      if (r % 2) {
        copyRounds.push(await viaCopy());
        apiRounds.push(await viaApi());
      } else {
        apiRounds.push(await viaApi());
        copyRounds.push(await viaCopy());
      }
      console.log(
        `  visit round ${r + 1}: API ${fmt(apiRounds[r])} rows/s, COPY ${fmt(copyRounds[r])} rows/s (${fmt(apiRounds[r] / copyRounds[r], 2)})`,
      );
    }
    for (const c of copyClients) await c.end();
    const apiRows = median(apiRounds);
    const copyRows = median(copyRounds);
    const visitRatios = apiRounds.map((a, i) => a / copyRounds[i]);
    console.log(`visits: API ${fmt(apiRows)} rows/s, COPY ${fmt(copyRows)} rows/s`);
    await admin.end();
    if (ONLY_VISITS) {
      const cpu = (xs: CpuPerRow[]) =>
        `server ${cpuText(xs, 'server')}, PostgreSQL ${cpuText(xs, 'pg')}, bench ${cpuText(xs, 'bench')}`;
      console.log(
        `ratio ${fmt(apiRows / copyRows, 2)}; rounds (API ÷ COPY) ${visitRatios.map((x) => fmt(x, 2)).join(' ')}; ` +
          `load ${load.map((l) => fmt(l, 1)).join(' / ')} at start, ${loadavg()
            .map((l) => fmt(l, 1))
            .join(' / ')} at the end`,
      );
      console.log(
        `CPU per row (µs): API — ${cpu(apiCpu)}; COPY — ${cpu(copyCpu)}; bench/README.md left as it is (BENCH_PARTS=visits)`,
      );
      return;
    }

    const [b, n] = targets;
    const med = (x: typeof b) => median(x.rounds.map((r) => r.rps));
    const perRound = b.rounds.map((r, i) => r.rps / n.rounds[i].rps);
    const cpu = cpus();
    const section = [
      `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'}, PostgreSQL;`,
      `load average ${load.map((l) => fmt(l, 1)).join(' / ')} at start; ${fmt((performance.now() - t0) / 1000)} s in all. ${fmt(DEVICES)} activated devices.`,
      '',
      `**Heartbeats** (\`POST /device-api/heartbeat\`, each request a different device; ${ROUNDS} ` +
        `alternating rounds of ${SECONDS} s, 32 connections; then ${fmt(RATE)}/s paced for ` +
        `${PACED_SECONDS} s on 64 connections after 1 s untimed, the batched server flushing every ` +
        `${DEVICE_LOOP_DEFAULTS.flushMs / 1000} s)`,
      '',
      table(
        ['server', 'median req/s', 'range', 'paced p50 ms', 'paced p99 ms (goal ≤ 50)', 'ratio (goal ≥ 1.5)'],
        targets.map((x) => {
          const rps = x.rounds.map((r) => r.rps);
          const lat = x.paced.flatMap((r) => r.latencies);
          return [
            x.name,
            fmt(median(rps)),
            `${fmt(Math.min(...rps))}–${fmt(Math.max(...rps))}`,
            fmt(median(lat), 1),
            fmt(quantile(lat, 0.99), 1),
            x === b
              ? `**${fmt(med(b) / med(n), 2)}** (rounds ${fmt(Math.min(...perRound), 2)}–${fmt(Math.max(...perRound), 2)})`
              : '1.00 (baseline)',
          ];
        }),
      ),
      '',
      `Paced, batched server: ${pacedWhere}. CPU per heartbeat (median of the closed-loop rounds, µs): ` +
        `batched — ${heartbeatCpu(b)}; naive — ${heartbeatCpu(n)}.`,
      '',
      `**Visit ingest** (${VISIT_BATCHES} batches of 500 events, 4 at a time, each side's input made ` +
        `before its clock starts; ${Math.max(VISIT_WARMUP, 1)} warm-up rounds of each, then ` +
        `${apiRounds.length} alternating rounds; autovacuum off on the partitions): ` +
        `\`POST /device-api/visits\` median ${fmt(apiRows)} rows/s vs COPY of the same rows ${fmt(copyRows)} rows/s ` +
        `— **ratio ${fmt(apiRows / copyRows, 2)}** (rounds ` +
        `${fmt(Math.min(...visitRatios), 2)}–${fmt(Math.max(...visitRatios), 2)}; goal ≥ 0.8).`,
      `CPU per row (median of the rounds, µs): API — server ${cpuText(apiCpu, 'server')}, PostgreSQL ` +
        `${cpuText(apiCpu, 'pg')}, load generator ${cpuText(apiCpu, 'bench')}; COPY — PostgreSQL ` +
        `${cpuText(copyCpu, 'pg')}, client ${cpuText(copyCpu, 'bench')}.`,
      '',
      `**Memory**: server RSS ${fmt(idle.rssMiB)} MiB idle, ${fmt(full.rssMiB)} MiB with ` +
        `${fmt(full.presence)} devices pending in the presence map and in the playlist ETag memo (≈ ` +
        `${fmt(((full.rssMiB - idle.rssMiB) * 1024 * 1024) / Math.max(1, full.presence))} bytes per device, ` +
        `after GC); one flush of all of them: ${fmt(flushMs)} ms.`,
    ].join('\n');
    console.log(`\n${section}\n`);
    writeReadmeSection('devices', section, '## Device loop');
  } finally {
    child.send({ cmd: 'close' });
    await new Promise((res) => child.once('exit', res));
    await scratch.drop();
  }
}

if (process.argv[2] === 'serve') {
  process.once('message', () => void serve(process.argv[3]));
} else {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
