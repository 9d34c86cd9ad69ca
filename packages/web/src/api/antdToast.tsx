// antd's static message API, themed like the console: the api client's toasts, fetched with the
// first toast (api/feedback.ts). Static, not App.useApp(): its holder lives outside the route tree,
// so a toast survives the navigation that often follows it (ret 65536 → /index, which has no antd).
import { ConfigProvider, message } from 'antd';
import { THEME } from '../app/theme';

ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={THEME}>{children}</ConfigProvider> });

/** The Feedback of api/feedback.ts (typed there, where it is used: no import back). */
export const antdFeedback = {
  info: (content: string, key?: string) => void message.info({ content, key }),
  success: (content: string, key?: string) => void message.success({ content, key }),
  warning: (content: string, key?: string) => void message.warning({ content, key }),
  error: (content: string, seconds = 5, key?: string) => void message.error({ content, key, duration: seconds }),
};
