import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { ApartmentOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { queryClient } from '../../api/queryClient';
import { appStore } from '../../state/app';
import { logout } from '../../state/session';
import { useStore } from '../../state/store';
import { openSwitchRole } from '../enterprise';
import { canonicalPath } from './menuTree';

/** Account or nickname and current role; personal center, enterprise management, switch roles, sign out. */
export function UserMenu() {
  const { t } = useTranslation(['layout', 'common']);
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const { userName, nickName, roleItem, mainFlag } = useStore(appStore, 'userName', 'nickName', 'roleItem', 'mainFlag');
  const name = nickName || userName;

  const signOut = () =>
    modal.confirm({
      title: t('user.signOutTitle'),
      content: t('user.signOutText'),
      okText: t('user.signOut'),
      cancelText: t('common:action.cancel'),
      onOk: async () => {
        try {
          await call(api.account.logout);
        } catch {
          // The token may already be gone; signing out locally is what matters.
        }
        logout();
        void navigate('/index', { replace: true });
        queryClient.clear();
      },
      onCancel: () => void message.info(t('user.cancelled')),
    });

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: <span data-testid="menu-center">{t('user.center')}</span> },
    ...(mainFlag === 1
      ? [
          {
            key: 'enterprise',
            icon: <ApartmentOutlined />,
            label: <span data-testid="menu-enterprise">{t('user.enterprise')}</span>,
          },
        ]
      : []),
    {
      key: 'switch',
      icon: <SwapOutlined />,
      label: <span data-testid="menu-switch-role">{t('user.switchRole')}</span>,
    },
    { type: 'divider' },
    {
      key: 'signout',
      icon: <LogoutOutlined />,
      danger: true,
      label: <span data-testid="menu-signout">{t('user.signOut')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') void navigate(canonicalPath('/center'));
    else if (key === 'enterprise') void navigate('/enterprise');
    else if (key === 'switch') openSwitchRole();
    else if (key === 'signout') signOut();
  };

  return (
    <Dropdown menu={{ items, onClick }} trigger={['click']}>
      <button type="button" className="vt-user" data-testid="header-user-menu">
        <Avatar size={32} icon={<UserOutlined />} style={{ background: '#e8edff', color: '#2f5bea' }} />
        <span className="vt-user-text">
          <span className="vt-user-name">{name || t('user.anonymous')}</span>
          {roleItem.role ? (
            <span className="vt-user-role">
              {t(`common:roleName.${roleItem.role}`, { defaultValue: roleItem.roleName ?? String(roleItem.role) })}
            </span>
          ) : null}
        </span>
      </button>
    </Dropdown>
  );
}
