import { Badge, Button } from 'antd';
import { HomeOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
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
  const { activeCom, roleItem, roleFlag } = useStore(appStore);
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

export function Header() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const unread = useUnreadCount();
  return (
    <header className="vt-header">
      <div className="vt-header-left">
        <a className="vt-brand" href="/home" onClick={(e) => { e.preventDefault(); void navigate(canonicalPath('/home')); }}>
          <span className="vt-brand-mark">V</span>
          <span className="vt-brand-name">Vitrine</span>
        </a>
        <span className="vt-header-sep" />
        <EnterpriseSwitcher />
      </div>
      <div className="vt-header-right">
        <HeaderSearch />
        <Button type="text" icon={<HomeOutlined />} onClick={() => void navigate(canonicalPath('/home'))} data-testid="header-home">
          {t('header.home')}
        </Button>
        <Badge count={unread} size="small" offset={[-6, 4]} data-testid="header-unread">
          <Button type="text" icon={<MessageOutlined />} onClick={() => void navigate('/news')} data-testid="header-messages">
            {t('header.messages')}
          </Button>
        </Badge>
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
