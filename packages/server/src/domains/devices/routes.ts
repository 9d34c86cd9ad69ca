import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import type { LifecycleService } from '../../lifecycle/service.js';
import { register } from '../../plugins/register.js';
import { bulk, collect, commands, control } from './service.js';
import { deactivateDevice, getActivation, regenerateActivation } from './activation.js';
import { statusHistory } from './history.js';
import { consoleFeedRoute } from '../../device-api/live/feed-route.js';

/** Device lifecycle calls, the remote controls and activation (publish bit on /store), status history. */
export function deviceRoutes(app: FastifyInstance, deps: Deps, service: LifecycleService) {
  const {
    ai,
    landscape,
    volume,
    manage,
    virtualStatus,
    bulk: bulkCall,
    commands: commandsCall,
    collect: collectCall,
    activation,
    activationCode,
    deactivate,
    statusEvents,
    ...lifecycle
  } = api.device;
  registerLifecycle(app, deps, lifecycle, service);
  register(app, deps, ai, (i, ctx) => control(deps, ctx, i, { control: 'ai', ai: i.ai }));
  register(app, deps, landscape, (i, ctx) => control(deps, ctx, i, { control: 'landscape', direction: i.direction }));
  register(app, deps, volume, (i, ctx) => control(deps, ctx, i, { control: 'volume', volume: i.volume }));
  register(app, deps, manage, (i, ctx) => control(deps, ctx, i, { control: 'manage', action: i.action }));
  register(app, deps, virtualStatus, (i, ctx) =>
    control(deps, ctx, i, { control: 'virtual-status', status: i.status }),
  );
  register(app, deps, bulkCall, (i, ctx) => bulk(deps, ctx, i));
  register(app, deps, commandsCall, (i, ctx) => commands(deps, ctx, i));
  register(app, deps, collectCall, (i, ctx) => collect(deps, ctx, i));
  register(app, deps, activation, (i, ctx) => getActivation(deps, ctx, i.id));
  register(app, deps, activationCode, (i, ctx) => regenerateActivation(deps, ctx, i.id));
  register(app, deps, deactivate, (i, ctx) => deactivateDevice(deps, ctx, i.id));
  register(app, deps, statusEvents, (i, ctx) => statusHistory(deps, ctx, i));
  consoleFeedRoute(app, deps);
}
