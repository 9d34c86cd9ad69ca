import { RET, type FixPage, type MessageKey } from '@vitrine/contract';

export type FieldError = { field: string; message: string };

/**
 * Errors as data: a ret code and a message key; the protocol plugin renders the envelope. `fix`: the
 * console page where the refusal is fixed (contract FIX_PAGES), sent as `result.fix`.
 */
export class AppError extends Error {
  constructor(
    readonly ret: number,
    readonly key: MessageKey,
    readonly fields?: FieldError[],
    readonly fix?: FixPage,
  ) {
    super(key);
  }
}

export const fail = {
  auth: () => new AppError(RET.unauthenticated, 'auth.invalid'),
  tenant: () => new AppError(RET.tenantInvalid, 'auth.tenant'),
  forbidden: (key: MessageKey = 'forbidden') => new AppError(RET.forbidden, key),
  notFound: (key: MessageKey = 'notFound') => new AppError(RET.notFound, key),
  conflict: (key: MessageKey, fix?: FixPage) => new AppError(RET.conflict, key, undefined, fix),
  tooMany: (key: MessageKey = 'tooMany') => new AppError(RET.tooMany, key),
  tooLarge: (key: MessageKey = 'tooLarge') => new AppError(RET.tooLarge, key),
  invalid: (field: string, key: MessageKey) => new AppError(RET.validation, key, [{ field, message: key }]),
};
