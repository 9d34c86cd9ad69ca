import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setLanguage, useLang } from '../../i18n';
import { isLoggedIn } from '../../state/session';
import { HoverMenu } from './HoverMenu';
import { GlobeIcon, MenuIcon, ScreenIcon } from './icons';
import './public.css';

const NAV = [
  { to: '/index', key: 'nav.home' },
  { to: '/introduce', key: 'nav.introduce' },
  { to: '/make_an_appointment', key: 'nav.appointment' },
] as const;

export const CONTENT_WIDTH = 1180;

export function Logo() {
  return (
    <Link to="/index" className="vt-logo">
      <span className="vt-logo-mark">
        <ScreenIcon />
      </span>
      <span className="vt-logo-text">Vitrine</span>
    </Link>
  );
}

export function LanguageSwitch() {
  const lang = useLang();
  return (
    <HoverMenu
      testId="public-language"
      items={[
        { key: 'zh-CN', label: '简体中文', selected: lang !== 'en' },
        { key: 'en-US', label: 'English', selected: lang === 'en' },
      ]}
      onSelect={(key) => void setLanguage(key === 'en-US' ? 'en-US' : 'zh-CN')}
    >
      <GlobeIcon />
      <span>{lang === 'en' ? 'English' : '中文'}</span>
    </HoverMenu>
  );
}

function AccountLinks() {
  const { t } = useTranslation('public');
  if (isLoggedIn()) {
    return (
      <Link to="/home" className="vt-btn vt-btn-primary">
        {t('nav.console')}
      </Link>
    );
  }
  return (
    <>
      <Link to="/index" className="vt-btn vt-btn-text vt-wide-only">
        {t('nav.login')}
      </Link>
      <Link to="/register" className="vt-btn vt-btn-primary">
        {t('nav.register')}
      </Link>
    </>
  );
}

/**
 * The frame of the public pages: top bar (logo, links, language, account), content, footer. Drawn
 * without antd (public.css): /index uses it and loads no antd (decisions/0119); below 768 px the
 * links fold into a menu.
 */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('public');
  const { pathname } = useLocation();
  return (
    <div className="vt-public">
      <header className="vt-public-header">
        <div className="vt-public-bar">
          <Logo />
          <nav className="vt-public-nav vt-wide-only" aria-label={t('nav.menu')}>
            {NAV.map((item) => (
              <Link
                key={item.to}
                to={item.to}
                className="vt-btn vt-btn-text"
                aria-current={pathname === item.to ? 'page' : undefined}
              >
                {t(item.key)}
              </Link>
            ))}
          </nav>
          <div className="vt-public-tools">
            <div className="vt-narrow-only">
              <HoverMenu
                label={t('nav.menu')}
                items={NAV.map((item) => ({
                  key: item.to,
                  to: item.to,
                  label: t(item.key),
                  selected: pathname === item.to,
                }))}
              >
                <MenuIcon />
              </HoverMenu>
            </div>
            <LanguageSwitch />
            <AccountLinks />
          </div>
        </div>
      </header>
      <main className="vt-public-main">{children}</main>
      <footer className="vt-public-footer">
        © {new Date().getFullYear()} Vitrine · {t('footer.tagline')}
      </footer>
    </div>
  );
}

/** A centred column for the form pages (register, reset password, booking). */
export function FormPage({ children, width = 480 }: { children: ReactNode; width?: number }) {
  return <div style={{ maxWidth: width, margin: '0 auto', padding: '40px 16px 24px' }}>{children}</div>;
}
