import { describe, expect, it } from 'vitest';
import { screenItemsOf } from './screenItems';
import { move } from './widgets/MaterialItems';
import type { MaterialRow } from './materials';
import type { CommodityRow } from './rows';

const material = (fileId: number, mime: string) =>
  ({ fileId, mime, url: `/f/${fileId}`, sha256: `h${fileId}` }) as MaterialRow;
const materials = new Map([
  [1, material(1, 'image/png')],
  [2, material(2, 'video/mp4')],
  [3, material(3, 'audio/mpeg')],
  [4, material(4, 'image/jpeg')],
]);
const product = (id: number, images: number[]) =>
  ({
    id,
    name: `P${id}`,
    brand: 'B',
    price: 990,
    unit: '瓶',
    images,
    sellingPoints: ['好'],
    specs: [{ name: '容量', value: `${id}00ml` }],
  }) as unknown as CommodityRow;
const products = new Map([
  [7, product(7, [4])],
  [8, product(8, [])],
]);

describe('a content as the screen draws it', () => {
  it('a carousel is one item per material, in order, with its duration', () => {
    const items = screenItemsOf(
      {
        id: 5,
        adType: 'main',
        items: [
          { fileId: 2, durationMs: 5000 },
          { fileId: 1, durationMs: 0 },
        ],
      },
      materials,
      products,
    );
    expect(items.map((i) => [i.type, i.durationMs, i.media[0].url])).toEqual([
      ['main', 5000, '/f/2'],
      ['main', 0, '/f/1'],
    ]);
    expect(items.every((i) => i.contentId === 5)).toBe(true);
  });

  it('a product display is one item with its product (its first picture when it has one) and layout', () => {
    const [item] = screenItemsOf(
      { adType: 'details', commodityIds: [7], items: [{ fileId: 1, durationMs: 12000 }], layout: 'right' },
      materials,
      products,
    );
    expect(item.products?.map((p) => [p.name, p.image?.url])).toEqual([['P7', '/f/4']]);
    expect([item.layout, item.durationMs, item.media.length]).toEqual(['right', 12000, 1]);
  });

  it('a comparison carries its products and rows; unknown products and materials are left out', () => {
    const [item] = screenItemsOf(
      { adType: 'compare', commodityIds: [7, 8, 99], specNames: ['容量'] },
      materials,
      products,
    );
    expect(item.products?.map((p) => p.id)).toEqual([7, 8]);
    expect(item.specNames).toEqual(['容量']);
    expect(screenItemsOf({ adType: 'main', items: [{ fileId: 42 }] }, materials, products)[0].media).toEqual([]);
  });

  it('music is one item of its tracks', () => {
    const [item] = screenItemsOf({ adType: 'bgm', bgm: [{ fileId: 3 }] }, materials, products);
    expect([item.type, item.media.map((m) => m.mime)]).toEqual(['bgm', ['audio/mpeg']]);
  });

  it('moving an entry keeps it inside the list', () => {
    expect(move([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(move([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
    expect(move([1, 2, 3], 2, -2)).toEqual([3, 1, 2]);
  });
});
