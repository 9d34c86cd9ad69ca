import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AGE_BUCKETS, RET, type PaResult, type VisitEvent } from '@vitrine/contract';
import { post, useTestApp } from '../../../test/harness.js';
import { activated, dev, makeDevice, makeFleet, type Fleet } from '../../../test/devices.js';
import { addMemberWithRange, makeShop, makeUser, tenantHeaders } from '../../../test/factories.js';
import { localClock, seeded, visitor } from '../../sim/visitors.js';
import { rollupAll } from '../../stats/rollup.js';
import { columns, shares } from './service.js';

// Visitor statistics from events the device API received: the figures equal an independent count
// of the test's own events, whether they come from rollups, raw rows past the watermark, or both; a
// late batch counts once; the data range and the filters cut them.

const t = useTestApp();
const TZ = 'Asia/Shanghai';
const dayOf = (time: number) => new Date((time + 8 * 3600) * 1000).toISOString().slice(0, 10);

type Sent = VisitEvent & { device: number };

/** The spec's columns counted directly from events, as a person would with a spreadsheet. */
function expected(events: Sent[]) {
  const c = {
    visits: events.length,
    male: 0,
    female: 0,
    unknown: 0,
    age: [0, 0, 0, 0, 0],
    act: [0, 0, 0, 0, 0],
    dwell: 0,
  };
  for (const e of events) {
    if (e.gender === 1) c.male++;
    else if (e.gender === 2) c.female++;
    else c.unknown++;
    c.age[e.ageBand]++;
    if (e.action !== 'pass') c.act[e.ageBand]++;
    c.dwell += e.dwellMs ?? 0;
  }
  return columns(c);
}

/** The heatmap counted from events: cells with visits, by local weekday then hour. */
function heatOf(events: Sent[]) {
  const m = new Map<string, { weekday: number; hour: number; visits: number }>();
  for (const e of events) {
    const c = localClock(e.time, TZ);
    const key = `${c.weekday}:${String(c.hour).padStart(2, '0')}`;
    const cell = m.get(key) ?? { weekday: c.weekday, hour: c.hour, visits: 0 };
    cell.visits++;
    m.set(key, cell);
  }
  return [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, c]) => c);
}

