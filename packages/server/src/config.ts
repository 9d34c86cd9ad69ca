import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  production: boolean;
  demo: boolean;
  autoApprove: boolean;
  /** Server secret: peppers SMS-code hashes. Kept in DATA_DIR so restarts keep codes valid. */
  secret: string;
  apiBase: string;
  webDist?: string;
  tokenIdleSeconds: number;
  tokenMaxSeconds: number;
  /** How many password hashes may be computed at once (each scrypt N=2^17 takes 128 MiB). */
  hashConcurrency: number;
  logger: boolean;
  /** Per-IP limits: calls a minute on the auth and SMS buckets, SMS codes a day. */
  limits: { authPerMinute: number; smsPerMinute: number; smsPerIpDay: number; smsPerPhoneDay: number };
  /**
   * Fail a call whose tenant transaction writes while its contract declares no operation-log verb
   * (one extra statement per transaction: on in tests, `CHECK_WRITES=1` elsewhere).
   */
  checkWrites?: boolean;
};

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
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    production: env.NODE_ENV === 'production',
    demo: env.DEMO !== '0',
    autoApprove: env.ENTERPRISE_AUTO_APPROVE === '1',
    secret: env.SECRET ?? secretFile(dataDir, '.secret'),
    apiBase: env.API_BASE ?? '/api',
    webDist: env.WEB_DIST,
    tokenIdleSeconds: Number(env.TOKEN_IDLE_SECONDS ?? 12 * 3600),
    tokenMaxSeconds: Number(env.TOKEN_MAX_SECONDS ?? 7 * 24 * 3600),
    hashConcurrency: Number(env.HASH_CONCURRENCY ?? 2),
    logger: env.LOG !== '0',
    checkWrites: env.CHECK_WRITES === '1',
    limits: {
      authPerMinute: Number(env.LIMIT_AUTH_PER_MINUTE ?? 60),
      smsPerMinute: Number(env.LIMIT_SMS_PER_MINUTE ?? 10),
      smsPerIpDay: Number(env.LIMIT_SMS_PER_IP_DAY ?? 50),
      smsPerPhoneDay: Number(env.LIMIT_SMS_PER_PHONE_DAY ?? 10),
    },
  };
}
