import { PERM, type MenuItem } from '@vitrine/contract';
import { topLevelPath } from '../guard';

/** Server paths may come with or without the leading slash. */
export function normalizePath(path: string | undefined): string {
  if (!path) return '';
  const trimmed = path.trim();
  if (!trimmed) return '';
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** Where a menu path lands after the route redirects (spec §2), so a click navigates once. */
const CANONICAL: Record<string, string> = {
  '/home': '/home/home',
  '/store': '/store/store',
  '/data': '/data/count',
  '/count': '/data/count',
  '/center': '/center/center',
};

export function canonicalPath(path: string): string {
  const normal = normalizePath(path);
  return CANONICAL[normal] ?? normal;
}

const bySort = (a: MenuItem, b: MenuItem) => a.sort - b.sort || a.id - b.id;

/** Every node with this path, shallowest first. */
function allByPath(menu: MenuItem[], path: string): MenuItem[] {
  const found: MenuItem[] = [];
  let level = menu;
  while (level.length) {
    found.push(...level.filter((m) => normalizePath(m.path) === path));
    level = level.flatMap((m) => m.children ?? []);
  }
  return found;
}

/** The shallowest node with this path, preferring one that has children (a section over an entry). */
export function findByPath(menu: MenuItem[], path: string): MenuItem | undefined {
  const found = allByPath(menu, path);
  return found.find((m) => m.children?.length) ?? found[0];
}

/**
 * The side menu for a location (spec §2): the children of the server node whose path is the matched
 * top-level path. Pages without their own node (messages, personal center…) keep the home node's
 * entries, so the menu never goes blank; a menu without a home node shows its top level.
 */
export function sideItems(menu: MenuItem[], pathname: string): MenuItem[] {
  const own = findByPath(menu, topLevelPath(pathname));
  if (own?.children?.length) return [...own.children].sort(bySort);
  const home = findByPath(menu, '/home');
  if (home?.children?.length) return [...home.children].sort(bySort);
  return menu.filter((m) => normalizePath(m.path) !== '/home').sort(bySort);
}

/** The entry of `items` that the location belongs to (longest matching path; /count is /data). */
export function activeItem(items: MenuItem[], pathname: string): MenuItem | undefined {
  const current = pathname.startsWith('/data') ? pathname.replace(/^\/data(\/count)?/, '/count') : pathname;
  let best: MenuItem | undefined;
  for (const item of items) {
    const path = normalizePath(item.path);
    if (!path) continue;
    const match = current === path || current.startsWith(`${path}/`);
    if (match && (!best || path.length > normalizePath(best.path).length)) best = item;
  }
  return best;
}

/** The menu node matching a location anywhere in the tree (for node permissions). */
export function nodeForLocation(menu: MenuItem[], pathname: string): MenuItem | undefined {
  const segments = pathname.split('/').filter(Boolean);
  for (let n = segments.length; n > 0; n -= 1) {
    const found = findByPath(menu, `/${segments.slice(0, n).join('/')}`);
    if (found) return found;
  }
  if (segments[0] === 'data') return findByPath(menu, '/count');
  return undefined;
}

/** Entries for the home page shortcuts: the home node's children, else the top level. */
export function shortcutItems(menu: MenuItem[]): MenuItem[] {
  return sideItems(menu, '/home').filter((m) => normalizePath(m.path));
}

/** The areas whose pages need the view bit of their menu node; home, messages and the personal centre are everyone's. */
const GOVERNED = ['/store', '/advert', '/data', '/inform', '/incentives', '/enterprise'];

/**
 * Whether the role may not view the page at a location (issue 25 §2): the layout then shows
 * "暂无权限" instead of a page whose every call would be refused (a link, a bookmark, a search hit).
 */
export function pageDenied(menu: MenuItem[], pathname: string): boolean {
  if (!GOVERNED.includes(topLevelPath(pathname))) return false;
  const node = nodeForLocation(menu, pathname);
  return !node || (node.weight & PERM.view) === 0;
}
