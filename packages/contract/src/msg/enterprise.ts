// Server messages of the enterprise area, in both languages.
export const ENTERPRISE_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
