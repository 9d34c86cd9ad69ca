import type { Playlist } from '@vitrine/contract';
import { file } from './api';

// The player's files: downloaded once into Cache Storage under /player/media/<sha256>, where the
// Service Worker answers the screen's <img>, <video> and <audio> (with 206 ranges for video), also
// offline and after a restart. Its own budget: the oldest unused files go first.

export const MEDIA_CACHE = 'vitrine-media';
export const mediaUrl = (sha256: string) => `/player/media/${sha256}`;
const USED_KEY = 'vitrine-player-used';
/** The player's share of the disk; the browser may grant less (then its quota is the limit). */
export const BUDGET_BYTES = 2 * 1024 ** 3;

type Used = Record<string, { at: number; size: number }>;
const readUsed = (): Used => JSON.parse(localStorage.getItem(USED_KEY) ?? '{}') as Used;
const writeUsed = (u: Used) => localStorage.setItem(USED_KEY, JSON.stringify(u));

export async function cachedSet(): Promise<Set<string>> {
  const cache = await caches.open(MEDIA_CACHE);
  return new Set((await cache.keys()).map((r) => new URL(r.url).pathname.split('/').pop() ?? ''));
}

/** Downloads what the playlist needs and is not cached (one at a time); the failures. */
export async function download(token: string, files: Playlist['files'], cached: Set<string>): Promise<string[]> {
  const cache = await caches.open(MEDIA_CACHE);
  const used = readUsed();
  const failed: string[] = [];
  for (const f of files) {
    used[f.sha256] = { at: Date.now(), size: f.size };
    if (cached.has(f.sha256)) continue;
    try {
      const res = await file(token, f.sha256);
      const bytes = await res.blob();
      await cache.put(
        mediaUrl(f.sha256),
        new Response(bytes, { headers: { 'content-type': f.mime, 'content-length': String(bytes.size) } }),
      );
      cached.add(f.sha256);
    } catch {
      failed.push(f.sha256);
    }
  }
  writeUsed(used);
  return failed;
}

/** Oldest files not in `keep` removed until the cache fits the budget (and the browser's quota). */
export async function evict(keep: ReadonlySet<string>, budget = BUDGET_BYTES): Promise<string[]> {
  const quota = (await navigator.storage?.estimate?.())?.quota ?? budget;
  const limit = Math.min(budget, quota * 0.8);
  const used = readUsed();
  let total = Object.values(used).reduce((s, u) => s + u.size, 0);
  const cache = await caches.open(MEDIA_CACHE);
  const gone: string[] = [];
  for (const [sha, u] of Object.entries(used).sort((a, b) => a[1].at - b[1].at)) {
    if (total <= limit) break;
    if (keep.has(sha)) continue;
    await cache.delete(mediaUrl(sha));
    delete used[sha];
    total -= u.size;
    gone.push(sha);
  }
  writeUsed(used);
  return gone;
}
