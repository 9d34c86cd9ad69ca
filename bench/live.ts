/**
 * Live channel bench (issue 27 §1, §4), PostgreSQL (needs DATABASE_URL; creates and drops
 * vitrine_bench_live_<pid>). Run: DATABASE_URL=… npx tsx bench/live.ts
 *
 * The server is a child process (buildApp on PostgreSQL, listening); this process holds N screens'
 * sockets (the `ws` package, hello with each device token) and queues commands as the console's
 * queueCommands does (one statement: command_seq bumped, the rows inserted; the 0280 trigger
 * notifies at commit). Measured:
 * 1. Command latency, commit → the `commands` message on the screen's socket: single commands to
 *    one random screen at a time, and a bulk command to every screen in one statement (the console's
 *    "all screens" control), p50/p99. The poll it replaces: a heartbeat every 60 s ± 10 %, so on
 *    average 30 s and at worst 66 s.
 * 2. Memory per socket: the server's RSS after a forced GC with all N sockets open, minus before
 *    any was opened, over N.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { DEVICE_API_PREFIX, LIVE_PATH, type LiveServerMessage } from '@vitrine/contract';
import { buildApp } from '../packages/server/src/app.js';
import { openPg } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import type { Config } from '../packages/server/src/config.js';
import { median, quantile } from './load.js';
import { scratchDatabase, writeReadmeSection } from './scratch.js';
import { seedFleet } from './fleet.js';

const SCREENS = Number(process.env.BENCH_SCREENS ?? 1000);
const SINGLES = Number(process.env.BENCH_SINGLES ?? 200);
const BULKS = Number(process.env.BENCH_BULKS ?? 5);
const token = (id: number) => `bench-live-token-${id}`;
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? 0) / 1024;

// ---------------------------------------------------------------- the server process

async function serve(url: string) {
  const db = await openPg(url, 10);
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-live-'));
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
    deviceLoop: { timers: false, callsPerMinute: 1e9, livePingMs: 0 },
  };
  const { app, deps } = await buildApp({ config, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  process.send?.({ port: typeof addr === 'object' && addr ? addr.port : 0 });
  process.on('message', async (m: { cmd: 'rss' | 'close' }) => {
    if (m.cmd === 'close') {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
    for (let i = 0; i < 3; i++) global.gc?.();
    process.send?.({ rssMiB: rssMiB(), sockets: deps.device.live.size });
  });
}

// ---------------------------------------------------------------- setup

const setup = (admin: pg.Client) =>
  seedFleet(admin, { code: 'BENCHLIVE', phone: '19900000001', screens: SCREENS, tokenPrefix: 'bench-live-token-' });

/** queueCommands' statement (domains/devices/commands.ts): one command per device, committed on its own. */
const QUEUE = `with s as (update devices set command_seq = command_seq + 1 where enterprise_id = $1 and id = any($2::int[]) returning id, command_seq)
  insert into device_commands (enterprise_id, device_id, seq, kind, payload, created_by, expires_at)
  select $1, s.id, s.command_seq, 'refresh', '{}', $3, now() + interval '1 day' from s returning id::int, device_id`;

// ---------------------------------------------------------------- the screens

type Screen = { id: number; ws: WebSocket };

