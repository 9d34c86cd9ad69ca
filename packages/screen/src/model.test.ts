import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  compareRows,
  formatPrice,
  itemAt,
  itemDuration,
  PRODUCT_MS,
  type ScreenItem,
  type ScreenProduct,
} from './model';

const pic = (ms: number, key = String(ms)): ScreenItem => ({
  key,
  contentId: 1,
  type: 'main',
  durationMs: ms,
  media: [{ url: 'a.png', mime: 'image/png' }],
});
const product = (id: number, specs: [string, string][]): ScreenProduct => ({
  id,
  name: `P${id}`,
  brand: '',
  price: 100,
  unit: '',
  sellingPoints: [],
  specs: specs.map(([name, value]) => ({ name, value })),
});

describe('the screen model', () => {
  it('an item lasts its own duration, else 10 s for a picture, 15 s for a product slot, 30 s for a video of unknown length', () => {
    expect(itemDuration(pic(4000))).toBe(4000);
    expect(itemDuration(pic(0))).toBe(10_000);
    expect(itemDuration({ ...pic(0), type: 'compare', media: [] })).toBe(PRODUCT_MS);
    expect(itemDuration({ ...pic(0), media: [{ url: 'v.mp4', mime: 'video/mp4' }] })).toBe(30_000);
  });

  it('itemAt walks the loop: boundaries belong to the next item, time wraps, nothing to show is -1', () => {
    const items = [pic(1000, 'a'), pic(2000, 'b'), pic(3000, 'c')];
    expect(itemAt(items, 0)).toEqual({ index: 0, offsetMs: 0 });
    expect(itemAt(items, 999)).toEqual({ index: 0, offsetMs: 999 });
    expect(itemAt(items, 1000)).toEqual({ index: 1, offsetMs: 0 });
    expect(itemAt(items, 2999)).toEqual({ index: 1, offsetMs: 1999 });
    expect(itemAt(items, 3000)).toEqual({ index: 2, offsetMs: 0 });
    expect(itemAt(items, 6000)).toEqual({ index: 0, offsetMs: 0 });
    expect(itemAt(items, -1)).toEqual({ index: 2, offsetMs: 2999 });
    expect(itemAt([], 5)).toEqual({ index: -1, offsetMs: 0 });
  });

  it('itemAt (property): the offset lies inside the item, and the position is periodic in the loop length', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60_000 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (ds, t) => {
          const items = ds.map((d, i) => pic(d, String(i)));
          const total = items.reduce((s, i) => s + itemDuration(i), 0);
          const at = itemAt(items, t);
          expect(at.offsetMs).toBeGreaterThanOrEqual(0);
          expect(at.offsetMs).toBeLessThan(itemDuration(items[at.index]));
          expect(itemAt(items, t + total)).toEqual(at);
          const start = items.slice(0, at.index).reduce((s, i) => s + itemDuration(i), 0);
          expect(start + at.offsetMs).toBe(t % total);
        },
      ),
    );
  });

  it('prices in fen show as yuan with two decimals', () => {
    expect(formatPrice(0)).toBe('¥0.00');
    expect(formatPrice(1250)).toBe('¥12.50');
    expect(formatPrice(99_999_99)).toBe('¥99999.99');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (fen) => {
        const shown = formatPrice(fen);
        expect(shown).toMatch(/^¥\d+\.\d\d$/);
        expect(Math.round(Number(shown.slice(1)) * 100)).toBe(fen);
      }),
    );
  });

  it('the comparison marks rows whose values differ and shows a dash where a product has none', () => {
    const rows = compareRows(
      [
        product(1, [
          ['容量', '550ml'],
          ['产地', '浙江'],
        ]),
        product(2, [
          ['容量', '550ml'],
          ['产地', '云南'],
        ]),
        product(3, [['容量', '550ml']]),
      ],
      ['容量', '产地', '保质期'],
    );
    expect(rows).toEqual([
      { name: '容量', values: ['550ml', '550ml', '550ml'], differs: false },
      { name: '产地', values: ['浙江', '云南', '—'], differs: true },
      { name: '保质期', values: ['—', '—', '—'], differs: false },
    ]);
  });

  it('compareRows (property): one value per product and row, marked exactly when the values are not all the same', () => {
    const spec = fc.tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('1', '2', ' 2 ', ''));
    fc.assert(
      fc.property(fc.array(fc.array(spec, { maxLength: 3 }), { minLength: 2, maxLength: 4 }), (specs) => {
        const rows = compareRows(
          specs.map((s, i) => product(i, s)),
          ['a', 'b', 'c'],
        );
        for (const r of rows) {
          expect(r.values).toHaveLength(specs.length);
          expect(r.values.every((v) => v !== '')).toBe(true);
          expect(r.differs).toBe(r.values.some((v) => v !== r.values[0]));
        }
      }),
    );
  });
});
