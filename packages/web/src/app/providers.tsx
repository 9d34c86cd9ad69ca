import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';

/**
 * What every page needs: translations. antd's ConfigProvider and App wrap only the routes drawn with
 * antd (AntdProvider, loaded with them), so the landing page /index never fetches antd (decisions/0119).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}
