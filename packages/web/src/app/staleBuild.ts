// A tab opened on the previous build asks for chunks a rebuild replaced (issue 25 §7): the first
// such failure reloads the page once (index.html is revalidated, so the reload gets the new build);
// a second one within a minute is a real error and is shown.

const KEY = 'vitrine.reloadedForBuild';
const STALE =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

export function isStaleChunk(error: unknown): boolean {
  return STALE.test(error instanceof Error ? error.message : String(error));
}

/** Reloads once for a stale chunk; false when it already did within the last minute (show the error). */
export function reloadForNewBuild(
  now = Date.now(),
  storage: Storage = sessionStorage,
  reload = () => location.reload(),
): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < 60_000) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}

/** Vite reports a failed preload as an event: the same once-only reload. */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForNewBuild()) event.preventDefault();
  });
}
