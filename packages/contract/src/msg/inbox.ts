// Server messages of the inbox (messages) area, in both languages.
export const INBOX_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
