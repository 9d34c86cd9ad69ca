import { z } from 'zod';
import type { OpVerb, PermBit } from './enums.js';

/**
 * Who may make a call:
 * - public: anyone;
 * - user: a logged-in user (headers `at`, `id`);
 * - tenant: a user acting in an enterprise with a role (plus `enCode`, `roleCode`);
 * - operator: the platform operator's loopback endpoint (secret from DATA_DIR);
 * - device: a screen with its device token (header `dt`), under /device-api.
 */
export type Auth = 'public' | 'user' | 'tenant' | 'operator' | 'device';

/** The permission a tenant call needs: a menu path and an operation bit; `main` = main admin only. */
export type Perm = { menu: string; bit: PermBit; main?: boolean };

/**
 * What a mutating call writes into the operation log (spec §4 verbs). The server's mechanism writes
 * the row in the mutation's own transaction; the verb and entity come from here, never from a
 * handler. `verb` may depend on one input field (examine: pass 1 → pass, 0 → reject).
 * `'private'`: the call changes only the caller's own state (read marks), which is no operation.
 * A call without `log` is a read: it must not write tenant data (checked in tests).
 */
export type OpLog = { entity: string; verb: OpVerb | { field: string; map: Record<string, OpVerb> } };

export type CallDef<B extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, A extends Auth = Auth> = {
  path: string;
  method: 'POST' | 'GET';
  auth: A;
  /** How a POST's body travels: form-encoded unless noted (spec §7); 'json' for the calls the spec names JSON. */
  encoding?: 'json';
  /**
   * Parameters a POST takes in its query string beside the body (search1's `from` and `size`). The
   * handler receives them merged into its input; a name may not be both here and in the body.
   */
  query?: z.ZodObject;
  perm?: Perm;
  /** Rate-limit bucket applied per IP (config `limits`): sign-in, SMS sending, screen activation. */
  limit?: 'auth' | 'sms' | 'activate' | 'join';
  summary: string;
  log?: OpLog | 'private';
  body: B;
  result: R;
};

export function defineCall<
  B extends z.ZodType,
  R extends z.ZodType,
  A extends Auth,
  Q extends z.ZodObject | undefined = undefined,
>(
  def: Omit<CallDef<B, R, A>, 'method' | 'query'> & { method?: 'POST' | 'GET'; query?: Q },
): CallDef<B, R, A> & (Q extends z.ZodObject ? { query: Q } : unknown) {
  return { method: 'POST', ...def } as CallDef<B, R, A> & (Q extends z.ZodObject ? { query: Q } : unknown);
}

/**
 * What a browser needs to make a call: where and how it travels, not its schemas, so that a client
 * can carry its calls without zod (ADR 0101). `query` names the parameters that go in the URL.
 * `def` exists only in the type: it carries the call's body and result types.
 */
export type CallRoute<C extends CallDef = CallDef> = {
  path: string;
  method: 'POST' | 'GET';
  encoding?: 'json';
  query?: readonly string[];
  readonly def?: C;
};

/** The routes of an object of calls by area (the contract's `api`), area and call names kept. */
export type RoutesOf<T> = {
  [A in keyof T]: { [K in keyof T[A]]: T[A][K] extends CallDef ? CallRoute<T[A][K]> : never };
};

/** A call's route: its definition without the schemas. */
export function routeOf(def: CallDef): CallRoute {
  return {
    path: def.path,
    method: def.method,
    ...(def.encoding ? { encoding: def.encoding } : {}),
    ...(def.query ? { query: Object.keys(def.query.shape) } : {}),
  };
}

/** A call's body as the client sends it; for a definition or its route. */
export type BodyOf<C> =
  C extends CallDef<infer B, z.ZodType, Auth>
    ? z.input<B> & QueryOf<C>
    : C extends CallRoute<infer D>
      ? BodyOf<D>
      : never;
/** The query-string parameters of a POST that has them (the client puts them in the URL). */
export type QueryOf<C> = C extends { query: infer Q extends z.ZodType } ? Partial<z.input<Q>> : unknown;
/** What a handler receives: the parsed body, and the parsed query string of a POST that has one. */
export type InputOf<C extends CallDef> = z.output<C['body']> &
  (C extends { query: infer Q extends z.ZodType } ? z.output<Q> : unknown);
export type ResultOf<C> =
  C extends CallDef<z.ZodType, infer R, Auth> ? z.output<R> : C extends CallRoute<infer D> ? ResultOf<D> : never;

/** The verb one call writes for this input (the contract's declaration, read by the server). */
export function verbOf(log: OpLog, input: unknown): OpVerb | undefined {
  if (typeof log.verb === 'string') return log.verb;
  const value = input && typeof input === 'object' ? (input as Record<string, unknown>)[log.verb.field] : undefined;
  return log.verb.map[String(value)];
}

/** Every verb a declaration can produce (the contract-derived oplog test reads it). */
export const verbsOf = (log: OpLog): OpVerb[] =>
  typeof log.verb === 'string' ? [log.verb] : Object.values(log.verb.map);
