// ret codes (API.md) and their HTTP statuses, defined once.
export const RET = {
  ok: 0,
  okAlt: 1,
  unauthenticated: 65536,
  tenantInvalid: 10017,
  validation: 40001,
  forbidden: 40003,
  notFound: 40004,
  conflict: 40009,
  tooLarge: 40013,
  tooMany: 40029,
  internal: 50000,
  /** A statement ran past its time limit (PostgreSQL's statement_timeout, issue 24 §1): narrow the request. */
  timeout: 50003,
} as const;
export type Ret = (typeof RET)[keyof typeof RET];

export const HTTP_STATUS: Record<number, number> = {
  0: 200,
  1: 200,
  65536: 401,
  10017: 403,
  40001: 400,
  40003: 403,
  40004: 404,
  40009: 409,
  40013: 413,
  40029: 429,
  50000: 500,
  50003: 503,
};

export const isSuccess = (ret: number) => ret === RET.ok || ret === RET.okAlt;

/**
 * Console pages that fix a refusal: a 4xxxx answer may carry `result.fix`, one of these, and the
 * console offers a link to it beside the message (issue 25: a refusal names its fix).
 */
export const FIX_PAGES = {
  /** Permissions: which jobs hold the examine bit on which menu. */
  reviewers: '/enterprise?tab=permissions',
} as const;
export type FixPage = (typeof FIX_PAGES)[keyof typeof FIX_PAGES];
