import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { DeviceLoopConfig } from './device-api/config.js';
import { DEFAULT_APP_ROLE } from './db/client.js';
import type { StatementTimeouts } from './db/limits.js';
import { s3FromEnv, type S3Config } from './storage/config.js';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /**
   * A direct PostgreSQL URL (LISTEN_DATABASE_URL, default DATABASE_URL) for what needs one session
   * across statements: the LISTEN connection and session advisory locks (migrations, the seed). When
   * DATABASE_URL goes through PgBouncer in transaction mode, this one must not.
   */
  listenDatabaseUrl?: string;
  /**
   * REDIS_URL: notifications (caches, the live channel) reach the instances through Redis pub/sub,
   * one instance relaying PostgreSQL's (db/relay.ts); absent: every instance LISTENs. PostgreSQL only.
   */
  redisUrl?: string;
  /** The media bucket (S3_BUCKET and the other S3_* variables); absent: the folder DATA_DIR/files. */
  s3?: S3Config;
  /** The non-superuser role transactions run as (DB_APP_ROLE); one per install on a shared cluster. */
  dbAppRole: string;
  /** Connections in this instance's PostgreSQL pool (DB_POOL). */
  dbPool: number;
  /** How long who-is-calling lookups are kept; changes reach every instance by LISTEN/NOTIFY. */
  authCacheMs: number;
  /** Whether this instance works background jobs and keeps their schedules (JOBS=0: it only sends). */
  jobs: boolean;
  production: boolean;
  demo: boolean;
  /** HTTPS=1: the console is served over TLS (by us or a proxy in front): send HSTS. */
  https?: boolean;
  /** With the demo: simulated screens drive the demo's devices through the device API (SIMULATE=0: off). */
  simulate?: boolean;
  autoApprove: boolean;
  /** Server secret: peppers SMS-code hashes. Kept in DATA_DIR so restarts keep codes valid. */
  secret: string;
  apiBase: string;
  webDist?: string;
  /** The built device player (default packages/player/dist), served under /player/. */
  playerDist?: string;
  tokenIdleSeconds: number;
  tokenMaxSeconds: number;
  /** How many password hashes may be computed at once (each scrypt N=2^17 takes 128 MiB). */
  hashConcurrency: number;
  logger: boolean;
  /** One log line per request (LOG_REQUESTS=1); off by default, so the terminal shows what matters. */
  logRequests?: boolean;
  /** On SIGTERM, how long /readyz answers 503 before the server stops accepting (DRAIN_DELAY_MS, default 0). */
  drainDelayMs?: number;
  /** On SIGTERM, how long requests in flight may take before the connections still open are cut (SHUTDOWN_GRACE_MS, 10 s). */
  shutdownGraceMs?: number;
  /** Per-IP limits: calls a minute on the auth and SMS buckets, SMS codes a day. */
  limits: {
    authPerMinute: number;
    smsPerMinute: number;
    smsPerIpDay: number;
    smsPerPhoneDay: number;
    activatePerMinute?: number;
    activateWrongPerAddress?: number;
    joinPerMinute?: number;
  };
  /**
   * Fail a call whose tenant transaction writes while its contract declares no operation-log verb
   * (one extra statement per transaction: on in tests, `CHECK_WRITES=1` elsewhere).
   */
  checkWrites?: boolean;
  /**
   * Parse every answer with its call's result schema and fail the call on a mismatch (development
   * and tests; off in production, where `CHECK_RESULTS=1` turns it on).
   */
  checkResults?: boolean;
  /**
   * Days of raw device events (plays, visits) kept before the retention job removes them; at least
   * the device API's 90-day window for late events (RAW_RETENTION_DAYS; rollups are kept for ever).
   */
  rawRetentionDays?: number;
  /**
   * How long one SQL statement may run on PostgreSQL, by caller (db/limits.ts; 0 = no limit):
   * DB_STATEMENT_TIMEOUT_MS (console, 10 s), DB_DEVICE_STATEMENT_TIMEOUT_MS (device API, 5 s),
   * DB_JOB_STATEMENT_TIMEOUT_MS (background jobs, 300 s), DB_EXPORT_STATEMENT_TIMEOUT_MS (a CSV
   * export's COPY, paced by the download, 300 s). Defaults when absent.
   */
  statementTimeouts?: Partial<StatementTimeouts>;
  /** Device loop timings (heartbeat period, presence flush, sweep, per-device limit); defaults when absent. */
  deviceLoop?: Partial<DeviceLoopConfig>;
};

