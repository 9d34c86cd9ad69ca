import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { openPg, openPglite, type Db } from './client.js';
import { lockDataDir } from './lock.js';
import { migrate } from './migrate.js';

/** Open the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrate it. */
export async function openDatabase(config: Config): Promise<{ db: Db; release: () => void }> {
  if (config.databaseUrl) {
    const db = await openPg(config.databaseUrl, config.dbPool, { appRole: config.dbAppRole });
    await migrate(db);
    return { db, release: () => undefined };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const release = lockDataDir(config.dataDir);
  try {
    const db = await openPglite({ dataDir: join(config.dataDir, 'pglite'), appRole: config.dbAppRole });
    await migrate(db);
    return { db, release };
  } catch (err) {
    release();
    throw err;
  }
}
