import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as svc from './service.js';
import { auditJoin, listApplies } from './applies.js';
import { acceptInvite, createInvite, inviteInfo } from './invites.js';
import { changeAdmin, listAccounts, removeMember, setRoles, updateCompany } from './members.js';

export function companyRoutes(app: FastifyInstance, deps: Deps) {
  const c = api.company;
  register(app, deps, c.create, (b, ctx) => svc.createCompany(deps, ctx, b));
  register(app, deps, c.applyJoin, (b, ctx) => svc.applyJoin(deps, ctx, b.enCode));
  register(app, deps, c.info, (_b, ctx) => svc.companyInfo(deps, ctx));
  register(app, deps, c.update, (b, ctx) => updateCompany(deps, ctx, b));
  register(app, deps, c.accounts, (b, ctx) => listAccounts(deps, ctx, b));
  register(app, deps, c.applies, (b, ctx) => listApplies(deps, ctx, b));
  register(app, deps, c.auditJoin, (b, ctx) => auditJoin(deps, ctx, b));
  register(app, deps, c.invite, (b, ctx) => createInvite(deps, ctx, b));
  register(app, deps, c.inviteInfo, (b) => inviteInfo(deps, b.token));
  register(app, deps, c.acceptInvite, (b, ctx) => acceptInvite(deps, ctx, b.token));
  register(app, deps, c.removeMember, (b, ctx) => removeMember(deps, ctx, b.userId));
  register(app, deps, c.changeAdmin, (b, ctx) => changeAdmin(deps, ctx, b.userId));
  register(app, deps, c.setRoles, (b, ctx) => setRoles(deps, ctx, b));
}
