import type { Deps } from '../deps.js';
import { retainRaw } from '../stats/retention.js';
import type { JobDef } from './types.js';

/** Raw plays and visits past the retention removed, the months ahead created (docs/decisions/0119). */
export const rawRetention: JobDef<Deps> = {
  name: 'raw-retention',
  schedule: { cron: '41 3 * * *' },
  retry: { limit: 3, delaySeconds: 300, backoff: true },
  expireInSeconds: 60 * 60,
  async run(deps) {
    return retainRaw(deps.db, deps.config.rawRetentionDays);
  },
};
