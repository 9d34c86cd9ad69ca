// The spec's enumerations (console-spec §3, §4), defined once.

export const ROLE = { assistant: 1, manager: 2, supervisor: 3 } as const;
export type Role = (typeof ROLE)[keyof typeof ROLE];
export const ROLES = [1, 2, 3] as const;

export const SEX = { male: 1, female: 2 } as const;
export const ORIENTATION = { landscape: 1, portrait: 0 } as const;
export const AD_TYPES = ['default', 'main', 'details', 'compare', 'bgm'] as const;
export const DEVICE_TYPES = ['big', 'pad'] as const;
export const STORE_TYPE = { A: 1, B: 2, C: 3 } as const;
export const SOURCES = ['pc', 'wx'] as const;
export type Source = (typeof SOURCES)[number];

/** File type from MIME (spec §3): 1 spreadsheet … 10 pdf. */
export const FILE_TYPE = {
  spreadsheet: 1,
  html: 2,
  video: 3,
  other: 4,
  image: 5,
  zip: 6,
  presentation: 7,
  word: 8,
  audio: 9,
  pdf: 10,
} as const;

export const COMPARE_OPS = { 1: '>=', 2: '>', 3: '=', 4: '<=', 5: '<' } as const;

export const CONTENT_STATUS = { draft: 101, submitted: 102, approved: 103, rejected: 104 } as const;
export const APPLY_STATUS = { pending: 201, approved: 202, rejected: 203 } as const;
export const ONLINE_STATUS = { offline: 301, online: 302 } as const;
export type OnlineStatus = (typeof ONLINE_STATUS)[keyof typeof ONLINE_STATUS];
export const MESSAGE_STATUS = { unread: 401, read: 402 } as const;
export const DEVICE_STATUS = { offline: 0, abnormal: 1, playbackAbnormal: 3, normal: 7 } as const;
export const DEVICE_STATUSES: readonly number[] = Object.values(DEVICE_STATUS);

export const ENTERPRISE_STATUS = { review: 0, approved: 1, rejected: 2 } as const;

/**
 * An enterprise's review policy (DESIGN §5): 0 — when nobody else may review a submission, its author
 * approves it if they hold the examine bit over it ("self-approved" in the log); 1 — a second person
 * must approve, so such a submission is refused. 0 by default; 1 only while two members can review.
 */
export const REVIEW_POLICY = { selfWhenAlone: 0, secondPerson: 1 } as const;
export type ReviewPolicy = (typeof REVIEW_POLICY)[keyof typeof REVIEW_POLICY];
export type EnterpriseStatus = (typeof ENTERPRISE_STATUS)[keyof typeof ENTERPRISE_STATUS];

export const OP_VERBS = [
  'create',
  'copy',
  'update',
  'delete',
  'recovery',
  'apply',
  'pass',
  'reject',
  'online',
  'offline',
  'throw',
  'revoke',
  'send',
] as const;
export type OpVerb = (typeof OP_VERBS)[number];

/** Operation bits carried in a menu item's `weight` (DESIGN §4). */
export const PERM = {
  view: 1,
  create: 2,
  update: 4,
  delete: 8,
  submit: 16,
  examine: 32,
  publish: 64,
  export: 128,
} as const;
export type PermBit = keyof typeof PERM;
export const ALL_BITS = Object.values(PERM).reduce((a, b) => a | b, 0);

/** Decode a weight into its powers of two (spec §3: "bit flags decoded into powers of two"). */
export function decodeWeight(weight: number): number[] {
  const out: number[] = [];
  for (let bit = 1; bit <= weight; bit <<= 1) if (weight & bit) out.push(bit);
  return out;
}

export const SMS_PURPOSES = ['register', 'login', 'reset', 'bind'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** Business constants (spec §9). */
export const PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
export const REQUEST_TIMEOUT_MS = 600000;
export const TIME_SHORTCUT_DAYS = [7, 30, 90] as const;
export const MENU_HOVER_DELAY_MS = 100;
export const TREE_DIALOG_WIDTH = 560;
export const ROLE_DIALOG_WIDTH = 300;
export const SMS_RESEND_SECONDS = 60;
