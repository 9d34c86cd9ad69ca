import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { openPg, openPglite, type Db } from './client.js';
import { lockDataDir } from './lock.js';
import { migrate } from './migrate.js';

/**
 * Everything under DATA_DIR (database files, uploads, secrets) is the owner's only: new files by the
 * process umask, and what an earlier version left readable (PGlite wrote 0666) put right at start.
 */
export function ownerOnly(dir: string): void {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (d: string) => {
    chmodSync(d, 0o700);
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, e.name);
      if (e.isDirectory()) walk(path);
      else if (e.isFile()) chmodSync(path, 0o600);
    }
  };
  walk(dir);
}

/** Open the configured database (PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR) and migrate it. */
export async function openDatabase(config: Config): Promise<{ db: Db; release: () => void }> {
  ownerOnly(config.dataDir);
  if (config.databaseUrl) {
    const db = await openPg(config.databaseUrl, config.dbPool, {
      appRole: config.dbAppRole,
      directUrl: config.listenDatabaseUrl,
      redisUrl: config.redisUrl,
    });
    await migrate(db);
    return { db, release: () => undefined };
  }
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
