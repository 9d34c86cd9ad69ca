import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { epochOf, localDayOf } from '../lib/local-time.js';
import {
  interleave,
  resolve,
  type ContentInput,
  type PlanInput,
  type ResolveDevice,
  type World,
  pitchesFor,
} from './resolve.js';

// The resolution's rules as properties (issue 9 §5), checked against an oracle written separately:
// for a random instant, which plans run then is decided from the local wall clock directly.

const TZ = 'Asia/Shanghai';
const device: ResolveDevice = {
  id: 7,
  shopId: 70,
  province: '31',
  city: '3101',
  district: '310101',
  type: 'big',
  orientation: 1,
  timezone: TZ,
};
const url = (sha: string) => `/device-api/file?sha256=${sha}`;
const sha = (n: number) => n.toString(16).padStart(64, '0');
const content = (id: number, over: Partial<ContentInput> = {}): ContentInput => ({
  id,
  version: 1,
  adType: 'main',
  deviceType: 'big',
  orientation: 1,
  items: [{ sha256: sha(id), durationMs: 10_000 }],
  tracks: [],
  ...over,
});
const plan = (id: number, over: Partial<PlanInput> = {}): PlanInput => ({
  id,
  version: 1,
  priority: 5,
  isDefault: false,
  dateFrom: '2026-01-01',
  dateTo: '2026-12-31',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  dayparts: [],
  contents: [{ contentId: id, weight: 1 }],
  targets: { p: [], c: [], a: [], s: [device.shopId], d: [] },
  deviceType: 'all',
  orientation: -1,
  bgmContentId: null,
  ...over,
});
const worldOf = (
  plans: PlanInput[],
  contents: ContentInput[] = plans.flatMap((p) => p.contents.map((c) => content(c.contentId))),
): World => ({
  plans,
  contents: new Map(contents.map((c) => [c.id, c])),
  files: new Map(
    contents.flatMap((c) =>
      c.items.map((i) => [i.sha256, { sha256: i.sha256, size: 1000 + c.id, mime: 'image/png' }] as const),
    ),
  ),
});
// Monday 2026-11-23, 10:00 in Shanghai
const NOW = new Date(epochOf(TZ, '2026-11-23', 600) * 1000);

/** The oracle: does a plan run at instant t (Unix s), read from the local clock of t and of the day before. */
function runsAt(p: PlanInput, t: number): boolean {
  const day = localDayOf(TZ, t * 1000);
  const minute = Math.round((t - epochOf(TZ, day, 0)) / 60);
  const prev = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const on = (d: string) =>
    d >= p.dateFrom && d <= p.dateTo && p.weekdays.includes(new Date(`${d}T00:00:00Z`).getUTCDay());
  const m = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  if (!p.dayparts.length) return on(day);
  return p.dayparts.some(({ from, to }) => {
    const [f, e] = [m(from), m(to)];
    if (e > f) return on(day) && minute >= f && minute < e;
    return (on(day) && minute >= f) || (on(prev) && minute < e);
  });
}

const hhmm = fc
  .integer({ min: 0, max: 47 })
  .map((h) => `${String(Math.floor(h / 2)).padStart(2, '0')}:${h % 2 ? '30' : '00'}`);
const arbPlan = (id: number) =>
  fc
    .record({
      priority: fc.integer({ min: 1, max: 4 }),
      weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
      dayparts: fc.array(
        fc.record({ from: hhmm, to: hhmm }).filter((d) => d.from !== d.to),
        { maxLength: 2 },
      ),
      dateFrom: fc.constantFrom('2026-11-20', '2026-11-23', '2026-11-25'),
      dateTo: fc.constantFrom('2026-11-24', '2026-11-27', '2026-12-31'),
      weight: fc.integer({ min: 1, max: 3 }),
    })
    .map((r) =>
      plan(id, {
        ...r,
        dateTo: r.dateTo < r.dateFrom ? r.dateFrom : r.dateTo,
        contents: [{ contentId: id, weight: r.weight }],
      }),
    );
