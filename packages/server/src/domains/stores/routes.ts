import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { parseInput, register } from '../../plugins/register.js';
import type { StoreServices } from '../../records/services.js';

/** Shops, store points, employees, shop members and the generic list search over every stores-area entity. */
export function storeRoutes(app: FastifyInstance, deps: Deps, services: StoreServices) {
  registerLifecycle(app, deps, api.shop, services.shop);
  registerLifecycle(app, deps, api.et, services.et);
  registerLifecycle(app, deps, api.employee, services.employee);
  registerLifecycle(app, deps, api.member, services.member);
  // The filter sidebar's fallback: the enabled records of one entity with the filter object, which
  // is that entity's list filter (an unknown field is 40001, as on the entity's own list calls).
  register(app, deps, api.search.list, ({ entity, ...filter }, ctx) =>
    services[entity].enableList(ctx, parseInput(api[entity].enableList.body, filter)));
}
