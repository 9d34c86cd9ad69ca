import pg from 'pg';
import type { Readable } from 'node:stream';
import { copyColumn } from './copy-out.js';
import { isInteractive, statementTimeout } from './limits.js';
import { Mutex } from './mutex.js';
import { PgListener, type Listener } from './listen.js';
import { PgliteHost, type HostOptions } from './pglite-host.js';
import { RedisRelay } from './relay.js';

/** Anything that runs SQL: a transaction, or the unscoped connection used by migrations. */
export type Q = { query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]> };

/**
 * Who a transaction acts for. The database's row-level security reads these settings, so a tenant
 * query that forgot its enterprise sees nothing (backstop; the queries filter by enterprise too).
 */
export type Scope = { userId?: number; enterpriseId?: number };

export type Db = {
  kind: 'pglite' | 'pg';
  /** The non-superuser role every transaction runs as (DB_APP_ROLE), so row-level security applies. */
  appRole: string;
  tx<T>(scope: Scope, fn: (q: Q) => Promise<T>): Promise<T>;
  /** One statement that only reads, in its own transaction acting for `scope`. */
  read<T = Record<string, unknown>>(scope: Scope, sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * One statement that writes, in its own transaction acting for `scope`; answers how many rows it
   * wrote and the rows it returned (`returning`, or a function's result).
   */
  write<T = Record<string, unknown>>(
    scope: Scope,
    sql: string,
    params?: unknown[],
  ): Promise<{ count: number; rows: T[] }>;
  /** Unscoped access as the connecting (owner) role: migrations and the operator only. */
  admin: Q;
  /**
   * One connection for a sequence of owner statements (an advisory lock, begin … commit). On PGlite
   * it holds the statement mutex: inside, use only the given `q`.
   */
  session<T>(fn: (q: Q) => Promise<T>): Promise<T>;
  /** Owner SQL that may hold several statements in one text (pg-boss sends such texts). */
  exec(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Call `on.notify` whenever a committed transaction notified `channel` — on this instance (before
   * `tx` returns) or on any other; `on.live(false)` while notifications may be missed.
   */
  listen(channel: string, on: Listener): Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: a one-column read acting for `scope`, its bytes streamed by COPY (db/copy-out.ts);
   * absent on PGlite, where callers read with a cursor.
   */
  copyColumn?(scope: Scope, sql: string, params?: unknown[]): Promise<Readable>;
  close(): Promise<void>;
};

export const DEFAULT_APP_ROLE = 'vitrine_app';
/** A plain lower-case identifier: it is written into SQL (set role, grants) without quoting. */
export const ROLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function checkRole(role: string): string {
  if (!ROLE_NAME.test(role)) throw new Error(`DB_APP_ROLE must be a lower-case SQL identifier, not "${role}"`);
  return role;
}

const idText = (n: number | undefined) => (n === undefined ? '' : String(Math.trunc(Number(n))));
/** The role (so RLS applies) and who the transaction acts for; the ids are integers we format ourselves. */
const scopeSql = (role: string, s: Scope) =>
  `select set_config('role', '${role}', true), set_config('app.user_id', '${idText(s.userId)}', true),
     set_config('app.enterprise_id', '${idText(s.enterpriseId)}', true)`;

/**
 * PostgreSQL: the scope, and the statement time limit of the work running (db/limits.ts: a request,
 * a device call, a job), sent with `begin` in one message. PGlite cannot cancel a statement.
 */
function beginSql(role: string, s: Scope): string {
  const ms = statementTimeout();
  return `begin; ${scopeSql(role, s)}${ms === undefined ? '' : `, set_config('statement_timeout', '${ms}', true)`}`;
}

/** Triggers mark the transaction with `vitrine.<channel>` = '1' beside their pg_notify (see 0031). */
export const notifyFlag = (channel: string) => `vitrine.${channel}`;

type Rows = { rows: unknown[] };
const lastRows = (r: Rows | Rows[]): Rows => (Array.isArray(r) ? (r[r.length - 1] ?? { rows: [] }) : r);

/**
 * The embedded database, on its own thread (db/pglite-host.ts) so that its statements never hold the
 * server's event loop. One session: a mutex orders every statement and transaction, console calls
 * first (db/mutex.ts).
 */
export async function openPglite(
  opts: HostOptions & { appRole?: string },
): Promise<Db & { dump(): Promise<Uint8Array> }> {
  const role = checkRole(opts.appRole ?? DEFAULT_APP_ROLE);
  const { appRole: _role, ...hostOptions } = opts;
  const pglite = await PgliteHost.start(hostOptions);
  const lock = new Mutex();
  const mutex = { run: <T>(fn: () => Promise<T>) => lock.run(fn, isInteractive()) };
  const asQ = (run: (sql: string, params?: unknown[]) => Promise<Rows>): Q => ({
    query: async <T>(sql: string, params?: unknown[]) => (await run(sql, params)).rows as T[],
  });
  const direct = asQ((sql, params) => pglite.query(sql, params));
  const begin = (scope: Scope) => `begin; ${scopeSql(role, scope)}`;
  const tx: Db['tx'] = (scope, fn) =>
    mutex.run(async () => {
      await pglite.exec(begin(scope));
      try {
        const result = await fn(direct);
        await pglite.exec('commit');
        return result;
      } catch (err) {
        if (!pglite.closed) await pglite.exec('rollback').catch(() => undefined);
        throw err;
      }
    });
  return {
    kind: 'pglite',
    appRole: role,
    dump: () => mutex.run(() => pglite.dump()),
    admin: asQ((sql, params) => mutex.run(() => pglite.query(sql, params))),
    tx,
    read: async <T>(scope: Scope, sql: string, params?: unknown[]) =>
      (await mutex.run(() => pglite.one(begin(scope), sql, params))).rows as T[],
    write: async <T>(scope: Scope, sql: string, params?: unknown[]) => {
      const r = await mutex.run(() => pglite.one(begin(scope), sql, params));
      return { count: r.affectedRows, rows: r.rows as T[] };
    },
    session: (fn) => mutex.run(() => fn(direct)),
    exec: (text, values) => mutex.run(() => pglite.exec(text, values)),
    // Notifications of a commit arrive before the commit's answer, so before tx() returns.
    listen: async (channel, on) => {
      const stop = await mutex.run(() => pglite.listen(channel, (payload) => on.notify(payload || undefined)));
      on.live?.(true);
      return () => mutex.run(() => stop());
    },
    close: () => mutex.run(() => pglite.close()),
  };
}

/**
 * `url` may go through PgBouncer in transaction mode: every pooled use is one transaction (scope set by
 * `set_config(…, true)`, unnamed statements only). `opts.directUrl` (default `url`) carries what needs
 * one server session across statements: LISTEN and `session()` (session advisory locks). With
 * `opts.redisUrl`, notifications reach the instances through Redis pub/sub (db/relay.ts).
 */
export async function openPg(
  url: string,
  max = 10,
  opts: { appRole?: string; directUrl?: string; redisUrl?: string } = {},
): Promise<Db & { pool: pg.Pool }> {
  const role = checkRole(opts.appRole ?? DEFAULT_APP_ROLE);
  // int8 (count(*), bigint ids) as numbers: our values stay far below 2^53.
  pg.types.setTypeParser(20, (v) => Number(v));
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client can be cut by the server (restart, dropped database); the pool replaces it.
  // Without a listener that error would crash the process.
  pool.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
  const admin: Q = { query: async <T>(sql: string, params?: unknown[]) => (await pool.query(sql, params)).rows as T[] };
  const directUrl = opts.directUrl ?? url;
  // session() holds one server session across statements: direct, and small (migrations, the seed)
  const direct = directUrl === url ? pool : new pg.Pool({ connectionString: directUrl, max: 2 });
  if (direct !== pool) direct.on('error', (err) => console.warn(`PostgreSQL idle client error: ${err.message}`));
  // notifications: each instance LISTENs, or (REDIS_URL) one relays them to Redis for all (db/relay.ts)
  const listener = opts.redisUrl ? new RedisRelay(directUrl, opts.redisUrl) : new PgListener(directUrl);
  // Commit reads the triggers' flags in the same round trip, so this instance forgets stale entries
  // before the caller answers, not when its own notification comes back a moment later.
  const commitSql = () => {
    const channels = listener.channels();
    if (!channels.length) return 'commit';
    return `select ${channels.map((c, i) => `current_setting('${notifyFlag(c)}', true) as c${i}`).join(', ')}; commit`;
  };
  async function inTx<T>(scope: Scope, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query(beginSql(role, scope));
      const result = await fn(client);
      const committed = (await client.query(commitSql())) as unknown as pg.QueryResult | pg.QueryResult[];
      if (Array.isArray(committed)) {
        const flags = Object.values(committed[0].rows[0] as Record<string, string | null>);
        listener.channels().forEach((c, i) => flags[i] === '1' && listener.fire(c));
      }
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
  return {
    kind: 'pg',
    appRole: role,
    pool,
    admin,
    tx: (scope, fn) =>
      inTx(scope, (client) =>
        fn({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] }),
      ),
    async write<T>(scope: Scope, sql: string, params?: unknown[]) {
      const r = await inTx(scope, (client) => client.query(sql, params));
      return { count: r.rowCount ?? 0, rows: r.rows as T[] };
    },
    read: async <T>(scope: Scope, sql: string, params?: unknown[]) =>
      (await inTx(scope, (client) => client.query(sql, params))).rows as T[],
    async session(fn) {
      const client = await direct.connect();
      let failed: Error | undefined;
      try {
        return await fn({
          query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
        });
      } catch (err) {
        failed = err as Error;
        throw err;
      } finally {
        // a session that failed may hold a lock or an open transaction: never hand it back
        client.release(failed);
      }
    },
    exec: async (text, values) => lastRows((await pool.query(text, values)) as unknown as Rows | Rows[]),
    listen: (channel, on) => listener.add(channel, on),
    copyColumn: (scope, sql, params) => copyColumn(pool, beginSql(role, scope), sql, params),
    close: async () => {
      await listener.close();
      await pool.end();
      if (direct !== pool) await direct.end();
    },
  };
}

/** Narrow a running transaction to one enterprise, once the caller has found which (by its code). */
export async function enterTenant(q: Q, enterpriseId: number): Promise<void> {
  await q.query(`select set_config('app.enterprise_id', $1, true)`, [String(enterpriseId)]);
}
