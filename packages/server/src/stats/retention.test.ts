import { describe, expect, it } from 'vitest';
import type { PaResult } from '@vitrine/contract';
import { post, useTestApp } from '../../test/harness.js';
import { makeFleet, screenWithVisits } from '../../test/devices.js';
import { retainRaw } from './retention.js';

// Raw events kept for the window, rollups for ever (docs/decisions/0119): the retention removes raw
// visits past the window only after folding them, so every figure stays; months ahead are created,
// months past dropped, and a row that fell into the default partition moves to its month.

const t = useTestApp();
const DAY = 86_400_000;
const dayStr = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const monthOf = (ms: number) => dayStr(ms).slice(0, 7).replace('-', '_');

describe('raw event retention', () => {
  it('keeps the window, and past it removes raw rows only once they are in the rollups', async () => {
    const { f, events, accepted } = await screenWithVisits(t, 300, 5, 5);
    expect(accepted).toBe(300);
    const range = { from: dayStr(Date.now() - 6 * DAY), to: dayStr(Date.now() + DAY) };
    const pa = async () => (await post<PaResult>(t, 'stats/pa', range, f.sup)).body.result;
    const before = await pa();
    expect(before.summary.visits).toBe(300);
    const women = async () => (await post<PaResult>(t, 'stats/pa', { ...range, gender: 2 }, f.sup)).body.result;
    const womenBefore = await women();
    expect(womenBefore.summary.visits).toBe(events.filter((e) => e.gender === 2).length);
    const raw = async () =>
      (
        await t.db.admin.query<{ n: number }>('select count(*)::int as n from visit_events where enterprise_id = $1', [
          f.ent.companyId,
        ])
      )[0].n;

    // today: nothing is old enough; the months ahead exist
    const kept = await retainRaw(t.db, 90);
    expect(kept).toMatchObject({ droppedMonths: 0, deletedRows: 0 });
    expect(await raw()).toBe(300);
    const ahead = await t.db.admin.query<{ r: string | null }>('select to_regclass($1)::text as r', [
      `visit_events_${monthOf(Date.now() + 40 * DAY)}`,
    ]);
    expect(ahead[0].r).not.toBeNull();

    // a hundred days on, the same rows are past the window: folded first, then removed
    const later = Date.now() + 100 * DAY;
    const gone = await retainRaw(t.db, 90, dayStr(later), 0);
    expect(gone.folded).toBeGreaterThanOrEqual(300);
    expect(gone.deletedRows + gone.droppedMonths).toBeGreaterThan(0);
    expect(await raw()).toBe(0);
    const after = await pa();
    expect(after.summary).toEqual(before.summary);
    expect(after.series).toEqual(before.series);
    expect(after.heat).toEqual(before.heat);
    // a gender's figures too: they come from the rollups, not from the raw rows (docs/decisions/0119)
    const womenAfter = await women();
    expect(womenAfter.summary).toEqual(womenBefore.summary);
    expect(womenAfter.heat).toEqual(womenBefore.heat);
    // no month partition ending before the cut is left
    const left = await t.db.admin.query<{ relname: string }>(
      `select c.relname from pg_inherits i join pg_class c on c.oid = i.inhrelid join pg_class p on p.oid = i.inhparent
        where p.relname = 'visit_events' and c.relname < $1 and c.relname <> 'visit_events_default'`,
      [`visit_events_${gone.before.slice(0, 7).replace('-', '_')}`],
    );
    expect(left).toEqual([]);
  });

  it('moves rows the default partition caught into their month when it is created', async () => {
    const f = await makeFleet(t);
    const far = '2031-03-15';
    await t.db.admin.query(
      `insert into visit_events (enterprise_id, device_id, shop_id, event_id, event_at, local_day, local_hour, gender, age_band, action)
       values ($1, 0, $2, gen_random_uuid(), $3::timestamptz, $3::date, 12, 1, 2, 'pass')`,
      [f.ent.companyId, f.shop, far],
    );
    const where = async (rel: string) =>
      (
        await t.db.admin.query<{ n: number }>(`select count(*)::int as n from ${rel} where enterprise_id = $1`, [
          f.ent.companyId,
        ])
      )[0].n;
    expect(await where('visit_events_default')).toBe(1);
    const [made] = await t.db.admin.query<{ n: number }>(
      `select raw_partitions_ensure('visit_events', $1::date, $1::date) as n`,
      [far],
    );
    expect(made.n).toBe(1);
    expect(await where('visit_events_default')).toBe(0);
    expect(await where('visit_events_2031_03')).toBe(1);
    expect(await where('visit_events')).toBe(1);
  });
});