function connect(
  port: number,
  id: number,
  arrived: (cmdIds: number[], at: number, ws: WebSocket) => void,
): Promise<Screen> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${DEVICE_API_PREFIX}/${LIVE_PATH}`);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'hello', deviceToken: token(id) })));
    ws.on('message', (data) => {
      const at = performance.now();
      const msg = JSON.parse(String(data)) as LiveServerMessage;
      if (msg.type === 'welcome') resolve({ id, ws });
      if (msg.type === 'commands')
        arrived(
          msg.commands.map((c) => c.id),
          at,
          ws,
        );
    });
    ws.on('close', (code) => reject(new Error(`screen ${id} closed ${code}`)));
    ws.on('error', reject);
  });
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  const load = loadavg()[0];
  const scratch = await scratchDatabase('live');
  const child = fork(import.meta.filename, ['serve', scratch.url], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const mdb = await openPg(scratch.url, 2);
    await migrate(mdb);
    await mdb.close();
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const { ent, user, ids } = await setup(admin);
    child.send({ cmd: 'start' });
    const { port } = await new Promise<{ port: number }>((res) =>
      child.once('message', (m) => res(m as { port: number })),
    );
    const ask = () =>
      new Promise<{ rssMiB: number; sockets: number }>((res) => {
        child.once('message', (m) => res(m as { rssMiB: number; sockets: number }));
        child.send({ cmd: 'rss' });
      });

    // the sockets, opened 100 at a time; every command heard is acknowledged over its socket
    const before = await ask();
    const sent = new Map<number, number>(); // command id → commit time
    const latency: number[] = [];
    let expecting = 0;
    let done: () => void = () => undefined;
    const arrived = (cmdIds: number[], at: number, ws: WebSocket) => {
      const fresh = cmdIds.filter((c) => sent.has(c));
      for (const c of fresh) {
        latency.push(at - sent.get(c)!);
        sent.delete(c);
        if (--expecting === 0) done();
      }
      ws.send(JSON.stringify({ type: 'ack', results: cmdIds.map((id) => ({ id, ok: 1 })) }));
    };
    const t0 = performance.now();
    const screens: Screen[] = [];
    for (let i = 0; i < ids.length; i += 100)
      screens.push(...(await Promise.all(ids.slice(i, i + 100).map((id) => connect(port, id, arrived)))));
    const connectMs = performance.now() - t0;
    await new Promise((r) => setTimeout(r, 1000));
    const full = await ask();
    if (full.sockets !== SCREENS) throw new Error(`server holds ${full.sockets} sockets, not ${SCREENS}`);

    const queue = async (devices: number[]) => {
      expecting = devices.length;
      const all = new Promise<void>((res) => {
        done = res;
      });
      await admin.query('begin');
      const rows = (await admin.query<{ id: number }>(QUEUE, [ent, devices, user])).rows;
      const at = performance.now();
      for (const r of rows) sent.set(r.id, at);
      await admin.query('commit');
      await Promise.race([
        all,
        new Promise((_, rej) => setTimeout(() => rej(new Error(`${expecting} commands never arrived`)), 30_000)),
      ]);
    };
    // 1. one screen at a time
    for (let i = 0; i < SINGLES; i++) await queue([ids[Math.floor(Math.random() * ids.length)]]);
    const singles = latency.splice(0);
    // 2. every screen in one statement
    const bulkAll: number[] = [];
    for (let i = 0; i < BULKS; i++) {
      await queue(ids);
      bulkAll.push(...latency.splice(0));
      await new Promise((r) => setTimeout(r, 500));
    }
    for (const s of screens) s.ws.terminate();

    const perSocketKB = ((full.rssMiB - before.rssMiB) * 1024) / SCREENS;
    const rows = [
      [
        'one screen at a time',
        fmt(singles.length),
        fmt(median(singles), 1),
        fmt(quantile(singles, 0.99), 1),
        fmt(Math.max(...singles), 1),
      ],
      [
        `all ${fmt(SCREENS)} screens in one statement`,
        fmt(bulkAll.length),
        fmt(median(bulkAll), 1),
        fmt(quantile(bulkAll, 0.99), 1),
        fmt(Math.max(...bulkAll), 1),
      ],
    ];
    const section = [
      `Run ${new Date().toISOString().slice(0, 16)}Z, ${fmt(SCREENS)} sockets on one server process (PostgreSQL), load average ${load.toFixed(1)} at the start.`,
      '',
      '| commands | n | p50 ms | p99 ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `Latency is commit → \`commands\` message read on the screen's socket (the console's HTTP call adds its own time before the commit). ` +
        `The poll it replaces answers on average after 30 s (60 s ± 10 % heartbeats): ratio poll ÷ live p99 (bulk) ≈ ${fmt(30_000 / quantile(bulkAll, 0.99))}.`,
      '',
      `Memory: server RSS ${fmt(before.rssMiB, 1)} MiB without sockets, ${fmt(full.rssMiB, 1)} MiB with ${fmt(SCREENS)} (after GC): ` +
        `**${fmt(perSocketKB, 1)} KB per socket** (goal ≤ 30 KB). ${fmt(SCREENS)} hellos and welcomes took ${fmt(connectMs)} ms.`,
    ].join('\n');
    console.log(section);
    writeReadmeSection(
      'live',
      section,
      '## Live channel\n\n`DATABASE_URL=… npx tsx bench/live.ts` (`BENCH_SCREENS`, default 1,000; `BENCH_SINGLES` 200; `BENCH_BULKS` 5). See the header of bench/live.ts for what is measured.',
    );
    await admin.end();
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
    process.exit(1);
  });
}