describe('stats/pa', () => {
  let f: Fleet;
  let other: number;
  const tokens: Record<number, string> = {};
  const sent: Sent[] = [];
  const now = Math.floor(Date.now() / 1000);
  const from = dayOf(now - 6 * 86400);
  const to = dayOf(now);

  async function send(device: number, events: VisitEvent[]) {
    for (let i = 0; i < events.length; i += 500) {
      const r = await dev<{ accepted: number }>(t, 'visits', { events: events.slice(i, i + 500) }, tokens[device]);
      expect(r.body.ret, JSON.stringify(r.body)).toBe(0);
      expect(r.body.result.accepted).toBe(Math.min(500, events.length - i));
    }
    sent.push(...events.map((e) => ({ ...e, device })));
  }
  const pa = async (body: Record<string, unknown>, headers = f.sup) => {
    const r = await post<PaResult>(t, 'stats/pa', { from, to, ...body }, headers);
    expect(r.body.ret, JSON.stringify(r.body)).toBe(0);
    return r.body.result;
  };

  it('counts exactly the visits the screens reported, from raw rows before the rollup and from rollups after', async () => {
    f = await makeFleet(t, { hours: '00:00-24:00' });
    const big = await makeDevice(t, f, { type: 'big' });
    const pad = await makeDevice(t, f, { type: 'pad' });
    tokens[big.id] = await activated(t, f, big);
    tokens[pad.id] = await activated(t, f, pad);
    other = big.id;
    const rng = seeded(11);
    const make = (n: number) => Array.from({ length: n }, () => visitor(now - 60 - Math.floor(rng() * 6 * 86400), rng));
    await send(big.id, make(700));
    await send(pad.id, make(300));

    const before = await pa({});
    expect(before.summary).toEqual(expected(sent));
    expect(await rollupAll(t.db, 0)).toBe(1000);
    const after = await pa({});
    expect(after.summary).toEqual(before.summary);
    expect(after.series).toEqual(before.series);
    // per day: each day's figures equal the events of that local day
    for (const row of after.series)
      expect(row).toEqual({ t: row.t, ...expected(sent.filter((e) => dayOf(e.time) === row.t)) });
    expect(after.series.reduce((s, r) => s + r.visits, 0)).toBe(1000);
    // the heatmap: visits by local weekday and hour, every cell, before and after the rollup, and
    // the same from the hourly rollup (series by hour) and for one gender
    expect(after.heat).toEqual(heatOf(sent));
    expect(before.heat).toEqual(after.heat);
    expect((await pa({ group: 'hour' })).heat).toEqual(after.heat);
    const women = await pa({ gender: 2 });
    expect(women.heat).toEqual(heatOf(sent.filter((e) => e.gender === 2)));
  });

  it('a late batch from a screen that was offline counts once: raw before its rollup, rolled up after', async () => {
    const late = Array.from({ length: 40 }, (_, i) => ({
      ...visitor(now - 3 * 86400 + i, seeded(i)),
      eventId: randomUUID(),
    }));
    await send(other, late);
    expect((await pa({})).summary.visits).toBe(1040);
    // the same batch again (a retry): duplicates, nothing added
    const again = await dev<{ accepted: number; duplicates: number }>(t, 'visits', { events: late }, tokens[other]);
    expect(again.body.result).toMatchObject({ accepted: 0, duplicates: 40 });
    expect(await rollupAll(t.db, 0)).toBe(40);
    expect(await rollupAll(t.db, 0)).toBe(0);
    expect((await pa({})).summary).toEqual(expected(sent));
    // the daily and the hourly rollups agree with each other and with the events, shop by shop
    const [day, hour] = [await pa({}), await pa({ group: 'hour' })];
    expect(hour.summary).toEqual(day.summary);
    expect(hour.byShop).toEqual(day.byShop);
    expect(day.heat).toEqual(heatOf(sent));
  });

  it('filters: gender, device type, group by week and month', async () => {
    expect((await pa({ gender: 2 })).summary.visits).toBe(sent.filter((e) => e.gender === 2).length);
    expect((await pa({ gender: 2 })).summary.female_num).toBe(100);
    // gender is a rollup key: the daily and the hourly rollups answer it, alone or with a device type
    for (const g of [0, 1, 2]) {
      const of = sent.filter((e) => e.gender === g);
      expect((await pa({ gender: g })).summary).toEqual(expected(of));
      expect((await pa({ gender: g, group: 'hour' })).summary).toEqual(expected(of));
      expect((await pa({ gender: g, DeviceType: 'pad' })).summary).toEqual(
        expected(of.filter((e) => e.device !== other)),
      );
    }
    const pads = sent.filter((e) => e.device !== other);
    expect((await pa({ DeviceType: 'pad' })).summary).toEqual(expected(pads));
    expect((await pa({ DeviceType: 'pad' })).heat).toEqual(heatOf(pads));
    expect((await pa({ DeviceType: 'pad', group: 'hour' })).summary).toEqual(expected(pads));
    expect((await pa({ group: 'month' })).series.reduce((s, r) => s + r.visits, 0)).toBe(sent.length);
    expect((await pa({ group: 'hour' })).series.reduce((s, r) => s + r.visits, 0)).toBe(sent.length);
    const prev = await pa({ from: dayOf(now + 86400 * 7), to: dayOf(now + 86400 * 13) });
    expect(prev.summary.visits).toBe(0);
    // the period before a future week is the week from today: today's visits
    expect(prev.previous.visits).toBe(sent.filter((e) => dayOf(e.time) === to).length);
  });

  it('is cut to the data range and the shop scope', async () => {
    const user = await makeUser(t);
    const node = await addMemberWithRange(t, f.ent, user, 2, { a: ['110101'] }); // a district without the fleet's shop
    const outside = await pa({}, tenantHeaders(user, f.ent, node));
    expect(outside.summary.visits).toBe(0);
    expect(outside.byShop).toEqual([]);
    const elsewhere = await makeShop(t, f.ent, {}, f.rev);
    expect((await pa({ shopRange: { p: [], c: [], a: [], s: [String(elsewhere)] } })).summary.visits).toBe(0);
    expect((await pa({ shopRange: { p: [], c: [], a: [], s: [String(f.shop)] } })).summary.visits).toBe(sent.length);
    expect((await pa({})).byShop.map((s) => s.shopId)).toEqual([f.shop]);
  });

  it('refuses a reversed or too long range with 40001', async () => {
    expect((await post(t, 'stats/pa', { from: to, to: from }, f.sup)).body.ret).toBe(RET.validation);
    expect((await post(t, 'stats/pa', { from: '2020-01-01', to: '2026-01-01' }, f.sup)).body.ret).toBe(RET.validation);
  });
});

describe('visitor columns', () => {
  it('gender shares add up to 100 with one decimal', () => {
    expect(shares([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(shares([0, 0, 0])).toEqual([0, 0, 0]);
    expect(AGE_BUCKETS).toHaveLength(5);
  });
});
