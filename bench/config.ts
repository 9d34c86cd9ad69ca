import type { Config } from '../packages/server/src/config.js';

/** The server configuration of in-process bench apps: no logger, no jobs, limits out of the way. */
export const benchConfig = (dataDir: string): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  production: false,
  demo: false,
  autoApprove: false,
  secret: 'bench-secret',
  apiBase: '/api',
  dbAppRole: 'vitrine_app',
  dbPool: 10,
  authCacheMs: 5000,
  jobs: false,
  tokenIdleSeconds: 3600,
  tokenMaxSeconds: 86400,
  hashConcurrency: 2,
  logger: false,
  limits: { authPerMinute: 1_000_000, smsPerMinute: 10, smsPerIpDay: 50, smsPerPhoneDay: 10 },
});

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
export const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
