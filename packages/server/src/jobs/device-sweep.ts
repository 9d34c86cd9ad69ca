import type { Deps } from '../deps.js';
import { runDeviceJobs } from '../device-api/loop.js';
import type { JobDef } from './types.js';

/**
 * The device sweep (docs/decisions/0070): every 15 s, one run across all instances — statuses
 * derived from the presence rows with each transition recorded, offline / back-online alerts, and
 * commands past their 24 h expired. A run is idempotent, so a retried or doubled one records nothing twice.
 */
export const deviceSweep: JobDef<Deps> = {
  name: 'device-sweep',
  schedule: { everySeconds: 15 },
  retry: { limit: 0, delaySeconds: 5 },
  expireInSeconds: 120,
  async run(deps) {
    const changes = await runDeviceJobs(deps);
    return { transitions: changes.length };
  },
};
