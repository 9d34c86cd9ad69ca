import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Q } from './client.js';

export class DataDirLockedError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite does not lock its data folder, and two processes writing it corrupt it. We hold a lock
 * file with our pid; a stale lock (its process gone) is taken over.
 */
export function lockDataDir(dir: string): () => void {
  const file = join(dir, 'vitrine.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(file, 'utf8'));
      if (pid && alive(pid) && pid !== process.pid) {
        throw new DataDirLockedError(
          `The data folder ${dir} is in use by another Vitrine process (pid ${pid}). ` +
            'Stop it first, or use a different DATA_DIR.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

/**
 * A PostgreSQL session advisory lock named `name` (scoped to the database), held while `fn` runs on
 * the same connection: N instances starting together take turns (migrations, the demo seed). The
 * lock goes with the connection if the process dies. PGlite has one session, where it is trivially
 * ours; there `fn` holds the statement mutex, so it must use only `q`.
 */
export async function withAdvisoryLock<T>(db: Db, name: string, fn: (q: Q) => Promise<T>): Promise<T> {
  return db.session(async (q) => {
    const key = `('x' || substr(md5($1), 1, 16))::bit(64)::bigint`;
    const unlock = () => q.query(`select pg_advisory_unlock(${key})`, [`vitrine:${name}`]);
    await q.query(`select pg_advisory_lock(${key})`, [`vitrine:${name}`]);
    let result: T;
    try {
      result = await fn(q);
    } catch (err) {
      // the failed session is closed, not pooled, so the lock cannot outlive it
      await unlock().catch(() => undefined);
      throw err;
    }
    await unlock();
    return result;
  });
}

/**
 * Run `fn` (which uses the database as usual) while no other instance runs the same `name`: the
 * demo seed when several instances start together. PGlite is one process already.
 */
export async function exclusive<T>(db: Db, name: string, fn: () => Promise<T>): Promise<T> {
  return db.kind === 'pglite' ? fn() : withAdvisoryLock(db, name, () => fn());
}
