import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.js';

export function storeRoutes(_app: FastifyInstance, _deps: Deps) {
  // Calls of this area are registered here with register(app, deps, api.<area>.<call>, handler).
}
