import { DEFAULT_IMAGE_MS } from '@vitrine/contract/constants';

// What a screen draws, the same for the console's preview and the player: a list of items, each
// one ad content's slot (a carousel gives one item per picture or video).

export type ScreenMedia = { url: string; mime: string; sha256?: string };
export type ScreenProduct = {
  id: number;
  name: string;
  brand: string;
  price: number;
  unit: string;
  image?: ScreenMedia;
  sellingPoints: string[];
  specs: { name: string; value: string }[];
};
export type ScreenItem = {
  key: string;
  contentId: number;
  type: string;
  durationMs: number;
  media: ScreenMedia[];
  products?: ScreenProduct[];
  specNames?: string[];
  layout?: 'left' | 'right' | 'full';
};

/** A product or comparison slot without its own duration (the resolution's PRODUCT_ITEM_MS). */
export const PRODUCT_MS = 15_000;
/** A video whose length is unknown still moves on. */
export const UNKNOWN_VIDEO_MS = 30_000;

export const isVideo = (m: ScreenMedia | undefined) => !!m && m.mime.startsWith('video/');

/** How long an item stays: its own duration, else 10 s for a picture, 15 s for a product slot. */
export function itemDuration(item: ScreenItem): number {
  if (item.durationMs > 0) return item.durationMs;
  if (item.type === 'details' || item.type === 'compare') return PRODUCT_MS;
  return isVideo(item.media[0]) ? UNKNOWN_VIDEO_MS : DEFAULT_IMAGE_MS;
}

/** Where a loop of the items stands after `elapsedMs`: the item and how far into it (a player following its own clock). */
export function itemAt(items: ScreenItem[], elapsedMs: number): { index: number; offsetMs: number } {
  if (!items.length) return { index: -1, offsetMs: 0 };
  const total = items.reduce((s, i) => s + itemDuration(i), 0);
  let t = ((Math.floor(elapsedMs) % total) + total) % total;
  for (const [index, item] of items.entries()) {
    const d = itemDuration(item);
    if (t < d) return { index, offsetMs: t };
    t -= d;
  }
  return { index: items.length - 1, offsetMs: 0 };
}

/** A price in fen as the screen shows it. */
export function formatPrice(fen: number): string {
  return `¥${(Math.round(fen) / 100).toFixed(2)}`;
}

export type CompareRow = { name: string; values: string[]; differs: boolean };

/** The comparison table: one row per chosen specification, each product's value ('—' when it has none). */
export function compareRows(products: ScreenProduct[], specNames: string[]): CompareRow[] {
  return specNames.map((name) => {
    const values = products.map((p) => p.specs.find((s) => s.name === name)?.value.trim() || '—');
    return { name, values, differs: new Set(values).size > 1 };
  });
}
