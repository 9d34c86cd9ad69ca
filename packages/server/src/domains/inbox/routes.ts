import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as svc from './service.js';

export function inboxRoutes(app: FastifyInstance, deps: Deps) {
  const m = api.message;
  register(app, deps, m.list, (b, ctx) => svc.listMessages(deps, ctx, b));
  register(app, deps, m.info, (b, ctx) => svc.messageInfo(deps, ctx, b.id));
  register(app, deps, m.check, (b, ctx) => svc.checkMessages(deps, ctx, b));
  register(app, deps, m.unreadCount, (_b, ctx) => svc.unreadCount(deps, ctx));
}
