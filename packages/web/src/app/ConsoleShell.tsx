import { useLocation } from 'react-router';
import { isLoggedIn } from '../state/session';
import { readActiveCom } from '../state/storage';
import { EnterpriseAvatar } from './EnterpriseAvatar';
import { isOpenPath } from './guard';
import { PageSpin } from './PageSpin';
import './layout/frame.css';

/**
 * What a console page shows while antd and the layout load (issue 25 §7): the layout's frame — the
 * header with the brand and the enterprise last chosen (local storage), the side column, a spinner
 * in the main area — in the geometry of the layout that replaces it (layout/frame.css), drawn by the
 * entry chunk, without antd. The first paint is the console, not a blank page with a spinner; the
 * header the layout draws over it does not move. The public pages keep their spinner.
 */
export function ConsoleShell({ full = true }: { full?: boolean }) {
  const { pathname } = useLocation();
  if (pathname === '/' || isOpenPath(pathname) || !isLoggedIn()) return <PageSpin full={full} />;
  const { title, logo } = readActiveCom();
  return (
    <div className="vt-shell vt-shell-loading" data-testid="console-shell">
      <header className="vt-header">
        <div className="vt-header-left">
          <span className="vt-brand">
            <span className="vt-brand-mark">V</span>
            <span className="vt-brand-name">Vitrine</span>
          </span>
          <span className="vt-header-sep" />
          {title ? (
            <span className="vt-ent-switcher">
              <EnterpriseAvatar title={title} logo={logo} />
              <span className="vt-ent-text">
                <span className="vt-ent-title">{title}</span>
              </span>
            </span>
          ) : null}
        </div>
      </header>
      <div className="vt-body">
        <div className="vt-side" />
        <main className="vt-main">
          <PageSpin />
        </main>
      </div>
    </div>
  );
}
