// Server messages of the files area, in both languages.
export const FILES_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
