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
} as const;
export type Ret = (typeof RET)[keyof typeof RET];

export const HTTP_STATUS: Record<number, number> = {
  0: 200, 1: 200, 65536: 401, 10017: 403, 40001: 400, 40003: 403, 40004: 404, 40009: 409,
  40013: 413, 40029: 429, 50000: 500,
};

export const isSuccess = (ret: number) => ret === RET.ok || ret === RET.okAlt;
