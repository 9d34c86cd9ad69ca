import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { secretFile } from '../config.js';
import type { Deps } from '../deps.js';
import { fail } from '../errors.js';

export const OPERATOR_SECRET_FILE = 'operator.secret';
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A caller on this machine: the socket's peer is loopback and no proxy forwarded the request (a
 * reverse proxy on the same host would otherwise make every remote caller look local).
 */
export const isLocalCaller = (req: FastifyRequest): boolean =>
  LOOPBACK.has(req.socket.remoteAddress ?? '') &&
  req.headers['x-forwarded-for'] === undefined &&
  req.headers.forwarded === undefined;

/**
 * The platform operator's endpoint answers only on loopback, to a caller that can read the secret
 * the server keeps in DATA_DIR (mode 0600: the server's owner only).
 */
export function checkOperator(deps: Deps, req: FastifyRequest): void {
  if (!isLocalCaller(req)) throw fail.forbidden();
  const given = Buffer.from(String(req.headers['x-operator-secret'] ?? ''));
  const expected = Buffer.from(secretFile(deps.config.dataDir, OPERATOR_SECRET_FILE));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw fail.forbidden();
}
