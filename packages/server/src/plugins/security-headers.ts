import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.js';

/**
 * Security headers on every answer (issue 8 §1, docs/decisions/0090): a CSP with no inline script
 * (antd writes its CSS at run time, hence inline styles), no framing, nosniff, a referrer policy,
 * HSTS only behind TLS.
 */
export function securityOptions(config: Pick<Config, 'https'>, wasm = false): HelmetOptions {
  const self = "'self'";
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: [self],
        scriptSrc: wasm ? [self, "'wasm-unsafe-eval'"] : [self],
        styleSrc: [self, "'unsafe-inline'"],
        imgSrc: [self, 'data:', 'blob:'],
        fontSrc: [self, 'data:'],
        connectSrc: [self],
        mediaSrc: [self, 'blob:'],
        workerSrc: [self],
        manifestSrc: [self],
        objectSrc: ["'none'"],
        baseUri: [self],
        formAction: [self],
        frameAncestors: ["'none'"],
      },
    },
    hsts: config.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * The headers helmet writes for these options, computed once. The headers do not depend on the
 * request, and @fastify/helmet rebuilt helmet (re-parsing the CSP) on every request: ~0.05 ms of a
 * list call's ~0.8 ms outside the database (bench/README.md, stores).
 */
export function securityHeaderValues(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The player (and its detector worker, whose own answer carries its policy) may also compile
 * WebAssembly: TensorFlow.js's WASM backend runs the audience detector (issue 26). Still no eval of
 * script and no inline script; the console keeps the stricter policy.
 */
export function securityHeaders(app: FastifyInstance, config: Pick<Config, 'https'>) {
  const values = securityHeaderValues(securityOptions(config));
  const player = securityHeaderValues(securityOptions(config, true));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(req.url.startsWith('/player/') ? player : values);
    done();
  });
}
