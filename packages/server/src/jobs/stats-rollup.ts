import type { Deps } from '../deps.js';
import { rollupAll } from '../stats/rollup.js';
import type { JobDef } from './types.js';

/** Visit rollups brought up to date every minute (DESIGN §8; migration 0080). Idempotent by its watermark. */
export const statsRollup: JobDef<Deps> = {
  name: 'stats-rollup',
  schedule: { everySeconds: 60 },
  retry: { limit: 2, delaySeconds: 10 },
  expireInSeconds: 300,
  async run(deps) {
    return { folded: await rollupAll(deps.db) };
  },
};
