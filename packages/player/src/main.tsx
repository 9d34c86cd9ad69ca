import { createRoot } from 'react-dom/client';
import { App } from './App';
import './player.css';
import { DETECTOR_URL } from './useAudience';

createRoot(document.getElementById('root')!).render(<App />);

/**
 * The Service Worker answers media from the cache (and the page when offline). The page's own files
 * are put in the shell cache here, once the worker runs, so the first visit is enough for a start
 * without network.
 */
async function registerWorker() {
  if (!('serviceWorker' in navigator)) return;
  await navigator.serviceWorker.register('/player/sw.js', { scope: '/player/', type: 'module' });
  await navigator.serviceWorker.ready;
  const assets = performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name))
    .filter((u) => u.pathname.startsWith('/player/assets/'))
    .map((u) => u.pathname);
  const shell = await caches.open('vitrine-shell');
  // the detector's worker chunk too: it runs only when AI is on, perhaps for the first time offline
  await shell
    .addAll([...new Set(['/player/', ...assets, new URL(DETECTOR_URL, location.href).pathname])])
    .catch(() => undefined);
  (window as { vitrinePlayerReady?: boolean }).vitrinePlayerReady = true;
}
void registerWorker();
