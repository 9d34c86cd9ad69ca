import type { FastifyInstance } from 'fastify';
import { api } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { register } from '../../plugins/register.js';
import * as center from './center.js';
import * as svc from './service.js';

export function accountRoutes(app: FastifyInstance, deps: Deps) {
  const a = api.account;
  register(app, deps, a.code, (b, ctx) => svc.sendCode(deps, ctx, b.un, b.purpose));
  register(app, deps, a.checkCode, (b) => svc.checkCodeOnly(deps, b.un, b.purpose, b.code));
  register(app, deps, a.register, (b, ctx) => svc.register(deps, ctx, b));
  register(app, deps, a.login, (b, ctx) => svc.login(deps, ctx, b));
  register(app, deps, a.loginSms, (b, ctx) => svc.loginSms(deps, ctx, b));
  register(app, deps, a.exists, (b) => svc.exists(deps, b.un, 'user'));
  register(app, deps, a.passwordExists, (b) => svc.exists(deps, b.un, 'password'));
  register(app, deps, a.resetPassword, (b) => svc.resetPassword(deps, b));
  register(app, deps, a.session, async (_b, ctx) => ({
    userId: ctx.user.id,
    userName: ctx.user.phone,
    nickName: ctx.user.nickname,
  }));
  register(app, deps, a.logout, (_b, ctx) => svc.logout(deps, ctx));
  register(app, deps, a.info, (b, ctx) => svc.userInfo(deps, ctx, b.enCode || ctx.enCode));
  register(app, deps, a.update, (b, ctx) => svc.updateAccount(deps, ctx, b));
  register(app, deps, a.changePassword, (b, ctx) => svc.changePassword(deps, ctx, b));
  register(app, deps, a.menu, (_b, ctx) => svc.menu(deps, ctx, true));
  register(app, deps, a.menuV2, (_b, ctx) => svc.menu(deps, ctx, false));
  register(app, deps, a.names, (b, ctx) => svc.names(deps, ctx, b.ids));
  register(app, deps, a.roles, (b, ctx) => svc.roles(deps, ctx, b.enCode || ctx.enCode));
  register(app, deps, a.changePhone, (b, ctx) => center.changePhone(deps, ctx, b));
  register(app, deps, a.logins, (_b, ctx) => center.logins(deps, ctx));
}
