import { loadNamespaces } from '../i18n';
import { isLoggedIn } from '../state/session';
import { isOpenPath } from './guard';

/**
 * Opening a console page (issue 25 §7): antd's providers, the layout and — on /home — the page are
 * fetched at once, in parallel, rather than one after the other as React reaches each lazy route;
 * and the layout's chunk asks for the account info, the menu and the figures as soon as it is in.
 * The public pages (and a visitor not logged in) fetch none of it.
 */
export function preloadConsole(pathname: string): void {
  if (pathname === '/' || isOpenPath(pathname) || !isLoggedIn()) return;
  void import('./AntdProvider');
  void loadNamespaces('layout', ...(pathname.startsWith('/home/home') ? ['home'] : []));
  void import('./layout/ConsoleLayout').then(
    (m) => m.prefetchBoot(pathname),
    () => undefined, // React's lazy route fetches it again and reports the failure
  );
  if (pathname.startsWith('/home/home')) void import('../pages/home/HomePage');
}
