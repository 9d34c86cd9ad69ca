import type { Playlist } from '@vitrine/contract';
import type { ScreenItem } from '@vitrine/screen';

// What to show now, from the playlist alone (pure: the player's clock is an argument).

type Item = Playlist['segments'][number]['items'][number];
export type Slot = { planId: number; from: number; to: number | null; items: Item[] };

/** The segment covering `nowSec`, else the default plan's items (open-ended), else nothing (the splash). */
export function slotAt(pl: Pick<Playlist, 'segments' | 'fallback'>, nowSec: number): Slot | null {
  const seg = pl.segments.find((s) => s.from <= nowSec && nowSec < s.to);
  if (seg) return { planId: seg.planId, from: seg.from, to: seg.to, items: seg.items };
  if (pl.fallback && pl.fallback.items.length) {
    // the fallback fills the gap since the last segment ended (or the day began): its loop starts there
    const before = pl.segments.filter((s) => s.to <= nowSec).reduce((m, s) => Math.max(m, s.to), 0);
    return {
      planId: pl.fallback.planId,
      from: before || Math.floor(nowSec / 86_400) * 86_400,
      to: null,
      items: pl.fallback.items,
    };
  }
  return null;
}

/** Every file an item shows: its materials and its products' pictures. */
const filesOf = (i: Item) => [...i.files, ...(i.show?.products ?? []).flatMap((p) => (p.image ? [p.image] : []))];

/** Files a slot needs that are not in the cache yet (a slot plays only when this is empty). */
export function missing(slot: Slot | null, cached: ReadonlySet<string>): string[] {
  if (!slot) return [];
  return [...new Set(slot.items.flatMap(filesOf))].filter((sha) => !cached.has(sha));
}

/** The playlist's items as the shared renderer draws them, their files answered from the player's cache. */
export function screenItems(slot: Slot, mimeOf: (sha: string) => string, urlOf: (sha: string) => string): ScreenItem[] {
  const media = (sha: string) => ({ url: urlOf(sha), mime: mimeOf(sha), sha256: sha });
  return slot.items.map((i, n) => ({
    key: `${slot.planId}-${n}-${i.contentId}`,
    contentId: i.contentId,
    type: i.type,
    durationMs: i.durationMs,
    media: i.files.map(media),
    ...(i.show
      ? {
          layout: i.show.layout as ScreenItem['layout'],
          specNames: i.show.specNames,
          products: i.show.products.map((p) => ({ ...p, image: p.image ? media(p.image) : undefined })),
        }
      : {}),
  }));
}

/** When the slot's loop began, in ms (the renderer's clock is now minus this). */
export const slotStartMs = (slot: Slot) => slot.from * 1000;
