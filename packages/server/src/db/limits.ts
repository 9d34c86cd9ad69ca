import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

// The time one SQL statement may take, by who is asking (issue 24 §1, docs/decisions/0117): a
// console request, a device call, a background job. Each entry point runs its work inside
// `withStatementTimeout`; every transaction it opens on PostgreSQL starts with
// `set_config('statement_timeout', …, true)` (db/client.ts), so one caller's heavy read ends at the
// limit instead of holding a connection. Outside any entry point (start-up, migrations, the seed,
// the operator command) no limit is set. PGlite has no timer to cancel a statement with: there the
// bounded periods of the lists and statistics keep every call short.

export type StatementTimeouts = {
  /** Console and public calls (DB_STATEMENT_TIMEOUT_MS). */
  request: number;
  /** Device API calls (DB_DEVICE_STATEMENT_TIMEOUT_MS): small statements on a hot path. */
  device: number;
  /** Background jobs (DB_JOB_STATEMENT_TIMEOUT_MS): folds and settlements may read a lot; 0 = none. */
  job: number;
  /**
   * A CSV export (DB_EXPORT_STATEMENT_TIMEOUT_MS): its COPY is one statement paced by the reader's
   * download (backpressure), so the console's limit would cut a slow download short. Its period is
   * capped (400 days) like every statistic's.
   */
  export: number;
};

export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = {
  request: 10_000,
  device: 5_000,
  job: 300_000,
  export: 300_000,
};

/** The configured limits over the defaults. */
export const statementTimeouts = (over: Partial<StatementTimeouts> = {}): StatementTimeouts => ({
  ...DEFAULT_STATEMENT_TIMEOUTS,
  ...over,
});

const current = new AsyncLocalStorage<{ ms: number; interactive: boolean }>();

/**
 * Run `fn` with its statements limited to `ms` (0: no limit). `interactive`: a person waits for it
 * (a console call) — on PGlite's single session its statements go before queued device and job work
 * (db/mutex.ts), so the console stays quick while screens upload their history.
 */
export const withStatementTimeout = <T>(ms: number, fn: () => T, interactive = false): T =>
  current.run({ ms: Math.max(0, Math.trunc(ms)), interactive }, fn);

/** The limit of the work running now, in ms; undefined outside any entry point. */
export const statementTimeout = (): number | undefined => current.getStore()?.ms;

/** Whether a person waits for the work running now (a console call). */
export const isInteractive = (): boolean => current.getStore()?.interactive === true;

/**
 * Every request of `app` (a plugin scope) runs its handler with `ms` as its statement limit. The
 * store is entered in preHandler, after the body is read: the handler (and the caller resolution in
 * it) runs from there.
 */
export function limitStatements(app: FastifyInstance, ms: number, interactive = false): void {
  app.addHook('preHandler', (_req, _reply, done) => withStatementTimeout(ms, done, interactive));
}
