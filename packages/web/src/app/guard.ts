// Route-guard decisions (spec §2) as pure functions.

/** Open without login: the spec's list, plus /register_succeed which follows registration. */
export const OPEN_PATHS = [
  '/index',
  '/make_an_appointment',
  '/inlog',
  '/register',
  '/resetPw',
  '/introduce',
  '/register_succeed',
] as const;

export const LOGIN_PATH = '/index';
export const DEFAULT_AFTER_LOGIN = '/home';

function trimSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function isOpenPath(pathname: string): boolean {
  return (OPEN_PATHS as readonly string[]).includes(trimSlash(pathname));
}

/** Where the guard sends a request for `pathname + search`, or null to let it through. */
export function guardRedirect(pathname: string, search: string, loggedIn: boolean): string | null {
  if (loggedIn || pathname === '/' || isOpenPath(pathname)) return null;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + search)}`;
}

/**
 * The `redirect` query value a login page should follow: an in-app path only (no scheme, no
 * protocol-relative `//host`), never back to an open page; otherwise /home.
 */
export function safeRedirect(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const target = params.get('redirect');
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\'))
    return DEFAULT_AFTER_LOGIN;
  const pathname = target.split(/[?#]/)[0];
  if (pathname === '/' || isOpenPath(pathname)) return DEFAULT_AFTER_LOGIN;
  return target;
}

/** The matched top-level path of a location: '/store/manage_details' → '/store'; '/count' → '/data'. */
export function topLevelPath(pathname: string): string {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  if (first === 'count') return '/data';
  return `/${first}`;
}
