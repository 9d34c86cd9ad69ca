/**
 * Vitrine benchmarks (`npm run bench`). Every figure is compared with a baseline measured in the
 * same run: throughput varies with the machine and its load, ratios much less.
 *
 * 1. Authenticated call vs hello: `POST /api/account/session` through the full plugin stack (form
 *    body, protocol hooks, ETag, token → user, zod, envelope) against a bare Fastify app answering
 *    the same request, over real HTTP, in alternating rounds; medians and their ratio (goal ≥ 0.75).
 *    Also without the AuthCache, and on PostgreSQL when DATABASE_URL is set.
 * 2. Password login throughput with the real scrypt (N=2^17) under hash caps 1, 2 (the default) and
 *    4: logins/s, latency, and the server's peak RSS (each scrypt holds 128 MiB while it runs).
 *
 * Results are printed and written into bench/README.md between the markers.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createHasher } from '../packages/server/src/lib/password.js';
import { httpRequest, median, quantile, runLoad, type LoadResult } from './load.js';
import { PATH, type Command, type Ready, type ServeSpec, type Stats } from './shared.js';

const ROOT = resolve(import.meta.dirname, '..');
const README = join(ROOT, 'bench/README.md');
const START = '<!-- bench:results:start -->';
const END = '<!-- bench:results:end -->';

const num = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const ROUNDS = num('BENCH_ROUNDS', 9);
const SECONDS = num('BENCH_SECONDS', 1.5);
const CONNECTIONS = num('BENCH_CONNECTIONS', 32);
/** Upper bound per round on top of the time bound. */
const MAX_REQUESTS = num('BENCH_MAX_REQUESTS', 200_000);
const LOGINS = num('BENCH_LOGINS', 16);
const LOGIN_CONNECTIONS = num('BENCH_LOGIN_CONNECTIONS', 8);
const HASH_CAPS = (process.env.BENCH_HASH_CAPS ?? '1,2,4').split(',').map(Number);
const PASSWORD = 'correct horse battery';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

// ---------------------------------------------------------------- child servers

const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill();
});

type Server = { child: ChildProcess; ready: Ready; ask(cmd: Command): Promise<Stats>; close(): Promise<void> };

