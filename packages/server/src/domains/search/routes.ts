import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import { searchAll, searchList } from './service.js';

/** The header's search (search/search, search/search1) and the filter sidebar's fallback list (search/list). */
export function searchRoutes(app: FastifyInstance, deps: Deps) {
  register(app, deps, api.search.list, (input, ctx) => searchList(deps, ctx, input));
  register(app, deps, api.search.search, ({ limit, ...input }, ctx) => searchAll(deps, ctx, input, 0, limit));
  register(app, deps, api.search.search1, async ({ from, size, ...input }, ctx) => ({
    ...(await searchAll(deps, ctx, input, from, size)),
    from,
    size,
  }));
}
