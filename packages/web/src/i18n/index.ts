import i18n, { type BackendModule } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { langOf, type Lang } from '@vitrine/contract';
import { COOKIE, getCookie, setCookie } from '../state/cookies';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

type JsonModule = { default: Record<string, unknown> };
type Resources = Record<string, Record<string, Record<string, unknown>>>;

/** ../locales/<lng>/<namespace>.json modules by language and namespace (the file name). */
export function buildResources(modules: Record<string, JsonModule>): Resources {
  const resources: Resources = {};
  for (const [path, mod] of Object.entries(modules)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (!match) continue;
    const [, lng, ns] = match;
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
  }
  return resources;
}

// `common` (buttons, the api client's errors, toasts) is bundled in both languages; every other
// namespace is a chunk of its own, fetched with the route that uses it (app/router.tsx) or, failing
// that, when a component first asks for it (react-i18next suspends until it is there).
const bundled = buildResources(import.meta.glob<JsonModule>('../locales/*/common.json', { eager: true }));
const lazyNamespaces = import.meta.glob<JsonModule>(['../locales/*/*.json', '!../locales/*/common.json']);

/** Every namespace there is (both languages have the same files). */
export const NAMESPACES = [
  'common',
  ...new Set(Object.keys(lazyNamespaces).map((path) => /\/([^/]+)\.json$/.exec(path)?.[1] ?? '')),
].filter(Boolean);

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = lazyNamespaces[`../locales/${lng}/${ns}.json`];
    if (!load) return callback(null, {});
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err.message : String(err), false),
    );
  },
};

/** Fetches namespaces in the current language (a route's lazy import awaits it beside its chunk). */
export function loadNamespaces(...namespaces: string[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/** The `language` cookie: zh-CN (default) or en-US; anything else reads as Chinese. */
export function languageFromCookie(): Language {
  return langOf(getCookie(COOKIE.language)) === 'en' ? 'en-US' : 'zh-CN';
}

function applySideEffects(lng: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/**
 * Keys asked for that the loaded translations do not hold ("namespace:key (language)"), first 50:
 * the web tests fail on any (test/setup.ts), the end-to-end tour of every page reads them from
 * `window.__i18nMissing`. A call that names its own defaultValue falls back on purpose and is not
 * counted.
 */
export const missingKeys: string[] = [];
function recordMissing(
  _lngs: readonly string[],
  ns: string,
  key: string,
  _fallback: string,
  _update: boolean,
  options: unknown,
) {
  const opts = options as { defaultValue?: unknown; lng?: string } | undefined;
  if (opts?.defaultValue !== undefined) return;
  if (missingKeys.length < 50) missingKeys.push(`${ns}:${key} (${opts?.lng ?? i18n.language})`);
}
if (typeof window !== 'undefined') (window as unknown as { __i18nMissing: string[] }).__i18nMissing = missingKeys;

const initial = languageFromCookie();
void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    resources: bundled,
    partialBundledLanguages: true,
    initAsync: false, // common is bundled: the first render needs nothing fetched
    lng: initial,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    missingKeyHandler: recordMissing,
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
