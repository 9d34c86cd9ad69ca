import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { register } from '../../plugins/register.js';
import { deviceRoutes } from '../devices/routes.js';
import { geoRoutes } from '../geo/routes.js';
import { storeServices } from './services.js';

/** Geography, shops, store points, employees, shop members, devices and the generic list search. */
export function storeRoutes(app: FastifyInstance, deps: Deps) {
  const services = storeServices(deps.db);
  geoRoutes(app, deps);
  registerLifecycle(app, deps, api.shop, services.shop);
  registerLifecycle(app, deps, api.et, services.et);
  registerLifecycle(app, deps, api.employee, services.employee);
  registerLifecycle(app, deps, api.member, services.member);
  deviceRoutes(app, deps, services.device);
  // The filter sidebar's fallback: the enabled records of one entity with the filter object.
  register(app, deps, api.search.list, ({ entity, ...filter }, ctx) => services[entity].enableList(ctx, filter));
}
