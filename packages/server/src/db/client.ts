import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Anything that runs SQL: a transaction, or the unscoped connection used by migrations. */
export type Q = { query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> };

/**
 * Who a transaction acts for. The database's row-level security reads these settings, so a tenant
 * query that forgot its enterprise sees nothing (backstop; the queries filter by enterprise too).
 */
export type Scope = { userId?: number; enterpriseId?: number };

export type Db = {
  kind: 'pglite' | 'pg';
  tx<T>(scope: Scope, fn: (q: Q) => Promise<T>): Promise<T>;
  /** Unscoped access as the connecting (owner) role: migrations and the operator only. */
  admin: Q;
  close(): Promise<void>;
};

export const APP_ROLE = 'vitrine_app';

// One statement: the non-superuser role (so RLS applies) and who the transaction acts for.
const scopeSql = `select set_config('role', '${APP_ROLE}', true), set_config('app.user_id', $1, true), set_config('app.enterprise_id', $2, true)`;
const scopeParams = (s: Scope) => [String(s.userId ?? ''), String(s.enterpriseId ?? '')];
const idText = (n: number | undefined) => (n === undefined ? '' : String(Math.trunc(Number(n))));
/** begin + scope in one round trip (simple protocol; the ids are integers we format ourselves). */
const beginScoped = (s: Scope) =>
  `begin; select set_config('role', '${APP_ROLE}', true), set_config('app.user_id', '${idText(s.userId)}', true), set_config('app.enterprise_id', '${idText(s.enterpriseId)}', true)`;

/** PGlite has a single session: one mutex orders every statement and transaction. */
class Mutex {
  private last: Promise<unknown> = Promise.resolve();
  run<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.last.then(fn, fn);
    this.last = next.catch(() => undefined);
    return next;
  }
}

export async function openPglite(opts: { dataDir?: string; loadDataDir?: Blob }): Promise<Db & { pglite: PGlite }> {
  const pglite = await PGlite.create(opts.dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const mutex = new Mutex();
  const asQ = (run: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }>): Q => ({
    query: async <T>(sql: string, params?: unknown[]) => (await run(sql, params)).rows as T[],
  });
  return {
    kind: 'pglite',
    pglite,
    admin: asQ((sql, params) => mutex.run(() => pglite.query(sql, params))),
    tx: (scope, fn) =>
      mutex.run(() =>
        pglite.transaction(async (tx) => {
          await tx.query(scopeSql, scopeParams(scope));
          return fn(asQ((sql, params) => tx.query(sql, params)));
        }),
      ),
    close: () => mutex.run(() => pglite.close()),
  };
}

export async function openPg(url: string, max = 10): Promise<Db & { pool: pg.Pool }> {
  // int8 (count(*), bigint ids) as numbers: our values stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client can be cut by the server (restart, dropped database); the pool replaces it.
  // Without a listener that error would crash the process.
  pool.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
  const admin: Q = { query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[] };
  return {
    kind: 'pg',
    pool,
    admin,
    async tx(scope, fn) {
      const client = await pool.connect();
      try {
        await client.query(beginScoped(scope));
        const result = await fn({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** Narrow a running transaction to one enterprise, once the caller has found which (by its code). */
export async function enterTenant(q: Q, enterpriseId: number): Promise<void> {
  await q.query(`select set_config('app.enterprise_id', $1, true)`, [String(enterpriseId)]);
}
