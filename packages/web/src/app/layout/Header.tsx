import { Button } from 'antd';
import { HomeOutlined, MessageOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EnterpriseSwitcher } from './EnterpriseSwitcher';
import { LanguageSwitch } from './LanguageSwitch';
import { UserMenu } from './UserMenu';
import { canonicalPath } from './menuTree';

export function Header() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
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
        <Button type="text" icon={<HomeOutlined />} onClick={() => void navigate(canonicalPath('/home'))} data-testid="header-home">
          {t('header.home')}
        </Button>
        <Button type="text" icon={<MessageOutlined />} onClick={() => void navigate('/news')} data-testid="header-messages">
          {t('header.messages')}
        </Button>
        <LanguageSwitch />
        <UserMenu />
      </div>
    </header>
  );
}
