import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import type { StoreServices } from '../../records/services.js';

/** Shops, store points, employees and shop members (the generic list search is domains/search). */
export function storeRoutes(app: FastifyInstance, deps: Deps, services: StoreServices) {
  registerLifecycle(app, deps, api.shop, services.shop);
  registerLifecycle(app, deps, api.et, services.et);
  registerLifecycle(app, deps, api.employee, services.employee);
  registerLifecycle(app, deps, api.member, services.member);
}
