import { App as AntApp, ConfigProvider } from 'antd';
// antd/es: antd/locale/* are CommonJS re-exports of antd/lib, which bundled a second copy of the
// date-picker, calendar and pagination locales beside the ES modules antd itself uses.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { Outlet } from 'react-router';
import { useLang } from '../i18n';
import { THEME } from './theme';

/**
 * antd's theme, locale and App (message, notification and modal holders) around the routes drawn
 * with antd: a layout route, fetched with the first of them (decisions/0119). The api client's
 * toasts do not go through it (api/antdToast.tsx): they must outlive a navigation to /index.
 */
export default function AntdProvider() {
  const lang = useLang();
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME}>
      <AntApp>
        <Outlet />
      </AntApp>
    </ConfigProvider>
  );
}