const arbPlans = fc
  .integer({ min: 1, max: 5 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => arbPlan(i + 1))));

describe('resolution (DESIGN §7)', () => {
  it('is deterministic and does not depend on the order plans are given in', () => {
    fc.assert(
      fc.property(arbPlans, (plans) => {
        const a = resolve(device, worldOf(plans), NOW, url);
        const b = resolve(device, worldOf([...plans].reverse()), NOW, url);
        expect(b).toEqual(a);
      }),
      { numRuns: 60 },
    );
  });

  it('at every moment the covering plans of the highest priority play (lowest id names the segment)', () => {
    fc.assert(
      fc.property(
        arbPlans,
        fc.array(fc.integer({ min: 0, max: 7 * 96 - 1 }), { minLength: 10, maxLength: 10 }),
        (plans, quarters) => {
          const pl = resolve(device, worldOf(plans), NOW, url);
          const start = epochOf(TZ, '2026-11-23', 0);
          for (const q of quarters) {
            const t = start + q * 900 + 450;
            const running = plans.filter((p) => runsAt(p, t));
            const seg = pl.segments.find((s) => s.from <= t && t < s.to);
            if (!running.length) {
              expect(seg, `nothing runs at ${t}`).toBeUndefined();
              continue;
            }
            const top = Math.max(...running.map((p) => p.priority));
            const winners = running
              .filter((p) => p.priority === top)
              .map((p) => p.id)
              .sort((x, y) => x - y);
            expect(seg?.planId).toBe(winners[0]);
            expect(new Set(seg!.items.map((i) => i.contentId))).toEqual(new Set(winners));
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('equal priorities share the segment by weight, in one fixed interleaving', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 9 }), (w1, w2) => {
        const plans = [
          plan(1, { contents: [{ contentId: 1, weight: w1 }] }),
          plan(2, { contents: [{ contentId: 2, weight: w2 }] }),
        ];
        const [seg] = resolve(device, worldOf(plans), NOW, url).segments;
        const count = (id: number) => seg.items.filter((i) => i.contentId === id).length;
        expect([count(1), count(2)]).toEqual([w1, w2]);
      }),
    );
    expect(
      interleave([
        { key: 1, weight: 2 },
        { key: 2, weight: 1 },
      ]),
    ).toEqual([1, 2, 1]);
  });

  it('an overnight daypart belongs to the day it starts; weekdays and dates end at local midnight', () => {
    // Fridays only, 22:00–02:00, until Saturday 2026-11-28
    const p = plan(1, { weekdays: [5], dayparts: [{ from: '22:00', to: '02:00' }], dateTo: '2026-11-27' });
    const pl = resolve(device, worldOf([p]), NOW, url);
    const at = (day: string, minute: number) => epochOf(TZ, day, minute);
    const plays = (t: number) => pl.segments.some((s) => s.from <= t && t < s.to);
    expect(plays(at('2026-11-27', 23 * 60))).toBe(true); // Friday 23:00
    expect(plays(at('2026-11-28', 60))).toBe(true); // Saturday 01:00: Friday's part, though the 28th is past dateTo
    expect(plays(at('2026-11-28', 120))).toBe(false); // Saturday 02:00
    expect(plays(at('2026-11-26', 23 * 60))).toBe(false); // Thursday
    // the last day runs to local midnight in Shanghai, which is 16:00 UTC
    const last = resolve(device, worldOf([plan(2, { dateTo: '2026-11-24' })]), NOW, url);
    expect(last.segments.at(-1)!.to).toBe(Date.parse('2026-11-24T16:00:00Z') / 1000);
  });

  it('gaps take the most specific default; nothing at all is the splash', () => {
    const area = plan(10, { isDefault: true, targets: { p: [], c: [], a: ['310101'], s: [], d: [] }, priority: 9 });
    const shop = plan(11, {
      isDefault: true,
      targets: { p: [], c: [], a: [], s: [device.shopId], d: [] },
      priority: 1,
    });
    const elsewhere = plan(12, { isDefault: true, targets: { p: [], c: [], a: ['440305'], s: [], d: [] } });
    const pl = resolve(device, worldOf([area, shop, elsewhere]), NOW, url);
    expect(pl.segments).toEqual([]);
    expect(pl.fallback?.planId).toBe(11);
    const splash = resolve(device, worldOf([]), NOW, url);
    expect(splash).toMatchObject({ segments: [], fallback: null, files: [], bgm: [] });
    expect(splash.nextChangeAt).toBe(epochOf(TZ, '2026-11-24', 0));
  });

  it('skips what does not fit the screen: other targets, device type, orientation, portrait contents', () => {
    const plans = [
      plan(1, { targets: { p: [], c: [], a: ['440305'], s: [], d: [] } }),
      plan(2, { deviceType: 'pad' }),
      plan(3, { orientation: 0 }),
      plan(4),
    ];
    const contents = [content(1), content(2), content(3), content(4, { orientation: 0 })];
    expect(resolve(device, worldOf(plans, contents), NOW, url).segments).toEqual([]);
  });

  it('any change to an input it depends on changes the ETag; the same inputs keep it', () => {
    const base = () => [plan(1, { dayparts: [{ from: '09:00', to: '18:00' }] }), plan(2, { priority: 3 })];
    const tag = (w: World, d = device, now = NOW) => resolve(d, w, now, url).etag;
    const ref = tag(worldOf(base()));
    expect(tag(worldOf(base()), device, new Date(NOW.getTime() + 3600_000))).toBe(ref); // later the same day
    const changed = [
      tag(worldOf(base().map((p) => (p.id === 2 ? { ...p, priority: 4 } : p)))),
      tag(worldOf(base().map((p) => (p.id === 1 ? { ...p, dayparts: [{ from: '09:00', to: '19:00' }] } : p)))),
      tag(worldOf(base().map((p) => (p.id === 1 ? { ...p, version: 2 } : p)))),
      tag(worldOf(base(), [content(1, { items: [{ sha256: sha(1), durationMs: 5000 }] }), content(2)])),
      tag({
        ...worldOf(base()),
        files: new Map([...worldOf(base()).files].map(([k, f]) => [k, { ...f, size: f.size + 1 }])),
      }),
      tag(worldOf(base()), { ...device, shopId: device.shopId, id: 8 }),
      tag(worldOf(base()), device, new Date(NOW.getTime() + 86_400_000)),
    ];
    for (const t of changed) expect(t).not.toBe(ref);
  });
});

describe('AI pitches for a screen', () => {
  const device = {
    id: 9,
    shopId: 5,
    province: '44',
    city: '4403',
    district: '440305',
    type: 'big',
    orientation: 1,
    timezone: 'Asia/Shanghai',
  };
  type Scope = { p: string[]; c: string[]; a: string[]; s: number[]; d: number[] };
  const none: Scope = { p: [], c: [], a: [], s: [], d: [] };
  const pitch = (id: number, scope: Partial<Scope>, gender = 1, ageBand = 2) => ({
    id,
    version: 1,
    gender,
    ageBand,
    text: `p${id}`,
    audio: null,
    scope: { ...none, ...scope },
  });

  it('the most specific pitch of each cell wins; the whole enterprise is the least specific; newest breaks ties', () => {
    const list = [
      pitch(1, {}),
      pitch(2, { p: ['44'] }),
      pitch(3, { a: ['440305'] }),
      pitch(4, { s: [6] }),
      pitch(5, {}, 2, 0),
      pitch(6, {}, 2, 0),
      pitch(7, { p: ['11'] }, 0, 4),
    ];
    expect(pitchesFor(device, list, true).map((p) => [p.gender, p.ageBand, p.pitchId])).toEqual([
      [1, 2, 3],
      [2, 0, 6],
    ]);
    expect(
      pitchesFor(
        device,
        list.filter((p) => p.id !== 3),
        true,
      ).find((p) => p.gender === 1)?.pitchId,
    ).toBe(2);
  });

  it('no pitches unless a plan that plays there has them on', () => {
    expect(pitchesFor(device, [pitch(1, {})], false)).toEqual([]);
  });
});
