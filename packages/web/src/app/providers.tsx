import { useEffect, type ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
// antd/es: antd/locale/* are CommonJS re-exports of antd/lib, which bundled a second copy of the
// date-picker, calendar and pagination locales beside the ES modules antd itself uses.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { I18nextProvider } from 'react-i18next';
import { setFeedback } from '../api/feedback';
import { i18n, useLang } from '../i18n';

export const THEME = {
  // Text and link colours reach WCAG AA (4.5:1) on white and on the layout grey: antd's defaults
  // (secondary text at 45 % black, links in #1677ff) do not (issue 8 §4, checked by e2e/a11y.e2e.ts).
  token: {
    colorPrimary: '#2f5bea', colorInfo: '#2f5bea', colorLink: '#2f5bea', borderRadius: 8, colorBgLayout: '#f5f7fa',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)', colorTextTertiary: 'rgba(0, 0, 0, 0.6)', colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)', colorTextLabel: 'rgba(0, 0, 0, 0.7)', colorError: '#cf1322',
  },
} as const;

/** Fills the api client's toast holder with antd's context-aware message API. */
function FeedbackBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setFeedback({
      info: (content, key) => void message.info({ content, key }),
      success: (content, key) => void message.success({ content, key }),
      warning: (content, key) => void message.warning({ content, key }),
      error: (content, seconds = 5, key) => void message.error({ content, key, duration: seconds }),
    });
    return () => setFeedback(null);
  }, [message]);
  return null;
}

function LocalizedAntd({ children }: { children: ReactNode }) {
  const lang = useLang();
  return (
    <ConfigProvider locale={lang === 'en' ? enUS : zhCN} theme={THEME}>
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <LocalizedAntd>{children}</LocalizedAntd>
    </I18nextProvider>
  );
}
