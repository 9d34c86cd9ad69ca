import type { FastifyInstance } from 'fastify';
import { api, INFORM_ENTITIES } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import { lifecycleService } from '../../lifecycle/service.js';
import { guardFiles } from '../files/reach.js';
import { register } from '../../plugins/register.js';
import { INFORM_CONFIGS } from '../../records/inform-entities.js';
import { check, download, receipts, received, send } from './service.js';

/** Notifications (inform) and announcements (inform2): the lifecycle, and sending, receipts, confirmations, attachments. */
export function informRoutes(app: FastifyInstance, deps: Deps) {
  for (const entity of INFORM_ENTITIES) {
    const {
      send: sendCall,
      check: checkCall,
      received: receivedCall,
      receipts: receiptsCall,
      download: downloadCall,
      ...calls
    } = api[entity];
    registerLifecycle(app, deps, calls, guardFiles(deps, lifecycleService(deps.db, INFORM_CONFIGS[entity])));
    register(app, deps, sendCall, (i, ctx) => send(deps, ctx, entity, i.id));
    register(app, deps, checkCall, (i, ctx) => check(deps, ctx, entity, i));
    register(app, deps, receivedCall, (i, ctx) => received(deps, ctx, entity, i));
    register(app, deps, receiptsCall, (i, ctx) => receipts(deps, ctx, entity, i));
    register(app, deps, downloadCall, (i, ctx) => download(deps, ctx, entity, i));
  }
}
