import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as svc from './service.js';

export function companyRoutes(app: FastifyInstance, deps: Deps) {
  const c = api.company;
  register(app, deps, c.create, (b, ctx) => svc.createCompany(deps, ctx, b));
  register(app, deps, c.applyJoin, (b, ctx) => svc.applyJoin(deps, ctx, b.enCode));
  register(app, deps, c.info, (_b, ctx) => svc.companyInfo(deps, ctx));
}
