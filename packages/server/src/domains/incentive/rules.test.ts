import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compare, reachedTier } from '@vitrine/contract';
import { endedPeriods, periodOf } from './period.js';

// The spec's compare operators (1 >=, 2 >, 3 =, 4 <=, 5 <) at their boundaries, tiers, and periods.

const ORACLE: Record<number, (a: number, b: number) => boolean> = {
  1: (a, b) => a - b >= 0,
  2: (a, b) => a - b > 0,
  3: (a, b) => a - b === 0,
  4: (a, b) => b - a >= 0,
  5: (a, b) => b - a > 0,
};

describe('incentive rules', () => {
  it('each operator agrees with its definition on and around every threshold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(1, 2, 3, 4, 5),
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: -1, max: 1 }),
        (op, threshold, delta) => {
          const value = threshold + delta;
          expect(compare(op as 1, value, threshold)).toBe(ORACLE[op](value, threshold));
        },
      ),
      { numRuns: 500 },
    );
    // the boundary itself: only the inclusive and equality operators hold
    expect([1, 2, 3, 4, 5].map((op) => compare(op as 1, 100, 100))).toEqual([true, false, true, true, false]);
  });

  it('the tier reached is the best whose threshold is met, for rising and falling tiers', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 12_000 }),
        (raw, value) => {
          const up = [...raw].sort((a, b) => a - b).map((threshold) => ({ threshold }));
          expect(reachedTier(1, value, up)).toBe(up.filter((t) => value >= t.threshold).length - 1);
          const down = [...up].reverse();
          expect(reachedTier(4, value, down)).toBe(down.filter((t) => value <= t.threshold).length - 1);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('cuts periods by day, Monday-to-Sunday week and month, inside the dates', () => {
    const s = { dateFrom: '2026-03-04', dateTo: '2026-04-10' };
    expect(periodOf({ ...s, reset: 'none' }, '2026-03-20')).toEqual({
      from: '2026-03-04',
      to: '2026-04-10',
      key: 'all',
    });
    expect(periodOf({ ...s, reset: 'daily' }, '2026-03-20')).toEqual({
      from: '2026-03-20',
      to: '2026-03-20',
      key: '2026-03-20',
    });
    // 2026-03-04 is a Wednesday: the first week starts with the dates
    expect(periodOf({ ...s, reset: 'weekly' }, '2026-03-05')).toEqual({
      from: '2026-03-04',
      to: '2026-03-08',
      key: 'W2026-03-02',
    });
    expect(periodOf({ ...s, reset: 'weekly' }, '2026-03-09')).toEqual({
      from: '2026-03-09',
      to: '2026-03-15',
      key: 'W2026-03-09',
    });
    expect(periodOf({ ...s, reset: 'monthly' }, '2026-04-30')).toEqual({
      from: '2026-04-01',
      to: '2026-04-10',
      key: 'M2026-04',
    });
    expect(periodOf({ ...s, reset: 'daily' }, '2026-01-01').from).toBe('2026-03-04');
    expect(endedPeriods({ ...s, reset: 'weekly' }, '2026-03-16').map((p) => p.key)).toEqual([
      'W2026-03-02',
      'W2026-03-09',
    ]);
    expect(endedPeriods({ ...s, reset: 'none' }, '2026-04-10')).toEqual([]);
    expect(endedPeriods({ ...s, reset: 'none' }, '2026-04-11').map((p) => p.key)).toEqual(['all']);
    expect(endedPeriods({ ...s, reset: 'monthly' }, '2026-04-02').map((p) => [p.from, p.to])).toEqual([
      ['2026-03-04', '2026-03-31'],
    ]);
  });
});
