import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RET, message, type CallDef } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { AppError, fail } from '../errors.js';
import { envelope } from '../plugins/protocol.js';
import { checkResult, jsonSchema, rejectBadBody, toFields } from '../plugins/register.js';
import type { AuthRow } from './runtime.js';

/** A handler that answered on its own (bytes, 304) returns this instead of a result. */
export const SENT = Symbol('sent');

/** sha256 of the token, hex (crypto.hash: one call, no Hash object; a heartbeat hashes its token every time). */
export const tokenHash = (token: string) => hash('sha256', token, 'hex');

/** The device token of a request (header `dt`), hashed; 65536 when absent or malformed. */
export function tokenOf(req: FastifyRequest): string {
  const v = req.headers.dt;
  const token = (Array.isArray(v) ? v[0] : v)?.trim();
  if (!token || token.length > 200) throw fail.auth();
  return tokenHash(token);
}

/** The calling device (65536 when its token is unknown or revoked), counted against its call limit (40029). */
export async function deviceOf<D extends AuthRow>(
  deps: Deps,
  req: FastifyRequest,
  authenticate?: (hash: string) => Promise<D | undefined>,
): Promise<D> {
  const hash = tokenOf(req);
  const device = authenticate ? await authenticate(hash) : ((await deps.device.auth.load(hash)) as D | undefined);
  if (!device) throw fail.auth();
  if (!deps.device.limiter.hit(device.deviceId)) throw fail.tooMany();
  return device;
}

type Opts<D, P extends z.ZodType> = {
  /** largest body in bytes (40013 past it) */
  bodyLimit: number;
  /** how the token becomes a device; default: the batched device_auth lookup */
  authenticate?: (hash: string) => Promise<D | undefined>;
  /** what the body is parsed with when not the contract's own schema (batches validate events one by one) */
  parse?: P;
};

/**
 * Register one device call: token → device (65536 when unknown or revoked), the per-device call
 * limit (40029), the body (40001 with fields), the handler, the envelope. Handlers never read headers
 * for who is calling.
 */
export function registerDevice<C extends CallDef, D extends AuthRow = AuthRow, P extends z.ZodType = C['body']>(
  app: FastifyInstance,
  deps: Deps,
  def: C,
  opts: Opts<D, P>,
  handler: (
    input: z.output<P>,
    device: D,
    req: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<z.output<C['result']> | typeof SENT>,
) {
  const schema = (opts.parse ?? def.body) as z.ZodType;
  const docs = jsonSchema(def.body, 'input');
  app.route({
    method: def.method,
    url: `/${def.path}`,
    bodyLimit: opts.bodyLimit,
    schema: {
      summary: def.summary,
      tags: ['device-api'],
      headers: { type: 'object', properties: { dt: { type: 'string', description: 'device token from activate' } } },
      ...(def.method === 'GET' ? { querystring: docs } : { body: docs }),
      response: {
        200: {
          type: 'object',
          properties: { ret: { type: 'integer' }, msg: { type: 'string' }, result: jsonSchema(def.result, 'output') },
        },
      },
    },
    handler: async (req, reply) => {
      const device = await deviceOf(deps, req, opts.authenticate);
      const input = (def.method === 'GET' ? req.query : req.body) ?? {};
      rejectBadBody(input);
      const parsed = schema.safeParse(input);
      if (!parsed.success) throw new AppError(RET.validation, 'validation.failed', toFields(parsed.error));
      const result = await handler(parsed.data as z.output<P>, device, req, reply);
      if (result === SENT) return reply;
      if (deps.config.checkResults) checkResult(def, result ?? {});
      return reply.send(envelope(RET.ok, message('ok', req.lang), result ?? {}));
    },
  });
}
