import type { Db } from '../db/client.js';
import { autoAnalyze } from './auto-analyze.js';
import type { Deps } from '../deps.js';
import { cleanup } from './cleanup.js';
import { deviceSweep } from './device-sweep.js';
import { informReminders } from './inform-reminders.js';
import { incentives } from './incentives.js';
import { rawRetention } from './raw-retention.js';
import { statsRollup } from './stats-rollup.js';
import { Jobs, type JobLog, type JobsOptions } from './runner.js';
import type { JobDef } from './types.js';

/**
 * Every background job, in one place: each one's schedule, retries and run live in its own file.
 */
export const JOBS: JobDef<Deps>[] = [
  cleanup,
  deviceSweep,
  statsRollup,
  rawRetention,
  informReminders,
  incentives,
  autoAnalyze,
];

export function createJobs(
  db: Db,
  deps: () => Deps,
  log: JobLog,
  opts?: JobsOptions,
  defs: JobDef<Deps>[] = JOBS,
): Jobs<Deps> {
  return new Jobs<Deps>(db, defs, deps, log, opts);
}
