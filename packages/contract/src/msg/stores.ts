// Server messages of the stores area, in both languages.
export const STORES_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
