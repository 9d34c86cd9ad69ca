import type { AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { DataDirLockedError, exclusive } from './db/lock.js';
import { openDatabase } from './db/open.js';
import { DEMO_USERS, demoPassword, seedDemo } from './seed/demo.js';
import { startSimulation, type Simulation } from './sim/run.js';

async function main() {
  const config = configFromEnv();
  let opened;
  try {
    opened = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { db, release } = opened;
  const { app, deps, jobs, health } = await buildApp({ config, db });
  // a wrong bucket or credentials fail here, not at the first upload
  await deps.storage.check().catch((err: unknown) => {
    throw new Error(
      `media storage (${deps.storage.kind}) not reachable: ${err instanceof Error ? err.name + ': ' + err.message : String(err)}`,
    );
  });
  if (config.demo) {
    // instances starting together on one PostgreSQL: one seeds, the others find the data there
    const demo = await exclusive(db, 'demo', () => seedDemo(deps));
    // plain text on the terminal, not a JSON log line with the logins escaped inside it
    if (demo) console.log(`\n${demo.banner}\n`);
  }
  await app.listen({ port: config.port, host: config.host });
  if (config.jobs) await jobs.start();
  let sim: Simulation | undefined;
  let closing = false;
  if (config.demo && config.simulate) {
    // The demo's screens are simulated through the device API, so every status, play and visit the
    // console shows was reported by a device (SIMULATE=0 leaves them never connected).
    const { port } = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::', 'localhost', ''].includes(config.host) ? '127.0.0.1' : config.host;
    startSimulation({
      base: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      phone: DEMO_USERS.supervisor.phone,
      password: demoPassword(config),
      log: (m) => app.log.info(m),
    }).then(
      (s) => {
        sim = s;
        if (closing) s.stop();
        // Fold before serving (issue 25 §7): the history burst lands in raw rows that every read would
        // aggregate until the next rollup, a minute on; fold (and analyze, on PGlite) once the burst
        // has settled past the rollup's settle window, so the first minute reads folded data.
        if (config.jobs) {
          void s.history
            .then(async () => {
              if (closing) return;
              await new Promise((r) => setTimeout(r, 11_000).unref());
              await jobs.send('stats-rollup');
              await jobs.send('auto-analyze');
            })
            .catch((err: unknown) =>
              app.log.warn(`fold after the demo's history: ${err instanceof Error ? err.message : String(err)}`),
            );
        }
      },
      (err: unknown) => app.log.warn(`simulator not started: ${err instanceof Error ? err.message : String(err)}`),
    );
  }
  console.log(
    `\n  Vitrine is running: http://localhost:${config.port}/index\n` +
      `  API ${config.apiBase}, docs ${config.apiBase}/docs · database ${db.kind} · media ${deps.storage.kind}` +
      `${config.demo ? `\n  demo sign-in: ${DEMO_USERS.supervisor.phone} (main admin), password ${demoPassword(config)}` : ''}\n`,
  );

  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    sim?.stop();
    // readiness says no at once; a balancer polling it stops sending new requests before we stop accepting
    health.draining = true;
    if (config.drainDelayMs) await new Promise((r) => setTimeout(r, config.drainDelayMs));
    app.log.info(`${signal}: finishing requests and jobs in flight, then closing the database`);
    // Requests in flight get SHUTDOWN_GRACE_MS to finish; then what is still connected is cut (a client
    // that never finishes its request, a keep-alive connection that turned idle after the close began
    // and that its client holds on to), so that SIGTERM always ends the process.
    const grace = config.shutdownGraceMs ?? 10_000;
    const cut = setTimeout(() => {
      app.log.warn(`${signal}: connections still open after ${grace} ms, closed`);
      app.server.closeAllConnections(); // HTTP connections; the live hub has said bye to the WebSockets
    }, grace).unref();
    await app.close(); // stops accepting, waits for requests in flight, then stops the jobs
    clearTimeout(cut);
    await db.close();
    release();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
