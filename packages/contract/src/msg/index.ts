import { BASE_MESSAGES } from './base.js';
import { ENTERPRISE_MESSAGES } from './enterprise.js';
import { FILES_MESSAGES } from './files.js';
import { INBOX_MESSAGES } from './inbox.js';
import { LIFECYCLE_MESSAGES } from './lifecycle.js';
import { STORES_MESSAGES } from './stores.js';
import { DEVICES_MESSAGES } from './devices.js';

/** Every message the server can send, in both languages; one file per area. */
export const MESSAGES = { ...BASE_MESSAGES, ...ENTERPRISE_MESSAGES, ...FILES_MESSAGES, ...INBOX_MESSAGES, ...LIFECYCLE_MESSAGES, ...STORES_MESSAGES, ...DEVICES_MESSAGES } as const;

export type MessageKey = keyof typeof MESSAGES;
export type Lang = 'zh' | 'en';

export function message(key: string, lang: Lang): string {
  const entry = (MESSAGES as Record<string, { zh: string; en: string }>)[key];
  return entry ? entry[lang] : key;
}

/** `language` cookie values: zh-CN (default) or en-US; anything else reads as Chinese. */
export function langOf(value: string | undefined | null): Lang {
  return value && /^en/i.test(value) ? 'en' : 'zh';
}
