import { describe, expect, it } from 'vitest';
import type { PaResult } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { screenWithVisits } from '../../test/devices.js';
import { up } from '../db/migrations/0251_visit_rollup_gender_refold.js';
import { rollupAll, VISIT_COLUMNS } from './rollup.js';

// Migration 0251 (docs/decisions/0119): rollups folded before gender was a key are folded again per
// gender for the days whose raw events are still there; a day whose raw events are gone keeps its
// unsplit row (gender -1), counted in every unfiltered figure and in no gender's.

const t = useTestApp();
const DAY = 86_400;
const dayStr = (s: number) => new Date(s * 1000).toISOString().slice(0, 10);

/** The hourly rollup as it was before migration 0250 (one row per old key, gender -1), no per-gender daily rows. */
async function unsplit(ent: number) {
  const sums = VISIT_COLUMNS.split(', ');
  await t.db.admin.query(
    `with old as (delete from visit_rollup_hourly where enterprise_id = $1 returning *)
     insert into visit_rollup_hourly (enterprise_id, device_id, local_day, local_hour, shop_id, gender, ${VISIT_COLUMNS})
     select enterprise_id, device_id, local_day, local_hour, min(shop_id), -1, ${sums.map((c) => `sum(${c})`).join(', ')}
       from old group by enterprise_id, device_id, local_day, local_hour`,
    [ent],
  );
  await t.db.admin.query('delete from visit_rollup_daily_gender where enterprise_id = $1', [ent]);
}

describe('migration 0251: the visit rollups split by gender', () => {
  it('folds again the days with raw events and keeps the unsplit rows of days without', async () => {
    const { f, screen, now, events, accepted } = await screenWithVisits(t, 240, 4, 17);
    expect(accepted).toBe(240);
    expect(await rollupAll(t.db, 0)).toBe(240);
    const ent = f.ent.companyId;
    const recent = { from: dayStr(now - 5 * DAY), to: dayStr(now + DAY) };
    const pa = async (body: Record<string, unknown>) => (await post<PaResult>(t, 'stats/pa', body, f.sup)).body.result;
    const all = await pa(recent);
    const women = await pa({ ...recent, gender: 2 });
    expect(women.summary.visits).toBe(events.filter((e) => e.gender === 2).length);

    // before 0250: unsplit rows, and an old day whose raw events the retention removed
    await unsplit(ent);
    const old = dayStr(now - 200 * DAY);
    await t.db.admin.query(
      `insert into visit_rollup_daily (enterprise_id, local_day, shop_id, device_type, visits, female, h10)
       values ($1, $2::date, $3, 'big', 7, 4, 7)`,
      [ent, old, f.shop],
    );
    await t.db.admin.query(
      `insert into visit_rollup_hourly (enterprise_id, device_id, local_day, local_hour, shop_id, gender, visits, female)
       values ($1, $2, $3::date, 10, $4, -1, 7, 4)`,
      [ent, screen.id, old, f.shop],
    );
    expect((await pa({ ...recent, gender: 2 })).summary.visits).toBe(0);
    expect((await pa({ ...recent, gender: 2, group: 'hour' })).summary.visits).toBe(0);

    await up(t.db.admin);
    const split = await t.db.admin.query<{ gender: number; n: number }>(
      `select gender, count(*)::int as n from visit_rollup_hourly where enterprise_id = $1 group by gender order by gender`,
      [ent],
    );
    expect(split.map((r) => r.gender)).toEqual([-1, ...new Set(events.map((e) => e.gender))].sort());
    expect(split[0].n).toBe(1); // only the old day's row is left unsplit
    expect(await pa(recent)).toEqual(all);
    expect(await pa({ ...recent, gender: 2 })).toEqual(women);
    expect(await pa({ ...recent, gender: 2, group: 'hour' })).toMatchObject({ summary: women.summary });
    // the old day: counted unfiltered, in no gender, by day and by hour
    for (const group of ['day', 'hour']) {
      expect((await pa({ from: old, to: old, group })).summary.visits).toBe(7);
      expect((await pa({ from: old, to: old, group, gender: 2 })).summary.visits).toBe(0);
    }
    // nothing folded twice: the job finds nothing new
    expect(await rollupAll(t.db, 0)).toBe(0);
    expect(await pa(recent)).toEqual(all);
  });
});
