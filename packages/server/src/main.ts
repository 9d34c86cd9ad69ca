import { buildApp } from './app.js';
import { configFromEnv } from './config.js';
import { DataDirLockedError } from './db/lock.js';
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
  const { app, deps } = await buildApp({ config, db });
  if (config.demo) {
    const demo = await seedDemo(deps);
    if (demo) app.log.info(demo.banner);
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Vitrine on http://localhost:${config.port} (API ${config.apiBase}, docs ${config.apiBase}/docs, database ${db.kind})`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: finishing requests in flight, then closing the database`);
    await app.close(); // stops accepting, waits for requests in flight
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
