import { describe, expect, it } from 'vitest';
import { bodyOf, change, lastDays, readFilter, writeFilter } from './filter';

describe('data centre filter', () => {
  const today = new Date('2026-11-23T04:00:00Z');
  it('defaults to the last 7 days by day; 90 days by week', () => {
    expect(readFilter(new URLSearchParams(), today)).toMatchObject({
      from: '2026-11-17',
      to: '2026-11-23',
      days: 7,
      group: 'day',
      scope: null,
    });
    expect(readFilter(new URLSearchParams('days=90'), today)).toMatchObject({
      days: 90,
      group: 'week',
      from: lastDays(90, today).from,
    });
  });
  it('round-trips custom dates, gender, type and the shop scope through the URL', () => {
    const scope = { p: [], c: [], a: ['310101'], s: ['12'] };
    const p = writeFilter(
      {
        days: null,
        from: '2026-10-01',
        to: '2026-10-31',
        gender: 2,
        DeviceType: 'pad',
        scope,
        shopCount: 3,
        group: 'month',
      },
      new URLSearchParams('days=30'),
    );
    const f = readFilter(p, today);
    expect(f).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
      days: null,
      gender: 2,
      DeviceType: 'pad',
      scope,
      shopCount: 3,
      group: 'month',
    });
    expect(bodyOf(f)).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      group: 'month',
      gender: 2,
      DeviceType: 'pad',
      shopRange: scope,
    });
  });
  it('ignores what it cannot read', () => {
    expect(readFilter(new URLSearchParams('days=8&group=year&gender=9&type=tv&scope=nope'), today)).toMatchObject({
      days: 7,
      group: 'day',
      gender: undefined,
      DeviceType: undefined,
      scope: null,
    });
  });
  it('changes against the previous period', () => {
    expect(change(120, 100)).toBe(20);
    expect(change(80, 100)).toBe(-20);
    expect(change(5, 0)).toBeNull();
  });
  it("counts today in the enterprise's time zone, not the browser's", () => {
    // 16:30 UTC on the 23rd is 00:30 on the 24th in Shanghai: the newest visits are on the 24th there
    const late = new Date('2026-11-23T16:30:00Z');
    expect(lastDays(7, late)).toEqual({ from: '2026-11-18', to: '2026-11-24' });
    expect(lastDays(7, late, 'Europe/London')).toEqual({ from: '2026-11-17', to: '2026-11-23' });
    expect(readFilter(new URLSearchParams(), late, 'Asia/Shanghai')).toMatchObject({
      from: '2026-11-18',
      to: '2026-11-24',
    });
  });
});
