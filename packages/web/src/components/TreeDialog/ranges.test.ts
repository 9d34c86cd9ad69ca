import { describe, expect, it } from 'vitest';
import { ancestorsOf, buildRange, levelOf, rangeIds, toRange } from './ranges';

describe('tree ids and ranges', () => {
  it('reads the level from the id length (2 province, 4 city, 6 area, longer shop)', () => {
    expect(['11', '1101', '110101', '12345678', 'shop-123'].map(levelOf)).toEqual(['p', 'c', 'a', 's', 's']);
  });

  it('puts each checked node in its level', () => {
    expect(buildRange(['44', '3301', '110105', '11010500001'])).toEqual({
      p: ['44'],
      c: ['3301'],
      a: ['110105'],
      s: ['11010500001'],
    });
  });

  it('leaves out children of a checked parent (by region prefix and by loaded pid)', () => {
    const parents = new Map([
      ['11010500001', '110105'],
      ['11010500002', '110105'],
      ['31010100003', '310101'],
    ]);
    const checked = ['11', '1101', '110105', '11010500001', '11010500002', '310101', '31010100003', '440305'];
    expect(buildRange(checked, parents)).toEqual({ p: ['11'], c: [], a: ['310101', '440305'], s: [] });
  });

  it('keeps a shop whose area is only partly checked', () => {
    const parents = new Map([
      ['11010500001', '110105'],
      ['11010500002', '110105'],
    ]);
    expect(buildRange(['11010500002'], parents)).toEqual({ p: [], c: [], a: [], s: ['11010500002'] });
    expect(ancestorsOf('11010500002', parents)).toEqual(['110105', '1101', '11']);
  });

  it('ignores duplicates and gives an empty range for nothing', () => {
    expect(buildRange(['1101', '1101'])).toEqual({ p: [], c: ['1101'], a: [], s: [] });
    expect(buildRange([])).toEqual({ p: [], c: [], a: [], s: [] });
  });

  it('parses ranges from JSON and lists their ids', () => {
    const range = toRange('{"p":["11"],"s":[12345678]}');
    expect(range).toEqual({ p: ['11'], c: [], a: [], s: ['12345678'] });
    expect(rangeIds(range)).toEqual(['11', '12345678']);
    expect(toRange('not json')).toEqual({ p: [], c: [], a: [], s: [] });
  });
});
