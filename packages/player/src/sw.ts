/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, CacheOnly, NetworkFirst } from 'workbox-strategies';

// The player's Service Worker (Workbox, bundled): media from the cache the page fills, with 206
// answers to Range requests so video seeks offline; the page and its hashed assets kept for a start
// without network (the page network-first, so an update arrives when the server is there).

declare const self: ServiceWorkerGlobalScope;
const MEDIA_CACHE = 'vitrine-media';
const SHELL_CACHE = 'vitrine-shell';

self.addEventListener('install', () => void self.skipWaiting());
clientsClaim();

registerRoute(({ url }) => url.pathname.startsWith('/player/media/'), new CacheOnly({ cacheName: MEDIA_CACHE, plugins: [new RangeRequestsPlugin()] }));
registerRoute(({ url }) => url.pathname.startsWith('/player/assets/'), new CacheFirst({ cacheName: SHELL_CACHE }));
registerRoute(({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/player'), new NetworkFirst({ cacheName: SHELL_CACHE, networkTimeoutSeconds: 3 }));
