import { lazy, memo, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { ClockCircleOutlined, HomeOutlined, MenuOutlined, MessageOutlined } from '@ant-design/icons';
import { DEFAULT_TIME_ZONE } from '@vitrine/contract/constants';
import type { MenuItem } from '@vitrine/contract';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { EnterpriseSwitcher } from './EnterpriseSwitcher';
import { HeaderSearch } from './HeaderSearch';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import { canonicalPath } from './menuTree';

/** Spec §2 Messages button: the unread count, refreshed every minute and after reading (message/check). */
export const UNREAD_REFETCH_MS = 60_000;

function useUnreadCount(): number {
  const { activeCom, roleItem, roleFlag } = useStore(appStore, 'activeCom', 'roleItem', 'roleFlag');
  const enCode = activeCom.companyCode ?? '';
  const q = useQuery({
    queryKey: keys.message.unread(enCode),
    queryFn: () => call(api.message.unreadCount),
    enabled: Boolean(enCode && roleItem.roleNode) && roleFlag === 2,
    refetchInterval: UNREAD_REFETCH_MS,
    staleTime: 0,
  });
  return q.data?.count ?? 0;
}

// The zone is named only where there is room for it (layout.css hides it up to 1100 px): on a phone
// neither the Tooltip nor Intl's time-zone lookup is paid for at the first render (issue 25 §7).
const ZONE_SHOWN = '(min-width: 1101px)';
const zoneShown = {
  subscribe(onChange: () => void) {
    const query = window.matchMedia?.(ZONE_SHOWN);
    query?.addEventListener('change', onChange);
    return () => query?.removeEventListener('change', onChange);
  },
  get: () => window.matchMedia?.(ZONE_SHOWN).matches ?? true,
};
let browserZone: string | undefined;

/** The enterprise's time zone, named when it is not the browser's: every time shown is in it (issue 25 §5). */
function ZoneHint() {
  const { t } = useTranslation('layout');
  const { activeCom } = useStore(appStore, 'activeCom');
  const shown = useSyncExternalStore(zoneShown.subscribe, zoneShown.get, () => true);
  const zone = activeCom.timeZone || DEFAULT_TIME_ZONE;
  if (!shown || !activeCom.companyCode) return null;
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone === browserZone) return null;
  return (
    <Tooltip title={t('header.zoneHelp', { zone })}>
      <span className="vt-header-zone" data-testid="header-zone">
        <ClockCircleOutlined /> {t('header.zone', { zone })}
      </span>
    </Tooltip>
  );
}

const NO_ITEMS: MenuItem[] = [];

// antd's Drawer is fetched the first time the menu is opened, not with every console page.
const MenuDrawerPanel = lazy(() => import('./MenuDrawerPanel'));

/** On a phone the side menu is a drawer opened from the header (issue 25 §3); it closes on navigation. */
function MenuDrawer({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation('layout');
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  if (!items.length) return null;
  return (
    <>
      <Button
        type="text"
        className="vt-header-menu"
        icon={<MenuOutlined />}
        aria-label={t('side.label')}
        aria-expanded={open}
        data-testid="header-menu"
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      />
      {mounted ? (
        <Suspense fallback={null}>
          <MenuDrawerPanel items={items} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

export const Header = memo(function Header({ menuItems = NO_ITEMS }: { menuItems?: MenuItem[] }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const unread = useUnreadCount();
  return (
    <header className="vt-header">
      <div className="vt-header-left">
        <MenuDrawer items={menuItems} />
        <a
          className="vt-brand"
          href="/home"
          onClick={(e) => {
            e.preventDefault();
            void navigate(canonicalPath('/home'));
          }}
        >
          <span className="vt-brand-mark">V</span>
          <span className="vt-brand-name">Vitrine</span>
        </a>
        <span className="vt-header-sep" />
        <EnterpriseSwitcher />
      </div>
      <div className="vt-header-right">
        <HeaderSearch />
        <ZoneHint />
        <Button
          type="text"
          icon={<HomeOutlined />}
          onClick={() => void navigate(canonicalPath('/home'))}
          data-testid="header-home"
          aria-label={t('header.home')}
        >
          <span className="vt-header-label">{t('header.home')}</span>
        </Button>
        <Badge count={unread} size="small" offset={[-6, 4]} data-testid="header-unread">
          <Button
            type="text"
            icon={<MessageOutlined />}
            onClick={() => void navigate('/news')}
            data-testid="header-messages"
            aria-label={t('header.messages')}
          >
            <span className="vt-header-label">{t('header.messages')}</span>
          </Button>
        </Badge>
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
});
