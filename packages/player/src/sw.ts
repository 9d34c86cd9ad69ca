/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, CacheOnly, NetworkFirst } from 'workbox-strategies';
import { MODEL_DIR, PRECACHED } from './audience/models';

// The player's Service Worker (Workbox, bundled): media from the cache the page fills, with 206
// answers to Range requests so video seeks offline; the page and its hashed assets kept for a start
// without network (the page network-first, so an update arrives when the server is there).

declare const self: ServiceWorkerGlobalScope;
const MEDIA_CACHE = 'vitrine-media';
const SHELL_CACHE = 'vitrine-shell';
const MODEL_CACHE = 'vitrine-models';

// The audience detector's models and WASM (~1.1 MB) are fetched at install, whether or not AI is on
// yet, so a screen switched to AI while offline, or booting offline, still counts its visitors. A
// failed fetch does not stop the install: the route below caches them on first use instead.
self.addEventListener('install', (e) => {
  e.waitUntil(
    caches
      .open(MODEL_CACHE)
      .then((c) => c.addAll(PRECACHED))
      .catch(() => undefined)
      .then(() => self.skipWaiting()),
  );
});
self.addEventListener('activate', (e) => {
  // model folders of an earlier version (their path names the version) are dropped
  e.waitUntil(
    caches.open(MODEL_CACHE).then(async (c) => {
      for (const req of await c.keys()) if (!new URL(req.url).pathname.startsWith(MODEL_DIR)) await c.delete(req);
    }),
  );
});
clientsClaim();

registerRoute(
  ({ url }) => url.pathname.startsWith('/player/media/'),
  new CacheOnly({ cacheName: MEDIA_CACHE, plugins: [new RangeRequestsPlugin()] }),
);
registerRoute(({ url }) => url.pathname.startsWith('/player/assets/'), new CacheFirst({ cacheName: SHELL_CACHE }));
registerRoute(({ url }) => url.pathname.startsWith('/player/models/'), new CacheFirst({ cacheName: MODEL_CACHE }));
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/player'),
  new NetworkFirst({ cacheName: SHELL_CACHE, networkTimeoutSeconds: 3 }),
);
