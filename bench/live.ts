/**
 * Live channel bench (issue 27 §1, §4), PostgreSQL (needs DATABASE_URL; creates and drops
 * vitrine_bench_live_<pid>). Run: DATABASE_URL=… npx tsx bench/live.ts
 *
 * The server is one child process or more (buildApp on PostgreSQL, listening; `BENCH_INSTANCES`,
 * default 1: the screens spread over them, as behind a balancer); this process holds N screens'
 * sockets (the `ws` package, hello with each device token) and queues commands as the console's
 * queueCommands does (one statement: command_seq bumped, the rows inserted; the 0280 trigger
 * notifies at commit). Measured:
 * 1. Command latency, commit → the `commands` message on the screen's socket: single commands to
 *    one random screen at a time, and a bulk command to every screen in one statement (the console's
 *    "all screens" control), p50/p99. The poll it replaces: a heartbeat every 60 s ± 10 %, so on
 *    average 30 s and at worst 66 s.
 * 2. Memory per socket: the server's RSS after a forced GC with all N sockets open, minus before
 *    any was opened, over N.
 * 3. A plan launch to every screen (issue 27 §4): a launched plan targeting the fleet's district is
 *    committed; each screen is told `playlist` (spread by the server over its push window) and then
 *    fetches GET playlist with its ETag. Measured: commit → the last screen holding the new playlist
 *    (goal ≤ 10 s), p50/p99 per screen, and the fetches in the busiest second.
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
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
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

/** A screen told its playlist changed fetches it (as the player does); `held` hears when it has it. */
const playlistFetch = { held: (_at: number) => undefined as void, fetches: [] as number[] };

// at most this many fetches open at once: this one process holds every screen's socket too, and
// 10,000 sockets plus 10,000 fetches ran out of file descriptors (EMFILE)
const FETCHING = 1000;
let fetching = 0;
const waiting: (() => void)[] = [];

async function fetchPlaylist(port: number, id: number, etag: string) {
  if (fetching >= FETCHING) await new Promise<void>((r) => waiting.push(r));
  fetching++;
  try {
    await fetchOnce(port, id, etag);
  } finally {
    fetching--;
    waiting.shift()?.();
  }
}

async function fetchOnce(port: number, id: number, etag: string) {
  const res = await fetch(`http://127.0.0.1:${port}${DEVICE_API_PREFIX}/playlist`, {
    headers: { dt: token(id), 'if-none-match': 'stale' },
  });
  await res.arrayBuffer();
  const at = performance.now();
  playlistFetch.fetches.push(at);
  if (res.ok && res.headers.get('etag')?.includes(etag)) playlistFetch.held(at);
}

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
      if (msg.type === 'playlist') void fetchPlaylist(port, id, msg.etag);
    });
    ws.on('close', (code) => reject(new Error(`screen ${id} closed ${code}`)));
    ws.on('error', reject);
  });
}

const fmt = (n: number, d = 0) => n.toLocaleString('en-US', { minimumFractionDigits: d, maximumFractionDigits: d });

