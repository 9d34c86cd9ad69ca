import { describe, expect, it } from 'vitest';
import { filterFromParams, filterToParams, lastDays, pageFromParams, toQuery, type FilterObject } from './filterUrl';

describe('filter ⇄ URL', () => {
  const full: FilterObject = {
    keyword: '徐汇 店',
    start_time: 1_700_000_000,
    end_time: 1_700_604_799,
    areaRange: { p: [], c: ['3101'], a: [], s: [] },
    shopRange: { p: ['11'], c: [], a: ['310104'], s: ['88'] },
    level: 2,
    etType: 'entrance',
    source: 'wx',
    gender: 2,
    DeviceType: 'pad',
    Direction: 0,
    status: 104,
    ad_type: 'main',
  };

  it('round-trips every field through the search params', () => {
    const params = filterToParams(full);
    expect(filterFromParams(new URLSearchParams(params.toString()))).toEqual(full);
  });

  it('keeps page-owned params, drops the page and empty values', () => {
    const base = new URLSearchParams('tab=review&entity=device&pageNum=3&keyword=old&status=102');
    const next = filterToParams({ keyword: '  ', shopRange: { p: [], c: [], a: [], s: [] }, Direction: 1 }, base);
    expect(next.get('tab')).toBe('review');
    expect(next.get('entity')).toBe('device');
    expect(next.has('pageNum')).toBe(false);
    expect(next.has('keyword')).toBe(false);
    expect(next.has('status')).toBe(false);
    expect(next.has('shopRange')).toBe(false);
    expect(next.get('Direction')).toBe('1');
    expect(filterFromParams(next)).toEqual({ Direction: 1 });
  });

  it('drops malformed values when reading', () => {
    const params = new URLSearchParams('status=abc&gender=1.5&shopRange=%7Bbad&keyword=ok');
    expect(filterFromParams(params)).toEqual({ keyword: 'ok' });
  });

  it('reads the page number', () => {
    expect(pageFromParams(new URLSearchParams('pageNum=4'))).toBe(4);
    expect(pageFromParams(new URLSearchParams('pageNum=-1'))).toBe(1);
    expect(pageFromParams(new URLSearchParams(''))).toBe(1);
  });

  it('builds the list body: ranges as JSON, the ad category under extend_opt', () => {
    expect(
      toQuery({ keyword: 'a', shopRange: { p: ['11'], c: [], a: [], s: [] }, ad_type: 'bgm', Direction: 0 }),
    ).toEqual({
      keyword: 'a',
      shopRange: '{"p":["11"],"c":[],"a":[],"s":[]}',
      extend_opt: '{"ad_type":"bgm"}',
      Direction: 0,
    });
  });

  it('time shortcuts cover 7 / 30 / 90 whole days in seconds', () => {
    const now = new Date(2026, 0, 31, 15, 0, 0);
    for (const days of [7, 30, 90]) {
      const { start_time, end_time } = lastDays(days, now);
      expect(Math.round((end_time - start_time + 1) / 86400)).toBe(days);
      expect(end_time).toBe(Math.floor(new Date(2026, 0, 31, 23, 59, 59).getTime() / 1000));
    }
  });
});
