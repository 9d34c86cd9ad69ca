// Server messages of the devices area, in both languages.
export const DEVICES_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
