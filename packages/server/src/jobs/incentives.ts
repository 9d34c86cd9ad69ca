import type { Deps } from '../deps.js';
import { runIncentiveJobs } from '../domains/incentive/jobs.js';
import type { JobDef } from './types.js';

/** Every 5 minutes: messages for newly reached tiers, and the settlement of ended periods (once each). */
export const incentives: JobDef<Deps> = {
  name: 'incentives',
  schedule: { cron: '*/5 * * * *' },
  retry: { limit: 2, delaySeconds: 60 },
  expireInSeconds: 10 * 60,
  run: (deps) => runIncentiveJobs(deps),
};
