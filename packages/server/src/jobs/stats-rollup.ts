import type { Deps } from '../deps.js';
import { rollupAll } from '../stats/rollup.js';
import type { JobDef } from './types.js';

/**
 * The rollups brought up to date every 10 s (DESIGN §8; migration 0080), idempotent by the watermark.
 * Every read aggregates the raw rows past the watermark, so a short period keeps that tail small
 * while screens upload history (a minute of the demo's start burst was ~400,000 rows, read by every
 * statistic and then folded in one multi-second transaction; issue 25 §7). A run with nothing new
 * costs one small statement. On PGlite's one session no transaction commits while another is open,
 * so no smaller id can appear behind the watermark: nothing needs to settle there.
 */
export const statsRollup: JobDef<Deps> = {
  name: 'stats-rollup',
  schedule: { everySeconds: 10 },
  retry: { limit: 2, delaySeconds: 10 },
  expireInSeconds: 300,
  async run(deps) {
    return { folded: await rollupAll(deps.db, deps.db.kind === 'pglite' ? 0 : undefined) };
  },
};
