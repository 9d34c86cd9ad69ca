import type { Q } from '../client.js';
import { foldInto } from '../../stats/fold.js';
import { VISITS } from '../../stats/rollup.js';

// The visit rollups with gender (0250, docs/decisions/0119) filled for every local day whose raw
// events are still there: the retention removes whole days, so a day's folded events (ids up to its
// enterprise's watermark) are either all in visit_events or all gone. Such a day's hourly rows are
// folded again per gender (a day without keeps gender -1) and its per-gender daily rows made; the
// unsplit daily rollup is as it was. The watermark does not move: the events past it are folded by
// the job, into all three, as before.
const REFOLD = ['visit_rollup_hourly', 'visit_rollup_daily_gender'];

export async function up(q: Q): Promise<void> {
  const marks = await q.query<{ enterprise_id: number; last: string }>(
    `select enterprise_id, last_id::text as last from stats_watermarks where stream = $1 and last_id > 0`,
    [VISITS.name],
  );
  for (const { enterprise_id: ent, last } of marks) {
    for (const t of VISITS.targets.filter((x) => REFOLD.includes(x.table))) {
      await q.query(
        `delete from ${t.table} r using (select distinct local_day from ${VISITS.source} where enterprise_id = $1 and id <= $2::bigint) d
          where r.enterprise_id = $1 and r.local_day = d.local_day`,
        [ent, last],
      );
      await foldInto(q, ent, VISITS.source, t, '0', last);
    }
  }
}
