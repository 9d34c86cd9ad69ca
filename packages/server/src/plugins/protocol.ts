import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HTTP_STATUS, RET, langOf, message, type Lang } from '@vitrine/contract';
import { AppError } from '../errors.js';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    lang: Lang;
  }
}

export function cookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export function envelope(ret: number, msg: string, result: unknown) {
  return { ret, msg, result };
}

/** PostgreSQL's SQLSTATE for a statement cancelled, here by statement_timeout. */
const QUERY_CANCELED = '57014';

/** Render any error as the `{ret,msg,result}` envelope in the request's language. */
export function sendError(req: FastifyRequest, reply: FastifyReply, err: unknown) {
  if (err instanceof AppError) {
    const fields = err.fields?.map((f) => ({ field: f.field, message: message(f.message, req.lang) }));
    // A validation failure's msg is its first field's message: that is what the user needs to read.
    const msg = fields?.length ? fields[0].message : message(err.key, req.lang);
    const result = fields ? { fields } : err.fix ? { fix: err.fix } : null;
    return reply.status(HTTP_STATUS[err.ret] ?? 400).send(envelope(err.ret, msg, result));
  }
  const e = err as { statusCode?: number; code?: string };
  if (e.statusCode === 413 || e.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return reply.status(413).send(envelope(RET.tooLarge, message('tooLarge', req.lang), null));
  }
  if (e.code === QUERY_CANCELED) {
    // a statement past its time limit (db/limits.ts): the caller asked for too much at once
    req.log.warn({ url: req.url }, 'statement timeout');
    return reply.status(HTTP_STATUS[RET.timeout]).send(envelope(RET.timeout, message('timeout', req.lang), null));
  }
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    // Malformed bodies, wrong content types: the client's fault, said plainly.
    return reply.status(400).send(envelope(RET.validation, message('validation.failed', req.lang), null));
  }
  req.log.error(err);
  return reply.status(500).send(envelope(RET.internal, message('internal', req.lang), null));
}

/**
 * The request protocol: language, the envelope for errors and 404s, and an ETag on every
 * response (304 when If-None-Match matches).
 */
export const protocol = fp(async (app: FastifyInstance) => {
  // The language is read from the request when first asked for (no hook on every request).
  app.decorateRequest('lang', {
    getter(this: FastifyRequest): Lang {
      return langOf(cookie(this, 'language') ?? this.headers['accept-language']);
    },
  });
  app.setErrorHandler((err, req, reply) => sendError(req, reply, err));
  app.setNotFoundHandler((req, reply) =>
    reply.status(404).send(envelope(RET.notFound, message('notFound.route', req.lang), null)),
  );
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload)))
      return done(null, payload);
    // A route that knows its own validator (a playlist's ETag over its inputs) sets it; otherwise the body's hash.
    const own = reply.getHeader('etag');
    const etag = typeof own === 'string' ? own : `"${hash('sha1', payload, 'base64url')}"`;
    reply.header('etag', etag);
    if (req.headers['if-none-match'] === etag) {
      reply.status(304);
      return done(null, '');
    }
    done(null, payload);
  });
});