/** The device API accepts events up to 90 days old: raw rows are kept at least that long. */
export const RAW_RETENTION_MIN_DAYS = 90;

const envNum = (v: string | undefined) =>
  v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : undefined;

/** Read (or create, owner-only) a secret file in the data folder. */
export function secretFile(dataDir: string, name: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, name);
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = resolve(env.DATA_DIR ?? './data');
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    listenDatabaseUrl: env.LISTEN_DATABASE_URL || env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    s3: s3FromEnv(env),
    dbAppRole: env.DB_APP_ROLE || DEFAULT_APP_ROLE,
    dbPool: Number(env.DB_POOL ?? 10),
    authCacheMs: Number(env.AUTH_CACHE_MS ?? 5000),
    jobs: env.JOBS !== '0',
    production: env.NODE_ENV === 'production',
    https: env.HTTPS === '1',
    // production: off unless asked for (and then with a generated password, seed/demo.ts)
    demo: env.NODE_ENV === 'production' ? env.DEMO === '1' : env.DEMO !== '0',
    simulate: env.SIMULATE !== '0',
    autoApprove: env.ENTERPRISE_AUTO_APPROVE === '1',
    secret: env.SECRET ?? secretFile(dataDir, '.secret'),
    apiBase: env.API_BASE ?? '/api',
    webDist: env.WEB_DIST,
    playerDist: env.PLAYER_DIST,
    tokenIdleSeconds: Number(env.TOKEN_IDLE_SECONDS ?? 12 * 3600),
    tokenMaxSeconds: Number(env.TOKEN_MAX_SECONDS ?? 7 * 24 * 3600),
    hashConcurrency: Number(env.HASH_CONCURRENCY ?? 2),
    logger: env.LOG !== '0',
    logRequests: env.LOG_REQUESTS === '1',
    drainDelayMs: Number(env.DRAIN_DELAY_MS ?? 0),
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS ?? 10_000),
    checkWrites: env.CHECK_WRITES === '1',
    checkResults: env.CHECK_RESULTS ? env.CHECK_RESULTS === '1' : env.NODE_ENV !== 'production',
    limits: {
      authPerMinute: Number(env.LIMIT_AUTH_PER_MINUTE ?? 60),
      smsPerMinute: Number(env.LIMIT_SMS_PER_MINUTE ?? 10),
      // screens activating behind one shop router roll out fast; an address still stops after 5 wrong codes in 15 minutes
      activatePerMinute: Number(env.LIMIT_ACTIVATE_PER_MINUTE ?? 600),
      activateWrongPerAddress: Number(env.LIMIT_ACTIVATE_WRONG_PER_ADDRESS ?? 5),
      joinPerMinute: Number(env.LIMIT_JOIN_PER_MINUTE ?? 10),
      smsPerIpDay: Number(env.LIMIT_SMS_PER_IP_DAY ?? 50),
      smsPerPhoneDay: Number(env.LIMIT_SMS_PER_PHONE_DAY ?? 10),
    },
    rawRetentionDays: Math.max(RAW_RETENTION_MIN_DAYS, envNum(env.RAW_RETENTION_DAYS) ?? RAW_RETENTION_MIN_DAYS),
    statementTimeouts: Object.fromEntries(
      Object.entries({
        request: envNum(env.DB_STATEMENT_TIMEOUT_MS),
        device: envNum(env.DB_DEVICE_STATEMENT_TIMEOUT_MS),
        job: envNum(env.DB_JOB_STATEMENT_TIMEOUT_MS),
        export: envNum(env.DB_EXPORT_STATEMENT_TIMEOUT_MS),
      }).filter(([, v]) => v !== undefined),
    ),
    deviceLoop: Object.fromEntries(
      Object.entries({
        heartbeatSeconds: envNum(env.DEVICE_HEARTBEAT_SECONDS),
        flushMs: envNum(env.DEVICE_PRESENCE_FLUSH_MS),
        callsPerMinute: envNum(env.DEVICE_CALLS_PER_MINUTE),
        liveHeartbeatSeconds: envNum(env.DEVICE_LIVE_HEARTBEAT_SECONDS),
      }).filter(([, v]) => v !== undefined),
    ),
  };
}
