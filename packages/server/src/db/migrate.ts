import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DEFAULT_APP_ROLE, type Db, type Q } from './client.js';
import { withAdvisoryLock } from './lock.js';
import { ensureAppRole } from './role.js';
import type { Row } from './schema/index.js';

const FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A data migration: `migrations/NNNN_name.ts` exporting `up`, run in its own transaction as the owner. */
export type DataMigration = { up(q: Q, ctx: { appRole: string }): Promise<void> };

/**
 * Migration files in order: `NNNN_name.sql` and `NNNN_name.ts` share one sequence and one
 * bookkeeping table. A data migration is recorded as `NNNN_name.ts` whether it runs from source
 * (tsx) or compiled (.js).
 */
export function migrationFiles(folder = FOLDER): { file: string; name: string }[] {
  const byName = new Map<string, string>();
  for (const file of readdirSync(folder).sort()) {
    if (file.endsWith('.sql')) byName.set(file, file);
    else if (/^\d{4}_[\w-]+\.(ts|js)$/.test(file) && !/\.(d|test)\.(ts|js)$/.test(file)) {
      const name = file.replace(/\.js$/, '.ts');
      if (!byName.has(name) || file.endsWith('.ts')) byName.set(name, file);
    }
  }
  return [...byName].map(([name, file]) => ({ name, file })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Apply the pending migrations once each, under an advisory lock so that instances starting
 * together take turns: the first migrates, the others find nothing left to do. SQL files name the
 * app role `vitrine_app`; it stands for the configured DB_APP_ROLE.
 */
export async function migrate(db: Db, folder = FOLDER): Promise<string[]> {
  return withAdvisoryLock(db, 'migrate', async (q) => {
    await ensureAppRole(q, db.appRole);
    await q.query(
      `create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
    );
    const done = new Set(
      (await q.query<Row<'schema_migrations', 'name'>>('select name from schema_migrations')).map((r) => r.name),
    );
    const applied: string[] = [];
    for (const { name, file } of migrationFiles(folder)) {
      if (done.has(name)) continue;
      await q.query('begin');
      try {
        if (file.endsWith('.sql')) {
          const sql = readFileSync(join(folder, file), 'utf8').replace(
            new RegExp(`\\b${DEFAULT_APP_ROLE}\\b`, 'g'),
            db.appRole,
          );
          for (const statement of splitSql(sql)) await q.query(statement);
        } else {
          const mod = (await import(pathToFileURL(join(folder, file)).href)) as DataMigration;
          await mod.up(q, { appRole: db.appRole });
        }
        await q.query('insert into schema_migrations (name) values ($1)', [name]);
        await q.query('commit');
      } catch (err) {
        await q.query('rollback');
        throw new Error(`migration ${name} failed: ${(err as Error).message}`);
      }
      applied.push(name);
    }
    return applied;
  });
}

/** Split on semicolons at line ends, keeping $$-quoted bodies whole. */
export function splitSql(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    if ((line.match(/\$\$/g) ?? []).length % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
