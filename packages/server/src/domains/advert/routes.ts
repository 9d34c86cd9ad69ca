import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle, rows } from '../../lifecycle/routes.js';
import { commodityTemplateRoute, importCommodities } from './import.js';
import { lifecycleService } from '../../lifecycle/service.js';
import { guardFiles } from '../files/reach.js';
import { register } from '../../plugins/register.js';
import { AD_CONTENT, AD_PLAN, AI_PITCH, COMMODITY } from '../../records/advert-entities.js';
import { defaultPlan, planDevices, revokePlan, throwPlan, timeline } from './plans.js';

/** Commodities and ad contents (enterprise-wide) and ad plans (aimed at areas, shops and devices) on the one lifecycle. */
export function advertRoutes(app: FastifyInstance, deps: Deps) {
  registerLifecycle(app, deps, api.commodity, guardFiles(deps, lifecycleService(deps.db, COMMODITY)));
  registerLifecycle(app, deps, api['ad-content'], guardFiles(deps, lifecycleService(deps.db, AD_CONTENT)));
  const {
    throw: throwCall,
    revoke,
    default: defaultCall,
    deviceList,
    timeline: timelineCall,
    ...plan
  } = api['ad-plan'];
  registerLifecycle(app, deps, plan, lifecycleService(deps.db, AD_PLAN));
  registerLifecycle(app, deps, api['ai-pitch'], lifecycleService(deps.db, AI_PITCH));
  register(app, deps, api.commodity.import, (b, ctx) => importCommodities(deps, ctx, b));
  commodityTemplateRoute(app, deps);
  register(app, deps, rows(throwCall), (i, ctx) => throwPlan(deps, ctx, i.id));
  register(app, deps, rows(revoke), (i, ctx) => revokePlan(deps, ctx, i.id));
  register(app, deps, rows(defaultCall), (i, ctx) => defaultPlan(deps, ctx, i.id, i.isDefault));
  register(app, deps, deviceList, (i, ctx) => planDevices(deps, ctx, i));
  register(app, deps, timelineCall, (i, ctx) => timeline(deps, ctx, i.deviceId));
}
