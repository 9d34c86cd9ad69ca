// Server messages of the inbox (messages) area, in both languages.
export const INBOX_MESSAGES = {
  'message.notFound': { zh: '消息不存在', en: 'No such message' },
} as const satisfies Record<string, { zh: string; en: string }>;
