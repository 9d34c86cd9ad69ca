/**
 * One benchmark server in its own process (forked by bench/run.ts, which talks to it over IPC):
 * - `template`: a fresh PGlite, migrated, dumped to a file the other servers load (then exits);
 * - `hello`: a bare Fastify 5 app with one POST route;
 * - `vitrine`: the real app (buildApp) on PGlite or PostgreSQL, one listener per AuthCache setting,
 *   with a user and session for the authenticated call and users for the login bench.
 * Everything listens on 127.0.0.1, on ports the system picks.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { buildApp } from '../packages/server/src/app.js';
import type { Config } from '../packages/server/src/config.js';
import { openPg, openPglite, type Db } from '../packages/server/src/db/client.js';
import { migrate } from '../packages/server/src/db/migrate.js';
import type { Deps } from '../packages/server/src/deps.js';
import { createUser } from '../packages/server/src/domains/account/service.js';
import { createSession } from '../packages/server/src/domains/account/sessions.js';
import { PATH, type Command, type Ready, type ServeSpec, type Stats } from './shared.js';

export function benchConfig(dataDir: string, hashConcurrency: number): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    production: false,
    demo: false,
    autoApprove: false,
    dbAppRole: 'vitrine_app',
    dbPool: 10,
    authCacheMs: 5000,
    jobs: false,
    secret: 'bench-secret',
    apiBase: '/api',
    tokenIdleSeconds: 3600,
    tokenMaxSeconds: 86400,
    hashConcurrency,
    logger: false,
    // Every call comes from 127.0.0.1: the per-IP auth bucket would stop the login bench at 60/min.
    limits: { authPerMinute: 1_000_000, smsPerMinute: 10, smsPerIpDay: 50, smsPerPhoneDay: 10 },
  };
}

const randomPhone = () => `1${randomInt(3, 10)}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

function procStatusKiB(field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync('/proc/self/status', 'utf8'));
  return m ? Number(m[1]) : NaN;
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  if (!addr || typeof addr === 'string') throw new Error('no port');
  return addr.port;
}

async function main() {
  const spec = JSON.parse(process.argv[2]) as ServeSpec;
  const send = (msg: Ready | Stats) => process.send?.(msg);
  let shutdown: () => Promise<void>;
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= shutdown().finally(() => process.exit(0)));

  if (spec.kind === 'template') {
    const db = await openPglite({});
    await migrate(db);
    writeFileSync(spec.out, await db.dump());
    await db.close();
    process.disconnect?.(); // the runner waits for this process to exit
    return;
  }

  if (spec.kind === 'hello') {
    const app = Fastify({ logger: false });
    // The same form body is sent to both servers; a bare Fastify needs a parser to accept it.
    await app.register(formbody);
    app.post(PATH, async () => ({ ret: 0, msg: 'ok', result: {} }));
    const port = await listen(app);
    shutdown = () => app.close();
    send({ type: 'ready', ports: [port] });
  } else {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-'));
    let db: Db;
    if ('pglite' in spec.db) db = await openPglite({ loadDataDir: readFileSync(spec.db.pglite) });
    else {
      db = await openPg(spec.db.pg);
      await migrate(db);
    }
    const config = benchConfig(dataDir, spec.hashConcurrency);
    const apps: FastifyInstance[] = [];
    const ports: number[] = [];
    let deps: Deps | undefined;
    for (const authCacheMs of spec.authCacheMs) {
      const built = await buildApp({ config, db, authCacheMs });
      deps ??= built.deps;
      apps.push(built.app);
      ports.push(await listen(built.app));
    }
    const d = deps as Deps;
    const headers = await db.tx({}, async (q) => {
      const user = await createUser(q, randomPhone(), spec.passwordHash, 'bench');
      const token = await createSession(d, q, user.id, '127.0.0.1', 'pc');
      return { appid: 'pc', at: token, id: String(user.id) };
    });
    const phones: string[] = [];
    await db.tx({}, async (q) => {
      while (phones.length < spec.loginUsers) {
        const phone = randomPhone();
        if (phones.includes(phone)) continue;
        await createUser(q, phone, spec.passwordHash, 'login');
        phones.push(phone);
      }
    });
    shutdown = async () => {
      for (const app of apps) await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
    send({ type: 'ready', ports, headers, phones });
  }

  process.on('message', (msg: Command) => {
    if (msg.cmd === 'resetPeak') {
      writeFileSync('/proc/self/clear_refs', '5'); // resets VmHWM (peak RSS) to the current RSS
      send({ type: 'stats', rssMiB: procStatusKiB('VmRSS') / 1024, peakRssMiB: procStatusKiB('VmHWM') / 1024 });
    } else if (msg.cmd === 'stats') {
      send({ type: 'stats', rssMiB: procStatusKiB('VmRSS') / 1024, peakRssMiB: procStatusKiB('VmHWM') / 1024 });
    } else if (msg.cmd === 'close') {
      void close();
    }
  });
  process.on('disconnect', () => void close());
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
