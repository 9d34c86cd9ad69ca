import { Button, Dropdown, type MenuProps } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, setLanguage, useLang, type Language } from '../../i18n';

// Labels are each language's own name, so they are the same in every interface language.
const LABELS: Record<string, string> = { 'zh-CN': '中文', 'en-US': 'English', 'zh-TW': '繁體中文' };

/** Chinese (default) and English; other entries have no behaviour (spec §1). */
export function LanguageSwitch() {
  const { t } = useTranslation('layout');
  const lang = useLang();
  const current: Language = lang === 'en' ? 'en-US' : 'zh-CN';
  const items: MenuProps['items'] = Object.entries(LABELS).map(([key, label]) => ({
    key,
    label: <span data-testid={`language-${key}`}>{label}</span>,
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if ((LANGUAGES as readonly string[]).includes(key)) void setLanguage(key as Language);
  };
  return (
    <Dropdown menu={{ items, onClick, selectable: true, selectedKeys: [current] }} trigger={['click']}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        data-testid="header-language"
        aria-label={`${t('header.language')}: ${LABELS[current]}`}
      >
        <span className="vt-header-label">{LABELS[current]}</span>
      </Button>
    </Dropdown>
  );
}
