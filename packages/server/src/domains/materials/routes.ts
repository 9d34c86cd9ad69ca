import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as svc from './service.js';

export function materialRoutes(app: FastifyInstance, deps: Deps) {
  const m = api.material;
  register(app, deps, m.list, (b, ctx) => svc.listMaterials(deps, ctx, b));
  register(app, deps, m.rename, (b, ctx) => svc.renameMaterial(deps, ctx, b));
  register(app, deps, m.delete, (b, ctx) => svc.deleteMaterial(deps, ctx, b));
}
