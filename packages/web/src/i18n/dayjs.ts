import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { i18n } from './index';

// dayjs in the interface's language, for every module that makes, shows or picks dates (antd's
// pickers read the same global locale). Those are all console modules: the public pages show no
// dates and go without dayjs (decisions/0101).
const apply = (lng: string) => void dayjs.locale(lng === 'en-US' ? 'en' : 'zh-cn');
apply(i18n.language);
i18n.on('languageChanged', apply);

export { dayjs };
