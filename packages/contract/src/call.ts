import { z } from 'zod';
import type { PermBit } from './enums.js';

/**
 * Who may make a call:
 * - public: anyone;
 * - user: a logged-in user (headers `at`, `id`);
 * - tenant: a user acting in an enterprise with a role (plus `enCode`, `roleCode`);
 * - operator: the platform operator's loopback endpoint (secret from DATA_DIR).
 */
export type Auth = 'public' | 'user' | 'tenant' | 'operator';

/** The permission a tenant call needs: a menu path and an operation bit; `main` = main admin only. */
export type Perm = { menu: string; bit: PermBit; main?: boolean };

export type CallDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends Auth = Auth> = {
  path: string;
  method: 'POST' | 'GET';
  auth: A;
  perm?: Perm;
  /** Rate-limit bucket applied per IP (see server plugins/rate-limit). */
  limit?: 'auth' | 'sms';
  summary: string;
  body: B;
  result: R;
};

export function defineCall<B extends z.ZodType, R extends z.ZodType, A extends Auth>(
  def: Omit<CallDef<B, R, A>, 'method'> & { method?: 'POST' | 'GET' },
): CallDef<B, R, A> {
  return { method: 'POST', ...def };
}

export type BodyOf<C> = C extends CallDef<infer B, z.ZodType, Auth> ? z.input<B> : never;
export type ResultOf<C> = C extends CallDef<z.ZodType, infer R, Auth> ? z.output<R> : never;
