import { describe, expect, it } from 'vitest';
import { missing, screenItems, slotAt } from './schedule';

const item = (contentId: number, files: string[], durationMs = 10_000) => ({
  contentId,
  type: 'main',
  durationMs,
  files,
});
const pl = {
  segments: [
    { from: 1000, to: 2000, planId: 7, items: [item(1, ['a']), item(2, ['b'])] },
    { from: 3000, to: 4000, planId: 8, items: [item(3, ['c'])] },
  ],
  fallback: { planId: 9, items: [item(4, ['d'])] },
};

describe('what the player shows', () => {
  it('the segment covering the moment; its end belongs to what follows', () => {
    expect(slotAt(pl, 1000)?.planId).toBe(7);
    expect(slotAt(pl, 1999.9)?.planId).toBe(7);
    expect(slotAt(pl, 3500)?.planId).toBe(8);
  });

  it('between segments the default plan, its loop starting where the last segment ended', () => {
    expect(slotAt(pl, 2000)).toMatchObject({ planId: 9, from: 2000, to: null });
    expect(slotAt(pl, 4100)).toMatchObject({ planId: 9, from: 4000 });
    expect(slotAt({ ...pl, fallback: null }, 2500)).toBeNull();
    expect(slotAt({ segments: [], fallback: { planId: 9, items: [] } }, 5)).toBeNull();
  });

  it('a slot is ready only when all its files are cached', () => {
    const slot = slotAt(pl, 1500);
    expect(missing(slot, new Set(['a']))).toEqual(['b']);
    expect(missing(slot, new Set(['a', 'b']))).toEqual([]);
    expect(missing(null, new Set())).toEqual([]);
  });

  it("a product display needs its products' pictures too, and draws its panel", () => {
    const show = {
      layout: 'left',
      specNames: ['产地'],
      products: [{ id: 5, name: '茶', brand: 'B', price: 100, unit: '盒', image: 'p', sellingPoints: [], specs: [] }],
    };
    const slot = slotAt(
      {
        segments: [{ from: 0, to: 10, planId: 1, items: [{ ...item(6, ['m']), type: 'details', show }] }],
        fallback: null,
      },
      5,
    );
    expect(missing(slot, new Set(['m']))).toEqual(['p']);
    const [drawn] = screenItems(
      slot!,
      () => 'image/jpeg',
      (sha) => `/player/media/${sha}`,
    );
    expect([drawn.layout, drawn.products?.[0].image?.url, drawn.specNames]).toEqual([
      'left',
      '/player/media/p',
      ['产地'],
    ]);
  });

  it('items drawn from the cache with their MIME types', () => {
    const items = screenItems(
      slotAt(pl, 1500)!,
      (sha) => (sha === 'a' ? 'image/png' : 'video/mp4'),
      (sha) => `/player/media/${sha}`,
    );
    expect(items.map((i) => [i.contentId, i.media[0].url, i.media[0].mime])).toEqual([
      [1, '/player/media/a', 'image/png'],
      [2, '/player/media/b', 'video/mp4'],
    ]);
    expect(new Set(items.map((i) => i.key)).size).toBe(2);
  });
});
