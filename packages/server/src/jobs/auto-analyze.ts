import type { Db } from '../db/client.js';
import type { Deps } from '../deps.js';
import type { JobDef } from './types.js';

/**
 * PGlite has no autovacuum, so nothing told its planner how big the event and sales tables had grown:
 * it chose nested loops over the demo's data (stats/pdt 2.9 s, 12 ms once analyzed; issue 25 §7).
 * This does what PostgreSQL's autoanalyze does — a table whose rows changed by more than 50 + 10 %
 * since it was last analyzed is analyzed — every 20 s on PGlite. PostgreSQL analyzes by itself.
 */
export async function analyzeChanged(db: Db): Promise<string[]> {
  if (db.kind !== 'pglite') return [];
  const due = await db.admin.query<{ name: string }>(
    `select quote_ident(schemaname) || '.' || quote_ident(relname) as name
       from pg_stat_user_tables where n_mod_since_analyze > 50 + 0.1 * n_live_tup order by n_mod_since_analyze desc`,
  );
  for (const { name } of due) await db.admin.query(`analyze ${name}`);
  return due.map((d) => d.name);
}

export const autoAnalyze: JobDef<Deps> = {
  name: 'auto-analyze',
  schedule: { everySeconds: 20 },
  retry: { limit: 0, delaySeconds: 20 },
  expireInSeconds: 300,
  async run(deps) {
    return { analyzed: (await analyzeChanged(deps.db)).length };
  },
};
