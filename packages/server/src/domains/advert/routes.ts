import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { lifecycleService } from '../../lifecycle/service.js';
import { AD_PLAN, COMMODITY } from '../../records/advert-entities.js';

/** Commodities (enterprise-wide) and ad plans (aimed at areas, shops and devices) on the one lifecycle. */
export function advertRoutes(app: FastifyInstance, deps: Deps) {
  registerLifecycle(app, deps, api.commodity, lifecycleService(deps.db, COMMODITY));
  registerLifecycle(app, deps, api['ad-plan'], lifecycleService(deps.db, AD_PLAN));
}
