import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { langOf, type Lang } from '@vitrine/contract';
import { COOKIE, getCookie, setCookie } from '../state/cookies';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

type JsonModule = { default: Record<string, unknown> };

/** Every ../locales/<lng>/<namespace>.json, bundled; the namespace is the file name. */
export function buildResources(modules: Record<string, JsonModule>): Record<string, Record<string, Record<string, unknown>>> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match;
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
  }
  return resources;
}

const resources = buildResources(import.meta.glob<JsonModule>('../locales/*/*.json', { eager: true }));

/** The `language` cookie: zh-CN (default) or en-US; anything else reads as Chinese. */
export function languageFromCookie(): Language {
  return langOf(getCookie(COOKIE.language)) === 'en' ? 'en-US' : 'zh-CN';
}

function applySideEffects(lng: Language): void {
  dayjs.locale(lng === 'en-US' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

const initial = languageFromCookie();
void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources[DEFAULT_LANGUAGE] ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});
applySideEffects(initial);

/** Writes the `language` cookie and switches the interface. */
export async function setLanguage(lng: Language): Promise<void> {
  setCookie(COOKIE.language, lng, 365);
  applySideEffects(lng);
  await i18n.changeLanguage(lng);
}

export function currentLang(): Lang {
  return langOf(i18n.language);
}

/** 'zh' | 'en' for the contract's `message(key, lang)` and for title/titleEn choices. */
export function useLang(): Lang {
  const { i18n: instance } = useTranslation();
  return langOf(instance.language);
}

export { i18n };
