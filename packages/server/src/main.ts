import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { DataDirLockedError, exclusive } from './db/lock.js';
import { openDatabase } from './db/open.js';
import { seedDemo } from './seed/demo.js';

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
  const { app, deps, jobs } = await buildApp({ config, db });
  if (config.demo) {
    // instances starting together on one PostgreSQL: one seeds, the others find the data there
    const demo = await exclusive(db, 'demo', () => seedDemo(deps));
    if (demo) app.log.info(demo.banner);
  }
  await app.listen({ port: config.port, host: config.host });
  if (config.jobs) await jobs.start();
  app.log.info(`Vitrine on http://localhost:${config.port} (API ${config.apiBase}, docs ${config.apiBase}/docs, database ${db.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests and jobs in flight, then closing the database`);
    await app.close(); // stops accepting, waits for requests in flight, then stops the jobs
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
