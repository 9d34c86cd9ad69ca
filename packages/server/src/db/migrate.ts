import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureRegions } from '../domains/geo/load.js';
import type { Db } from './client.js';

const folder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Apply migrations/NNNN_*.sql in order, once each; the same files serve PGlite and PostgreSQL. */
export async function migrate(db: Db): Promise<string[]> {
  const q = db.admin;
  await q.query(`create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await q.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const name of readdirSync(folder).filter((f) => f.endsWith('.sql')).sort()) {
    if (done.has(name)) continue;
    const sql = readFileSync(join(folder, name), 'utf8');
    await q.query('begin');
    try {
      for (const statement of splitSql(sql)) await q.query(statement);
      await q.query('insert into schema_migrations (name) values ($1)', [name]);
      await q.query('commit');
    } catch (err) {
      await q.query('rollback');
      throw new Error(`migration ${name} failed: ${(err as Error).message}`);
    }
    applied.push(name);
  }
  // Reference data that ships with the code (GB/T 2260 regions), loaded once into an empty table.
  await ensureRegions(db);
  return applied;
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
