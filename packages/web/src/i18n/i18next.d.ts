import 'i18next';

// Translation keys are typed (issue 28 §4): `t('…')` with a key the Chinese files do not hold is a
// compile error, in the namespaces the call's `useTranslation` names. Chinese is the reference
// language; keys.test.ts holds English to the same keys, and the web tests' setup fails on any key
// still missed at run time (test/setup.ts).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    returnNull: false;
    resources: {
      advert: typeof import('../locales/zh-CN/advert.json');
      center: typeof import('../locales/zh-CN/center.json');
      common: typeof import('../locales/zh-CN/common.json');
      data: typeof import('../locales/zh-CN/data.json');
      device: typeof import('../locales/zh-CN/device.json');
      enterprise: typeof import('../locales/zh-CN/enterprise.json');
      filter: typeof import('../locales/zh-CN/filter.json');
      home: typeof import('../locales/zh-CN/home.json');
      incentives: typeof import('../locales/zh-CN/incentives.json');
      inform: typeof import('../locales/zh-CN/inform.json');
      inlog: typeof import('../locales/zh-CN/inlog.json');
      introduce: typeof import('../locales/zh-CN/introduce.json');
      layout: typeof import('../locales/zh-CN/layout.json');
      lifecycle: typeof import('../locales/zh-CN/lifecycle.json');
      news: typeof import('../locales/zh-CN/news.json');
      oplog: typeof import('../locales/zh-CN/oplog.json');
      public: typeof import('../locales/zh-CN/public.json');
      store: typeof import('../locales/zh-CN/store.json');
      upload: typeof import('../locales/zh-CN/upload.json');
    };
  }
}
