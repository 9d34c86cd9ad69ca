import { randomUUID } from 'node:crypto';
import { isOpenAt, type Span, type VisitEvent } from '@vitrine/contract';

// Who walks past a screen, written once for the live simulation and the backdated history: an
// hourly curve within the shop's opening hours (a lunch and an evening peak, busier weekends), a
// gender and age mix, and what each visitor did. Deterministic for a given random source, so tests
// can check the figures the console later shows.

export type Rng = () => number;

/** A small seeded generator (mulberry32): the same seed gives the same visitors. */
export function seeded(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Relative traffic by local hour (0–23): quiet mornings, a lunch peak, the evening peak. */
const CURVE = [
  0.1, 0.05, 0.05, 0.05, 0.05, 0.1, 0.2, 0.4, 0.6, 0.7, 0.8, 0.9, 1.2, 1.1, 0.8, 0.7, 0.8, 1.0, 1.3, 1.4, 1.2, 0.9, 0.6,
  0.3,
];

/** Expected visitors per hour at this local hour and weekday (0 = Sunday) for a device of this weight. */
export function hourlyRate(hour: number, weekday: number, weight = 1): number {
  const weekend = weekday === 0 || weekday === 6 ? 1.35 : 1;
  return 12 * CURVE[hour] * weekend * weight;
}

/** Poisson-distributed count with this mean (Knuth for small means, normal approximation above 30). */
export function poisson(mean: number, rng: Rng): number {
  if (mean <= 0) return 0;
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * gaussian(rng)));
  const l = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= rng();
  } while (p > l);
  return k - 1;
}

function gaussian(rng: Rng) {
  return Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
}

const pick = <T>(rng: Rng, weighted: [T, number][]): T => {
  let r = rng() * weighted.reduce((s, [, w]) => s + w, 0);
  for (const [v, w] of weighted) if ((r -= w) < 0) return v;
  return weighted[weighted.length - 1][0];
};

/** One visitor at `time` (Unix seconds): gender 1 male / 2 female / 0 unknown, age band 0–4, action. */
export function visitor(time: number, rng: Rng): VisitEvent {
  const gender = pick<0 | 1 | 2>(rng, [
    [2, 0.52],
    [1, 0.43],
    [0, 0.05],
  ]);
  const ageBand = pick(rng, [
    [0, 0.08],
    [1, 0.3],
    [2, 0.3],
    [3, 0.18],
    [4, 0.14],
  ]);
  const action = pick<VisitEvent['action']>(rng, [
    ['pass', 0.55],
    ['watch', 0.3],
    ['interact', 0.08],
    ['enter', 0.07],
  ]);
  const dwellMs = action === 'pass' ? Math.round(500 + rng() * 2500) : Math.round(3000 + rng() * 40_000);
  return { eventId: randomUUID(), time: Math.round(time * 1000) / 1000, gender, ageBand, action, dwellMs };
}

/** The local hour, minute of day and weekday of a Unix time in a time zone. */
export function localClock(time: number, timeZone: string): { hour: number; minute: number; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: 'numeric',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(new Date(time * 1000));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '0';
  const hour = Number(get('hour')) % 24;
  const minute = hour * 60 + Number(get('minute'));
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return { hour, minute, weekday };
}

/**
 * Visitors between `from` and `to` (Unix seconds) for one device, hour by hour, only while the shop
 * is open. `scale` multiplies the rate (the simulation's speed, or a thinner history).
 */
export function visitorsBetween(
  from: number,
  to: number,
  opts: { timeZone: string; hours: Span[]; rng: Rng; weight?: number; scale?: number },
): VisitEvent[] {
  const out: VisitEvent[] = [];
  for (let start = from; start < to; start += 3600) {
    const end = Math.min(to, start + 3600);
    const mid = (start + end) / 2;
    const clock = localClock(mid, opts.timeZone);
    if (!isOpenAt(opts.hours, clock.minute)) continue;
    const mean = hourlyRate(clock.hour, clock.weekday, opts.weight) * ((end - start) / 3600) * (opts.scale ?? 1);
    const n = poisson(mean, opts.rng);
    for (let i = 0; i < n; i++) out.push(visitor(start + opts.rng() * (end - start), opts.rng));
  }
  return out.sort((a, b) => a.time - b.time);
}
