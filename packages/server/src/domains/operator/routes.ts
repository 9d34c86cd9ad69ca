import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as svc from './service.js';

export function operatorRoutes(app: FastifyInstance, deps: Deps) {
  const o = api.operator;
  register(app, deps, o.enterprises, async () => ({ list: await svc.listEnterprises(deps.db.admin) }));
  register(app, deps, o.approve, (b) => svc.reviewEnterprise(deps.db.admin, b.code, true));
  register(app, deps, o.reject, (b) => svc.reviewEnterprise(deps.db.admin, b.code, false));
  register(app, deps, o.appointments, async () => ({ list: await svc.listAppointments(deps.db.admin) }));
}
