import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import { statsDays } from './days.js';
import { visitorStats } from './service.js';

export function statsRoutes(app: FastifyInstance, deps: Deps) {
  register(app, deps, api.stats.pa, async (input, ctx) => visitorStats(deps, ctx, await statsDays(deps, ctx, input)));
}
