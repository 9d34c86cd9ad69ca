import { BASE_MESSAGES } from './base.js';
export { baseMessage } from './base.js';
import { ENTERPRISE_MESSAGES } from './enterprise.js';
import { FILES_MESSAGES } from './files.js';
import { INBOX_MESSAGES } from './inbox.js';
import { MATERIALS_MESSAGES } from './materials.js';
import { LIFECYCLE_MESSAGES } from './lifecycle.js';
import { STORES_MESSAGES } from './stores.js';
import { DEVICES_MESSAGES } from './devices.js';
import { STATS_MESSAGES } from './stats.js';
import { ADVERT_MESSAGES } from './advert.js';
import { INFORM_MESSAGES } from './inform.js';

/**
 * Every message the server can send, in both languages; one file per area. Built on first use (a
 * function, not a module-level object), so a bundle that never calls `message` — the console uses
 * `baseMessage` — leaves the areas' catalogues out.
 */
const catalogue = () =>
  ({
    ...BASE_MESSAGES,
    ...ENTERPRISE_MESSAGES,
    ...FILES_MESSAGES,
    ...MATERIALS_MESSAGES,
    ...INBOX_MESSAGES,
    ...LIFECYCLE_MESSAGES,
    ...STORES_MESSAGES,
    ...DEVICES_MESSAGES,
    ...STATS_MESSAGES,
    ...ADVERT_MESSAGES,
    ...INFORM_MESSAGES,
  }) as const;
let all: Record<string, { zh: string; en: string }> | undefined;

export type MessageKey = keyof ReturnType<typeof catalogue>;
export type Lang = 'zh' | 'en';

export function message(key: string, lang: Lang): string {
  const entry = (all ??= catalogue() as Record<string, { zh: string; en: string }>)[key];
  return entry ? entry[lang] : key;
}

/** `language` cookie values: zh-CN (default) or en-US; anything else reads as Chinese. */
export function langOf(value: string | undefined | null): Lang {
  return value && /^en/i.test(value) ? 'en' : 'zh';
}

/**
 * A text stored as a catalogue key plus parameters, rendered in the reader's language when read.
 * A parameter is a value (names, codes, typed reasons: the same in every language), another
 * catalogue text (rendered in the reader's language too, e.g. an entity's label), or a list of
 * those (joined the way the language joins lists).
 */
export type MessageParam = string | number | MessageText | MessageParam[];
export type MessageText = { key: MessageKey; params?: Record<string, MessageParam> };

const LIST_JOIN: Record<Lang, string> = { zh: '、', en: ', ' };

function renderParam(p: MessageParam, lang: Lang): string {
  if (Array.isArray(p)) return p.map((x) => renderParam(x, lang)).join(LIST_JOIN[lang]);
  if (typeof p === 'object' && p !== null) return renderMessage(p, lang);
  return String(p);
}

/** Render a stored text; a missing parameter renders empty, an unknown key as itself. */
export function renderMessage(text: MessageText, lang: Lang): string {
  const params = text.params ?? {};
  return message(text.key, lang).replace(/\{(\w+)\}/g, (_, k: string) =>
    k in params ? renderParam(params[k], lang) : '',
  );
}
