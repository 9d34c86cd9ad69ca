import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import { deviceCount, devices, regions, shopCount, shops, tree } from './service.js';

export function geoRoutes(app: FastifyInstance, deps: Deps) {
  const g = api.geo;
  register(app, deps, g.provinces, (_i, ctx) => regions(deps, ctx.lang, 1, ''));
  register(app, deps, g.cities, (i, ctx) => regions(deps, ctx.lang, 2, i.id));
  register(app, deps, g.areas, (i, ctx) => regions(deps, ctx.lang, 3, i.id));
  register(app, deps, g.tree, (i, ctx) => tree(deps, ctx, i));
  register(app, deps, g.shopCount, (i, ctx) => shopCount(deps, ctx, i));
  register(app, deps, g.shops, (i, ctx) => shops(deps, ctx, i));
  register(app, deps, g.deviceCount, (i, ctx) => deviceCount(deps, ctx, i));
  register(app, deps, g.devices, (i, ctx) => devices(deps, ctx, i));
}
