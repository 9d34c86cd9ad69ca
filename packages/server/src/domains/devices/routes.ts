import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { registerLifecycle } from '../../lifecycle/routes.js';
import type { LifecycleService } from '../../lifecycle/service.js';
import { register } from '../../plugins/register.js';
import { bulk, commands, control } from './service.js';

/** Device lifecycle calls and the remote controls (publish bit on /store). */
export function deviceRoutes(app: FastifyInstance, deps: Deps, service: LifecycleService) {
  const { ai, landscape, volume, manage, virtualStatus, bulk: bulkCall, commands: commandsCall, ...lifecycle } = api.device;
  registerLifecycle(app, deps, lifecycle, service);
  register(app, deps, ai, (i, ctx) => control(deps, ctx, i, 'ai', { ai: i.ai }));
  register(app, deps, landscape, (i, ctx) => control(deps, ctx, i, 'landscape', { direction: i.direction }));
  register(app, deps, volume, (i, ctx) => control(deps, ctx, i, 'volume', { volume: i.volume }));
  register(app, deps, manage, (i, ctx) => control(deps, ctx, i, 'manage', { action: i.action }));
  register(app, deps, virtualStatus, (i, ctx) => control(deps, ctx, i, 'virtual-status', { status: i.status }));
  register(app, deps, bulkCall, (i, ctx) => bulk(deps, ctx, i));
  register(app, deps, commandsCall, (i, ctx) => commands(deps, ctx, i));
}
