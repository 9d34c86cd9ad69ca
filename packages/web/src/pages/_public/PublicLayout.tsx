import type { ReactNode } from 'react';
import { Button, Grid, Layout, Space, Typography, theme } from 'antd';
import { DesktopOutlined, GlobalOutlined, MenuOutlined } from '@ant-design/icons';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '../../components/LazyDropdown';
import { setLanguage, useLang } from '../../i18n';
import { isLoggedIn } from '../../state/session';
import { LinkButton } from './LinkButton';

const NAV = [
  { to: '/index', key: 'nav.home' },
  { to: '/introduce', key: 'nav.introduce' },
  { to: '/make_an_appointment', key: 'nav.appointment' },
] as const;

export const CONTENT_WIDTH = 1180;

export function Logo() {
  const { token } = theme.useToken();
  return (
    <Link to="/index" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: token.colorText }}>
      <span
        style={{
          display: 'inline-flex', alignItems: 'center', justifyContent: 'center', width: 32, height: 32,
          borderRadius: 8, background: token.colorPrimary, color: '#fff',
        }}
      >
        <DesktopOutlined />
      </span>
      <span style={{ fontSize: 20, fontWeight: 700, letterSpacing: 0.5 }}>Vitrine</span>
    </Link>
  );
}

export function LanguageSwitch() {
  const lang = useLang();
  return (
    <LazyDropdown
      menu={{
        selectedKeys: [lang === 'en' ? 'en-US' : 'zh-CN'],
        items: [
          { key: 'zh-CN', label: '简体中文' },
          { key: 'en-US', label: 'English' },
        ],
        onClick: ({ key }) => void setLanguage(key === 'en-US' ? 'en-US' : 'zh-CN'),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} data-testid="public-language">
        {lang === 'en' ? 'English' : '中文'}
      </Button>
    </LazyDropdown>
  );
}

function AccountLinks({ compact }: { compact: boolean }) {
  const { t } = useTranslation('public');
  if (isLoggedIn()) {
    return (
      <LinkButton to="/home" type="primary">
        {t('nav.console')}
      </LinkButton>
    );
  }
  return (
    <Space size={8}>
      {!compact && (
        <LinkButton to="/index" type="text">
          {t('nav.login')}
        </LinkButton>
      )}
      <LinkButton to="/register" type="primary">
        {t('nav.register')}
      </LinkButton>
    </Space>
  );
}

/** The frame of the public pages: top bar (logo, links, language, account), content, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('public');
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const { pathname } = useLocation();
  const wide = screens.md ?? true;

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <Layout.Header
        style={{
          position: 'sticky', top: 0, zIndex: 10, height: 64, padding: '0 16px',
          background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <div style={{ maxWidth: CONTENT_WIDTH, margin: '0 auto', height: '100%', display: 'flex', alignItems: 'center', gap: 24 }}>
          <Logo />
          {wide && (
            <nav style={{ display: 'flex', gap: 4, flex: 1 }}>
              {NAV.map((item) => (
                <LinkButton
                  key={item.to}
                  to={item.to}
                  type="text"
                  style={{ color: pathname === item.to ? token.colorPrimary : token.colorText }}
                >
                  {t(item.key)}
                </LinkButton>
              ))}
            </nav>
          )}
          <div style={{ flex: wide ? 'none' : 1 }} />
          <Space size={4}>
            {!wide && (
              <LazyDropdown menu={{ items: NAV.map((item) => ({ key: item.to, label: <Link to={item.to}>{t(item.key)}</Link> })) }}>
                <Button type="text" icon={<MenuOutlined />} aria-label={t('nav.menu')} />
              </LazyDropdown>
            )}
            <LanguageSwitch />
            <AccountLinks compact={!wide} />
          </Space>
        </div>
      </Layout.Header>
      <Layout.Content>{children}</Layout.Content>
      <Layout.Footer style={{ textAlign: 'center', background: 'transparent' }}>
        <Typography.Text type="secondary">
          © {new Date().getFullYear()} Vitrine · {t('footer.tagline')}
        </Typography.Text>
      </Layout.Footer>
    </Layout>
  );
}

/** A centred column for the form pages (register, reset password, booking). */
export function FormPage({ children, width = 480 }: { children: ReactNode; width?: number }) {
  return <div style={{ maxWidth: width, margin: '0 auto', padding: '40px 16px 24px' }}>{children}</div>;
}