function forkServe(spec: ServeSpec): ChildProcess {
  const child = fork(join(ROOT, 'bench/serve.ts'), [JSON.stringify(spec)], {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((res) =>
    child.exitCode !== null ? res(child.exitCode) : child.once('exit', (code) => res(code)),
  );

async function start(spec: ServeSpec): Promise<Server> {
  const child = forkServe(spec);
  const ready = await new Promise<Ready>((res, rej) => {
    child.once('message', (m) => res(m as Ready));
    child.once('exit', (code) => rej(new Error(`bench server (${spec.kind}) exited with ${code} before it was ready`)));
  });
  return {
    child,
    ready,
    ask: (cmd) =>
      new Promise<Stats>((res) => {
        child.once('message', (m) => res(m as Stats));
        child.send(cmd);
      }),
    close: async () => {
      if (child.exitCode !== null) return;
      child.send({ cmd: 'close' } satisfies Command);
      await exited(child);
    },
  };
}

async function makeTemplate(out: string): Promise<void> {
  const code = await exited(forkServe({ kind: 'template', out }));
  if (code !== 0) throw new Error(`PGlite template failed (exit ${code})`);
}

// ---------------------------------------------------------------- PostgreSQL

function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function pgDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrine_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  return {
    url: withDb(url, name),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

// ---------------------------------------------------------------- benches

type Target = { name: string; port: number; request: Buffer; rounds: LoadResult[] };

function assertOk(name: string, r: LoadResult) {
  const body = JSON.parse(r.firstBody) as { ret?: number };
  if (body.ret !== 0 || r.non200 > 0)
    throw new Error(`${name}: ${r.non200} non-200 answers; first body ${r.firstBody}`);
}

async function throughput(targets: Target[]) {
  for (const t of targets) {
    // Warm-up (JIT, caches, connections), and a check that the call really succeeds.
    assertOk(
      t.name,
      await runLoad({
        port: t.port,
        requests: [t.request],
        connections: CONNECTIONS,
        maxRequests: MAX_REQUESTS,
        maxSeconds: 1,
      }),
    );
  }
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate, and reverse the order every other round so drift in the machine's load is shared.
    const order = round % 2 === 0 ? targets : [...targets].reverse();
    for (const t of order) {
      const r = await runLoad({
        port: t.port,
        requests: [t.request],
        connections: CONNECTIONS,
        maxRequests: MAX_REQUESTS,
        maxSeconds: SECONDS,
      });
      assertOk(t.name, r);
      t.rounds.push(r);
      process.stdout.write(`  round ${round + 1} ${t.name.padEnd(34)} ${fmt(r.rps, 0).padStart(7)} req/s\n`);
    }
  }
}

type LoginRow = {
  cap: number;
  logins: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  idleMiB: number;
  peakMiB: number;
};

async function loginBench(templateFile: string, passwordHash: string, cap: number): Promise<LoginRow> {
  const server = await start({
    kind: 'vitrine',
    db: { pglite: templateFile },
    authCacheMs: [5000],
    hashConcurrency: cap,
    passwordHash,
    loginUsers: LOGINS,
  });
  try {
    const port = server.ready.ports[0];
    const requests = (server.ready.phones ?? []).map((un) =>
      httpRequest(
        port,
        '/api/account/login',
        { appid: 'pc', ...FORM },
        new URLSearchParams({ un, pw: PASSWORD }).toString(),
      ),
    );
    const idle = await server.ask({ cmd: 'resetPeak' });
    const r = await runLoad({
      port,
      requests,
      connections: LOGIN_CONNECTIONS,
      maxRequests: LOGINS,
      maxSeconds: 600,
      keepBodies: true,
    });
    const stats = await server.ask({ cmd: 'stats' });
    const failed = r.bodies.filter((b) => (JSON.parse(b) as { ret?: number }).ret !== 0);
    if (r.non200 || failed.length || r.completed !== LOGINS) {
      throw new Error(
        `login bench (cap ${cap}): ${r.completed}/${LOGINS} answered, ${r.non200} non-200; e.g. ${failed[0] ?? r.firstBody}`,
      );
    }
    const row = {
      cap,
      logins: r.completed,
      seconds: r.seconds,
      perSecond: r.rps,
      p50: median(r.latencies),
      p95: quantile(r.latencies, 0.95),
      idleMiB: idle.rssMiB,
      peakMiB: stats.peakRssMiB,
    };
    console.log(
      `  hash cap ${cap}: ${fmt(row.perSecond, 2)} logins/s, p50 ${fmt(row.p50, 0)} ms, p95 ` +
        `${fmt(row.p95, 0)} ms, peak RSS ${fmt(row.peakMiB, 0)} MiB (idle ${fmt(row.idleMiB, 0)})`,
    );
    return row;
  } finally {
    await server.close();
  }
}

// ---------------------------------------------------------------- report

const fmt = (n: number, digits: number) =>
  n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function table(head: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map((h, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

function report(targets: Target[], logins: LoginRow[], meta: { load: number[]; seconds: number; pg: boolean }): string {
  const hello = targets[0];
  const helloMedian = median(hello.rounds.map((r) => r.rps));
  const rows = targets.map((t) => {
    const rps = t.rounds.map((r) => r.rps);
    const lat = t.rounds.flatMap((r) => r.latencies);
    const perRound = t.rounds.map((r, i) => r.rps / hello.rounds[i].rps);
    const ratio =
      t === hello
        ? '1.00 (baseline)'
        : `**${fmt(median(rps) / helloMedian, 2)}** (rounds ${fmt(Math.min(...perRound), 2)}–${fmt(Math.max(...perRound), 2)})`;
    const clientCpu = median(t.rounds.map((r) => r.clientCpu));
    return [
      t.name,
      fmt(median(rps), 0),
      `${fmt(Math.min(...rps), 0)}–${fmt(Math.max(...rps), 0)}`,
      fmt(median(lat), 2),
      fmt(quantile(lat, 0.99), 2),
      `${fmt(clientCpu, 0)} %`,
      ratio,
    ];
  });
  const loginRows = logins.map((l) => [
    String(l.cap),
    String(l.logins),
    fmt(l.perSecond, 2),
    fmt(l.p50, 0),
    fmt(l.p95, 0),
    fmt(l.idleMiB, 0),
    fmt(l.peakMiB, 0),
    fmt(l.peakMiB - l.idleMiB, 0),
  ]);
  const cpu = cpus();
  return [
    `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — Node ${process.version}, ${cpu.length} × ${cpu[0]?.model ?? 'CPU'},`,
    `load average ${meta.load.map((l) => fmt(l, 1)).join(' / ')} at start; ${fmt(meta.seconds, 0)} s in all.`,
    `${ROUNDS} alternating rounds of ${SECONDS} s per server after a 1 s warm-up, ${CONNECTIONS} keep-alive connections.`,
    meta.pg ? '' : 'PostgreSQL rows missing: DATABASE_URL was not set.',
    '',
    '**Authenticated call (`POST /api/account/session`) vs bare Fastify hello**',
    '',
    table(
      ['server', 'median req/s', 'range req/s', 'p50 ms', 'p99 ms', 'client CPU', 'ratio to hello (goal ≥ 0.75)'],
      rows,
    ),
    '',
    `**Password login** (\`POST /api/account/login\`, scrypt N=2^17, ${LOGINS} logins of distinct users, ${LOGIN_CONNECTIONS} connections, PGlite)`,
    '',
    table(
      ['hash cap', 'logins', 'logins/s', 'p50 ms', 'p95 ms', 'idle RSS MiB', 'peak RSS MiB', 'peak − idle MiB'],
      loginRows,
    ),
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
}

function writeReadme(section: string) {
  const text = readFileSync(README, 'utf8');
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`bench/README.md lacks the ${START} … ${END} markers`);
  writeFileSync(README, `${text.slice(0, a + START.length)}\n${section}\n${text.slice(b)}`);
}

// ---------------------------------------------------------------- main

async function main() {
  const t0 = performance.now();
  const load = loadavg();
  const work = mkdtempSync(join(tmpdir(), 'vitrine-bench-run-'));
  const servers: Server[] = [];
  let pgDb: Awaited<ReturnType<typeof pgDatabase>> | undefined;
  try {
    console.log('Setting up: a migrated PGlite template, one scrypt hash for the users…');
    const templateFile = join(work, 'template.tar');
    const [, passwordHash] = await Promise.all([makeTemplate(templateFile), createHasher(1).hash(PASSWORD)]);
    if (process.env.DATABASE_URL) pgDb = await pgDatabase(process.env.DATABASE_URL);

    const common = {
      kind: 'vitrine' as const,
      authCacheMs: [5000, 0],
      hashConcurrency: 2,
      passwordHash,
      loginUsers: 0,
    };
    const hello = await start({ kind: 'hello' });
    const lite = await start({ ...common, db: { pglite: templateFile } });
    const pgs = pgDb ? await start({ ...common, db: { pg: pgDb.url } }) : undefined;
    servers.push(hello, lite, ...(pgs ? [pgs] : []));

    const headers = lite.ready.headers ?? {};
    const target = (name: string, port: number, h: Record<string, string>): Target => ({
      name,
      port,
      request: httpRequest(port, PATH, { ...h, ...FORM }, 'x=1'),
      rounds: [],
    });
    const targets = [
      target('bare Fastify hello', hello.ready.ports[0], headers),
      target('Vitrine, PGlite, AuthCache 5 s', lite.ready.ports[0], headers),
      target('Vitrine, PGlite, no AuthCache', lite.ready.ports[1], headers),
      ...(pgs
        ? [
            target('Vitrine, PostgreSQL, AuthCache 5 s', pgs.ready.ports[0], pgs.ready.headers ?? {}),
            target('Vitrine, PostgreSQL, no AuthCache', pgs.ready.ports[1], pgs.ready.headers ?? {}),
          ]
        : []),
    ];
    console.log(`Authenticated call vs hello: ${ROUNDS} rounds × ${SECONDS} s, ${CONNECTIONS} connections`);
    await throughput(targets);
    for (const s of servers.splice(0)) await s.close();

    console.log(
      `Password login: ${LOGINS} logins, ${LOGIN_CONNECTIONS} connections, hash caps ${HASH_CAPS.join(', ')}`,
    );
    const logins: LoginRow[] = [];
    for (const cap of HASH_CAPS) logins.push(await loginBench(templateFile, passwordHash, cap));

    const section = report(targets, logins, { load, seconds: (performance.now() - t0) / 1000, pg: !!pgDb });
    console.log(`\n${section}\n`);
    writeReadme(section);
    console.log('Written to bench/README.md');
  } finally {
    for (const s of servers) await s.close().catch(() => undefined);
    await pgDb?.drop().catch((err) => console.error('could not drop the bench database:', err));
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
