// The few words a screen shows, in both languages.
const WORDS = {
  'zh-CN': {
    price: '价格',
    points: '卖点',
    compare: '商品对比',
    music: '背景音乐',
    track: '第 {n}/{of} 首',
    splash: 'Vitrine',
  },
  'en-US': {
    price: 'Price',
    points: 'Why you will love it',
    compare: 'Compare',
    music: 'Background music',
    track: 'Track {n} of {of}',
    splash: 'Vitrine',
  },
} as const;

export type ScreenLang = keyof typeof WORDS;
export type Word = keyof (typeof WORDS)['zh-CN'];

export const word = (lang: ScreenLang, key: Word, params: Record<string, string | number> = {}) =>
  Object.entries(params).reduce<string>(
    (s, [k, v]) => s.replace(`{${k}}`, String(v)),
    (WORDS[lang] ?? WORDS['zh-CN'])[key],
  );
