import type { ScreenItem, ScreenMedia, ScreenProduct } from '@vitrine/screen';
import type { CommodityRow } from './rows';
import type { MaterialRow } from './materials';

/** What the console knows of a content (a saved row or the form's values). */
export type ContentLike = {
  id?: number;
  adType?: unknown;
  items?: unknown;
  commodityIds?: unknown;
  specNames?: unknown;
  layout?: unknown;
  bgm?: unknown;
};

const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);

/**
 * A content as the screen renderer draws it, the same model the player builds from its playlist:
 * carousels one item per material, a product or comparison ad one item, music one item of tracks.
 */
export function screenItemsOf(
  c: ContentLike,
  materials: Map<number, MaterialRow>,
  products: Map<number, CommodityRow>,
): ScreenItem[] {
  const media = (fileId: number): ScreenMedia[] => {
    const m = materials.get(fileId);
    return m ? [{ url: m.url, mime: m.mime, sha256: m.sha256 }] : [];
  };
  const product = (id: number): ScreenProduct[] => {
    const p = products.get(id);
    if (!p) return [];
    const image = p.images.map((f) => media(f)[0]).find(Boolean);
    return [
      {
        id: p.id,
        name: p.name,
        brand: p.brand,
        price: p.price,
        unit: p.unit,
        image,
        sellingPoints: p.sellingPoints,
        specs: p.specs,
      },
    ];
  };
  const type = String(c.adType ?? 'main');
  const contentId = c.id ?? 0;
  const items = list<{ fileId: number; durationMs?: number }>(c.items);
  if (type === 'bgm') {
    return [
      {
        key: 'bgm',
        contentId,
        type,
        durationMs: 0,
        media: list<{ fileId: number }>(c.bgm).flatMap((b) => media(b.fileId)),
      },
    ];
  }
  if (type === 'details' || type === 'compare') {
    return [
      {
        key: type,
        contentId,
        type,
        durationMs: items.reduce((s, i) => s + (i.durationMs ?? 0), 0),
        media: items.flatMap((i) => media(i.fileId)),
        products: list<number>(c.commodityIds).flatMap(product),
        specNames: list<string>(c.specNames),
        layout: (c.layout as ScreenItem['layout']) ?? 'full',
      },
    ];
  }
  return items.map((i, n) => ({
    key: `${n}-${i.fileId}`,
    contentId,
    type,
    durationMs: i.durationMs ?? 0,
    media: media(i.fileId),
  }));
}