async function main() {
  const load = loadavg()[0];
  const scratch = await scratchDatabase('live');
  const children = Array.from({ length: INSTANCES }, () =>
    fork(import.meta.filename, ['serve', scratch.url], {
      // BENCH_PROF=<dir>: each server process writes a CPU profile there (node --cpu-prof)
      execArgv: [
        '--import',
        'tsx',
        '--expose-gc',
        ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
      ],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  try {
    const mdb = await openPg(scratch.url, 2);
    await migrate(mdb);
    await mdb.close();
    const admin = new pg.Client({ connectionString: scratch.url });
    await admin.connect();
    const { ent, user, ids } = await setup(admin);
    for (const c of children) c.send({ cmd: 'start' });
    const ports = await Promise.all(
      children.map((c) => new Promise<number>((res) => c.once('message', (m) => res((m as { port: number }).port)))),
    );
    const askOne = (c: (typeof children)[number]) =>
      new Promise<{ rssMiB: number; sockets: number }>((res) => {
        c.once('message', (m) => res(m as { rssMiB: number; sockets: number }));
        c.send({ cmd: 'rss' });
      });
    // every instance's RSS and sockets, summed
    const ask = async () => {
      const all = await Promise.all(children.map(askOne));
      return { rssMiB: all.reduce((n, a) => n + a.rssMiB, 0), sockets: all.reduce((n, a) => n + a.sockets, 0) };
    };

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
      screens.push(
        ...(await Promise.all(
          ids.slice(i, i + 100).map((id, k) => connect(ports[(i + k) % ports.length], id, arrived)),
        )),
      );
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
    // each bulk starts when the last one's acknowledgements are stored (each one a transaction on the
    // server): a bulk measures its own pushes, the launch its own work, not a backlog left before them
    const bulkAll: number[] = [];
    const settled: number[] = [];
    const acksStored = async () => {
      const t = performance.now();
      for (;;) {
        const [{ n }] = (
          await admin.query<{ n: number }>(
            `select count(*)::int as n from device_commands where enterprise_id = $1 and state in ('pending', 'delivered')`,
            [ent],
          )
        ).rows;
        if (n === 0) return performance.now() - t;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    for (let i = 0; i < BULKS; i++) {
      await queue(ids);
      bulkAll.push(...latency.splice(0));
      settled.push(await acksStored());
    }
    // 3. a plan launched to every screen: commit → every screen holds the new playlist
    await admin.query(
      `insert into files (enterprise_id, user_id, sha256, storage_key, kind, name, mime, ext, type, size, width, height)
       values ($1, $2, md5('launch') || md5('launch2'), 'launch', 'material', 'launch.jpg', 'image/jpeg', 'jpg', 2, 100000, 1920, 1080)`,
      [ent, user],
    );
    const [{ id: content }] = (
      await admin.query<{ id: number }>(
        `insert into ad_contents (enterprise_id, author_id, status, live_version, online, name, ad_type, device_type, orientation, items)
         select $1, $2, 103, 1, 302, '上新', 'main', 'big', 1, jsonb_build_array(jsonb_build_object('fileId', f.id, 'durationMs', 10000))
           from files f where f.enterprise_id = $1 and f.storage_key = 'launch' returning id`,
        [ent, user],
      )
    ).rows;
    const held: number[] = [];
    const launchedAll = new Promise<void>((res) => {
      playlistFetch.held = (at) => {
        held.push(at);
        if (held.length === SCREENS) res();
      };
    });
    playlistFetch.fetches = [];
    await admin.query('begin');
    await admin.query(
      `insert into ad_plans (enterprise_id, author_id, status, live_version, online, name, date_from, date_to, weekdays,
                             dayparts, priority, targets, contents, is_default)
       values ($1, $2, 103, 1, 302, '上新计划', current_date - 1, current_date + 30, '[0,1,2,3,4,5,6]', '[]', 5,
               '{"p":[],"c":[],"a":["440305"],"s":[],"d":[]}', jsonb_build_array(jsonb_build_object('contentId', $3::int, 'weight', 1)), 0)`,
      [ent, user, content],
    );
    const launchAt = performance.now();
    await admin.query('commit');
    await Promise.race([
      launchedAll,
      new Promise((_, rej) =>
        setTimeout(() => rej(new Error(`${SCREENS - held.length} screens never got the new playlist`)), 120_000),
      ),
    ]);
    const launch = held.map((at) => at - launchAt);
    const perSecond = new Map<number, number>();
    for (const at of playlistFetch.fetches) {
      const second = Math.floor((at - launchAt) / 1000);
      perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
    }
    const busiest = Math.max(...perSecond.values());
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
      `Run ${new Date().toISOString().slice(0, 16)}Z, ${fmt(SCREENS)} sockets on ` +
        `${INSTANCES === 1 ? 'one server process' : `${INSTANCES} server processes`} (one PostgreSQL), load ` +
        `average ${load.toFixed(1)} at the start.`,
      '',
      '| commands | n | p50 ms | p99 ms | max ms |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows.map((r) => `| ${r.join(' | ')} |`),
      '',
      `Latency is commit → \`commands\` message read on the screen's socket (the console's HTTP call adds its own time before the commit). ` +
        `The poll it replaces answers on average after 30 s (60 s ± 10 % heartbeats): ratio poll ÷ live p99 ` +
        `(bulk) ≈ ${fmt(30_000 / quantile(bulkAll, 0.99))}. ` +
        `After a bulk's last delivery its ${fmt(SCREENS)} acknowledgements were all stored within a median ` +
        `${fmt(median(settled))} ms more (the next phase waits for them).`,
      '',
      `Memory: server RSS (all instances) ${fmt(before.rssMiB, 1)} MiB without sockets, ${fmt(full.rssMiB, 1)} MiB with ${fmt(SCREENS)} (after GC): ` +
        `**${fmt(perSocketKB, 1)} KB per socket** (goal ≤ 30 KB). ${fmt(SCREENS)} hellos and welcomes took ${fmt(connectMs)} ms.`,
      '',
      `A plan launched to all ${fmt(SCREENS)} screens: commit → the last screen holding the new playlist (told \`playlist\`, then GET playlist) ` +
        `**${fmt(Math.max(...launch))} ms** (goal ≤ 10 s); per screen p50 ${fmt(median(launch))} ms, p99 ${fmt(quantile(launch, 0.99))} ms; ` +
        `at most ${fmt(busiest)} playlist fetches in one second (the server spreads its pushes).`,
    ].join('\n');
    console.log(section);
    writeReadmeSection(
      'live',
      section,
      '## Live channel\n\n`DATABASE_URL=… npx tsx bench/live.ts` (`BENCH_SCREENS`, default 1,000; ' +
        '`BENCH_SINGLES` 200; `BENCH_BULKS` 5). See the header of bench/live.ts for what is measured.',
    );
    await admin.end();
  } finally {
    for (const c of children) c.send({ cmd: 'close' });
    await Promise.all(children.map((c) => new Promise((res) => c.once('exit', res))));
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
