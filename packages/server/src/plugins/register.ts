import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  RET,
  bodyFault,
  message,
  offsetPaging,
  withoutBlankFilters,
  type CallDef,
  type InputOf,
} from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { AppError, fail, type FieldError } from '../errors.js';
import { hit } from '../lib/rate.js';
import { baseCtx, checkPerm, resolveTenant, resolveUser, type Ctx, type TenantCtx, type UserCtx } from './context.js';
import { envelope } from './protocol.js';
import { checkOperator } from './operator.js';
import { runCall } from '../oplog/call.js';

type CtxFor<A> = A extends 'tenant' ? TenantCtx : A extends 'user' ? UserCtx : Ctx;
export type Handler<C extends CallDef> = (input: InputOf<C>, ctx: CtxFor<C['auth']>) => Promise<z.output<C['result']>>;

export function toFields(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((i) => {
    const at = (key?: PropertyKey) => [...i.path, ...(key === undefined ? [] : [key])].map(String).join('.') || '_';
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ field: at(k), message: 'field.unknown' as const }));
    return [{ field: at(), message: i.message.includes(' ') ? 'field.invalid' : i.message }];
  });
}

/** Parse with a contract schema; bad input is 40001 naming the fields. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new AppError(RET.validation, 'validation.failed', toFields(parsed.error));
  return parsed.data;
}

/**
 * Before any schema: a body nested deeper than MAX_DEPTH (40001 `field.tooDeep`) and, unless `text`
 * is false, NUL characters and lone surrogates, which cannot be stored (40001 naming the field). The
 * walk is iterative, so no body can overflow the stack (issue 24 §1).
 */
export function rejectBadBody(input: unknown, text = true) {
  const fault = bodyFault(input, { text });
  if (fault) throw new AppError(RET.validation, 'validation.failed', [{ field: fault.field, message: fault.message }]);
}

export async function contextFor(deps: Deps, def: CallDef, req: FastifyRequest): Promise<Ctx> {
  switch (def.auth) {
    case 'public':
      return baseCtx(req);
    case 'operator':
      checkOperator(deps, req);
      return baseCtx(req);
    case 'user':
      return resolveUser(deps.db, req, deps.config.tokenIdleSeconds, deps.cache);
    case 'tenant': {
      const user = await resolveUser(deps.db, req, deps.config.tokenIdleSeconds, deps.cache);
      const ctx = await resolveTenant(deps.db, req, user, deps.cache);
      if (def.perm) await checkPerm(deps, ctx, def.perm);
      return ctx;
    }
    case 'device':
      throw new Error(`${def.path}: device calls are registered by src/device-api`);
  }
}

export function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

/**
 * In development and tests an answer that does not match its call's result schema is a server bug:
 * it fails loudly (50000, logged with the fields) instead of reaching a client that trusts the type.
 */
export function checkResult(def: CallDef, result: unknown) {
  const parsed = def.result.safeParse(result);
  if (!parsed.success) {
    const where = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.') || '_'}: ${i.message}`)
      .join('; ');
    throw new Error(`${def.path}: the answer does not match the contract's result schema (${where})`);
  }
}

/** Register one contract call: validate the body, resolve the caller, run the handler, wrap the result. */
export function register<C extends CallDef>(app: FastifyInstance, deps: Deps, def: C, handler: Handler<C>) {
  const url = `/${def.path}`;
  app.route({
    method: def.method,
    url,
    schema: {
      summary: def.summary,
      tags: [def.path.split('/')[0]],
      ...(def.method === 'GET'
        ? { querystring: jsonSchema(def.body, 'input') }
        : { body: jsonSchema(def.body, 'input') }),
      ...(def.method === 'POST' && def.query ? { querystring: jsonSchema(def.query, 'input') } : {}),
      response: {
        200: {
          type: 'object',
          properties: { ret: { type: 'integer' }, msg: { type: 'string' }, result: jsonSchema(def.result, 'output') },
        },
      },
    },
    handler: async (req, reply) => {
      if (def.limit) {
        const { authPerMinute, smsPerMinute, activatePerMinute = 600, joinPerMinute = 10 } = deps.config.limits;
        const max = { auth: authPerMinute, sms: smsPerMinute, activate: activatePerMinute, join: joinPerMinute }[
          def.limit
        ];
        const count = await deps.db.tx({}, (q) => hit(q, `ip:${def.limit}:${req.ip}`, 60));
        if (count > max) throw fail.tooMany();
      }
      const ctx = await contextFor(deps, def, req);
      // creating and joining enterprises (codes reveal titles) count per signed-in user too, once the
      // session says who it is (an id header alone could spend someone else's allowance)
      const userId = 'user' in ctx ? ctx.user?.id : undefined;
      if (def.limit === 'join' && userId) {
        const count = await deps.db.tx({}, (q) => hit(q, `user:join:${userId}`, 60));
        if (count > (deps.config.limits.joinPerMinute ?? 10)) throw fail.tooMany();
      }
      rejectBadBody((def.method === 'GET' ? req.query : req.body) ?? {});
      // an empty field of the spec's filter object is an absent one; its from/size paging becomes the
      // page it names (pageNum, pageSize and the exact offset)
      const raw = withoutBlankFilters(def.body, (def.method === 'GET' ? req.query : req.body) ?? {});
      let input = offsetPaging(parseInput<C['body']>(def.body, raw)) as InputOf<C>;
      // a POST's query-string parameters (search1's paging) join its input, checked by their own schema
      if (def.method === 'POST' && def.query) {
        rejectBadBody(req.query ?? {});
        input = { ...(input as object), ...parseInput(def.query, req.query ?? {}) } as InputOf<C>;
      }
      const result = await runCall(def, input, deps.config.checkWrites === true, () =>
        handler(input, ctx as CtxFor<C['auth']>),
      );
      if (deps.config.checkResults) checkResult(def, result ?? {});
      return reply.send(envelope(RET.ok, message('ok', req.lang), result ?? {}));
    },
  });
}
