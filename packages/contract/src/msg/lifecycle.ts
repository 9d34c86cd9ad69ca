// Server messages of the lifecycle area, in both languages.
export const LIFECYCLE_MESSAGES = {
} as const satisfies Record<string, { zh: string; en: string }>;
