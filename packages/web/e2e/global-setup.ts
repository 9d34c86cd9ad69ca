// Starts the REAL server (`node --import tsx packages/server/src/main.ts`) once for the e2e run:
// a free port on 127.0.0.1, a fresh temporary DATA_DIR, no demo data, not production (the dev SMS
// outbox is needed). With DATABASE_URL set, a fresh PostgreSQL database is created for the run and
// dropped afterwards. The server's log goes to .e2e-artifacts/server.log.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export const ROOT = join(import.meta.dirname, '../../..');
// E2E_ARTIFACTS: another folder, so that runs side by side (CI's shards) do not write over each other
export const ARTIFACTS = process.env.E2E_ARTIFACTS ?? join(ROOT, '.e2e-artifacts');
const SERVER_LOG = join(ARTIFACTS, 'server.log');
const START_TIMEOUT_MS = 60_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function withDb(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function logTail(): string {
  try {
    return readFileSync(SERVER_LOG, 'utf8').split('\n').slice(-40).join('\n');
  } catch {
    return '(no server log)';
  }
}

async function waitForServer(baseURL: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited during start (code ${child.exitCode ?? child.signalCode}).\n${logTail()}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/account/exists`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', appid: 'pc' },
        body: JSON.stringify({ un: '13800000000' }),
      });
      const body = (await res.json()) as { ret?: number };
      if (typeof body.ret === 'number') return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not answer /api/account/exists within ${START_TIMEOUT_MS / 1000} s.\n${logTail()}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export default async function setup(project: TestProject) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const tmpRoot = mkdtempSync(join(tmpdir(), 'vitrine-e2e-'));
  const dataDir = join(tmpRoot, 'data');
  // The server serves a snapshot of the built app, so a rebuild during the run cannot disturb it.
  const builtApp = join(ROOT, 'packages/web/dist');
  if (!existsSync(join(builtApp, 'index.html')))
    throw new Error('packages/web/dist is missing: run `node scripts/e2e.mjs`, which builds it.');
  const webDist = join(tmpRoot, 'web');
  cpSync(builtApp, webDist, { recursive: true });
  const playerDist = join(tmpRoot, 'player');
  cpSync(join(ROOT, 'packages/player/dist'), playerDist, { recursive: true });

  let databaseUrl = '';
  let dropDatabase = async () => {};
  if (process.env.DATABASE_URL) {
    const name = `vitrine_e2e_${process.pid}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    databaseUrl = withDb(process.env.DATABASE_URL, name);
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    };
  }

  // The environment of the server and of `npm run admin` alike.
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '0',
    NODE_ENV: 'test',
    // A call that writes without declaring its operation-log verb fails here as in the unit suite.
    CHECK_WRITES: '1',
    // Every spec registers its own users from one IP: the per-IP SMS caps would trip mid-run.
    LIMIT_SMS_PER_MINUTE: '1000',
    LIMIT_SMS_PER_IP_DAY: '100000',
    LIMIT_AUTH_PER_MINUTE: '100000',
    LIMIT_JOIN_PER_MINUTE: '100000',
    // Presence written every 0.5 s (the status sweep is the 15 s job).
    DEVICE_PRESENCE_FLUSH_MS: '500',
    // Screens beat every 10 s (offline after 25 s): the player's journey sees it go offline in time.
    DEVICE_HEARTBEAT_SECONDS: '10',
    // with a live socket every 15 s (offline after 37.5 s); the player test reads the command off the socket's frames
    DEVICE_LIVE_HEARTBEAT_SECONDS: '15',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const serverEnv: NodeJS.ProcessEnv = { ...process.env, ...env, WEB_DIST: webDist, PLAYER_DIST: playerDist };
  if (!databaseUrl) delete serverEnv.DATABASE_URL;

  const log = openSync(SERVER_LOG, 'w');
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ['ignore', log, log],
  });
  closeSync(log);

  const teardown = async () => {
    await stop(child);
    await dropDatabase();
    rmSync(tmpRoot, { recursive: true, force: true });
  };

  try {
    await waitForServer(baseURL, child);
  } catch (err) {
    await teardown();
    throw err;
  }

  project.provide('baseURL', baseURL);
  project.provide('serverEnv', env);
  project.provide('artifacts', ARTIFACTS);
  return teardown;
}

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the server under test. */
    baseURL: string;
    /** PORT, HOST, DATA_DIR, DEMO, NODE_ENV and, on PostgreSQL, DATABASE_URL of that server. */
    serverEnv: Record<string, string>;
    /** Folder for screenshots (.e2e-artifacts at the repository root). */
    artifacts: string;
  }
}
