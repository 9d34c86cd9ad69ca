import { Dropdown, type MenuProps } from 'antd';
import { DownOutlined, PlusOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { chooseEnterprise } from '../enterprise';
import { EnterpriseAvatar, EnterpriseStatusTag } from './EnterpriseStatusTag';

export const CREATE_ENTERPRISE_PATH = '/register?step=create';
export const JOIN_ENTERPRISE_PATH = '/register?step=join';

/** Logo, title and enterprise code; the user's enterprises plus Create and Join (spec §2). */
export function EnterpriseSwitcher() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { activeCom, companyList } = useStore(appStore, 'activeCom', 'companyList');

  const items: MenuProps['items'] = [
    ...companyList.map((c) => ({
      key: `c:${c.companyCode}`,
      label: (
        <span className="vt-ent-option" data-testid={`enterprise-option-${c.companyCode}`}>
          <EnterpriseAvatar title={c.title} logo={c.logo} size={24} />
          <span className="vt-ent-option-text">
            <span className="vt-ent-option-title">{c.title}</span>
            <span className="vt-ent-code">{t('enterprise.code', { code: c.companyCode })}</span>
          </span>
          <EnterpriseStatusTag status={c.status} hideApproved />
        </span>
      ),
    })),
    ...(companyList.length ? [{ type: 'divider' as const }] : []),
    {
      key: 'create',
      icon: <PlusOutlined />,
      label: <span data-testid="enterprise-create">{t('enterprise.create')}</span>,
    },
    {
      key: 'join',
      icon: <UsergroupAddOutlined />,
      label: <span data-testid="enterprise-join">{t('enterprise.join')}</span>,
    },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'create') return void navigate(CREATE_ENTERPRISE_PATH);
    if (key === 'join') return void navigate(JOIN_ENTERPRISE_PATH);
    const company = companyList.find((c) => `c:${c.companyCode}` === key);
    if (company) void chooseEnterprise(company);
  };

  const selected = activeCom.companyCode ? [`c:${activeCom.companyCode}`] : [];

  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: selected }} trigger={['click']}>
      <button type="button" className="vt-ent-switcher" data-testid="header-enterprise-switcher">
        <EnterpriseAvatar title={activeCom.title} logo={activeCom.logo} />
        <span className="vt-ent-text">
          <span className="vt-ent-title">{activeCom.title ?? t('enterprise.choose')}</span>
          {activeCom.companyCode ? (
            <span className="vt-ent-code">{t('enterprise.code', { code: activeCom.companyCode })}</span>
          ) : null}
        </span>
        <DownOutlined className="vt-ent-caret" />
      </button>
    </Dropdown>
  );
}
