import { hash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ENTERPRISE_STATUS, PERM, type Lang, type Perm, type Range, type Source } from '@vitrine/contract';
import { enterTenant, type Db, type Q } from '../db/client.js';
import { fail } from '../errors.js';
import { AuthCache } from './auth-cache.js';
import { isLocalCaller } from './operator.js';
import type { Row, Tables } from '../db/schema/index.js';

export type CtxUser = { id: number; phone: string; nickname: string; sessionId: number };
export type CtxEnterprise = { id: number; code: string; title: string; isMain: boolean };
export type CtxRole = { entryId: number; roleNode: string; role: number; deptId: number; jobId: number };

/** Who is calling, resolved once from the five protocol headers. Handlers never read headers. */
export type Ctx = {
  lang: Lang;
  ip: string;
  /** The caller is on this machine (loopback socket, not forwarded by a proxy). */
  local?: boolean;
  source: Source;
  /** The enterprise the client says it is in (header `enCode`, as sent): read by calls made before one is resolved (account/info, roles). */
  enCode?: string;
  user?: CtxUser;
  enterprise?: CtxEnterprise;
  role?: CtxRole;
  /** null = the whole enterprise. */
  range?: Range | null;
};
export type UserCtx = Ctx & { user: CtxUser };
export type TenantCtx = UserCtx & { enterprise: CtxEnterprise; role: CtxRole; range: Range | null };

export const hashToken = (token: string) => hash('sha256', token, 'hex');

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

export function baseCtx(req: FastifyRequest): Ctx {
  const enCode = header(req, 'enCode');
  return {
    lang: req.lang,
    ip: req.ip,
    local: isLocalCaller(req),
    source: header(req, 'appid') === 'wx' ? 'wx' : 'pc',
    ...(enCode ? { enCode } : {}),
  };
}

type SessionRow = Row<'users', 'phone' | 'nickname'> & {
  session_id: Tables['sessions']['id'];
  user_id: Tables['users']['id'];
  idle: boolean;
  touch: boolean;
};

export async function resolveUser(
  db: Db,
  req: FastifyRequest,
  idleSeconds: number,
  cache: AuthCache,
): Promise<UserCtx> {
  const token = header(req, 'at');
  const userId = Number(header(req, 'id'));
  if (!token || !Number.isInteger(userId) || token.length > 200) throw fail.auth();
  const tokenHash = hashToken(token);
  const user = await cache.user(tokenHash, async () => {
    return db.tx({}, async (q) => {
      const [row] = await q.query<SessionRow>(
        `select s.id as session_id, u.id as user_id, u.phone, u.nickname,
                s.last_seen_at < now() - make_interval(secs => $2) as idle,
                s.last_seen_at < now() - interval '60 seconds' as touch
           from sessions s join users u on u.id = s.user_id
          where s.token_hash = $1 and s.revoked_at is null and s.expires_at > now()`,
        [tokenHash, idleSeconds],
      );
      if (!row || row.idle) return null;
      if (row.touch) await q.query('update sessions set last_seen_at = now() where id = $1', [row.session_id]);
      return { id: row.user_id, phone: row.phone, nickname: row.nickname, sessionId: row.session_id };
    });
  });
  if (!user || user.id !== userId) throw fail.auth();
  return { ...baseCtx(req), user };
}

type TenantRow = Row<'enterprises', 'code' | 'title' | 'status'> &
  Row<'members', 'is_main'> &
  Row<'role_entries', 'role_node' | 'dept_id' | 'job_id'> &
  Row<'jobs', 'role'> & {
    enterprise_id: Tables['enterprises']['id'];
    entry_id: Tables['role_entries']['id'];
    data_range: Range | null;
  };

export async function resolveTenant(db: Db, req: FastifyRequest, ctx: UserCtx, cache: AuthCache): Promise<TenantCtx> {
  const enCode = header(req, 'enCode');
  const roleCode = header(req, 'roleCode');
  if (!enCode || !roleCode) throw fail.tenant();
  const row = await cache.tenant(`${ctx.user.id}|${enCode}|${roleCode}`, () =>
    db.tx({ userId: ctx.user.id }, async (q) => {
      const [ent] = await q.query<Row<'enterprises', 'id'>>('select id from enterprises where code = $1', [enCode]);
      if (!ent) return null;
      await enterTenant(q, ent.id);
      const [r] = await q.query<TenantRow>(
        `select e.id as enterprise_id, e.code, e.title, e.status, m.is_main,
                re.id as entry_id, re.role_node, j.role, re.dept_id, re.job_id, re.data_range
           from enterprises e
           join members m on m.enterprise_id = e.id and m.user_id = $1 and m.status = 1
           join role_entries re on re.enterprise_id = e.id and re.user_id = $1 and re.role_node = $3
           join jobs j on j.id = re.job_id
          where e.id = $2`,
        [ctx.user.id, ent.id, roleCode],
      );
      return r ?? null;
    }),
  );
  if (!row || row.status !== ENTERPRISE_STATUS.approved) throw fail.tenant();
  return {
    ...ctx,
    enterprise: { id: row.enterprise_id, code: row.code, title: row.title, isMain: row.is_main === 1 },
    role: { entryId: row.entry_id, roleNode: row.role_node, role: row.role, deptId: row.dept_id, jobId: row.job_id },
    range: row.data_range,
  };
}

/** The operation bits of a job on one menu path. */
export async function menuWeight(q: Q, enterpriseId: number, jobId: number, path: string): Promise<number> {
  const rows = await q.query<Row<'job_menus', 'weight'>>(
    `select jm.weight from job_menus jm join menus m on m.id = jm.menu_id
      where jm.enterprise_id = $1 and jm.job_id = $2 and m.path = $3`,
    [enterpriseId, jobId, path],
  );
  return rows[0]?.weight ?? 0;
}

/** The call's operation bit on its menu, from the caller's job (cached with the other auth lookups). */
export async function checkPerm(deps: { db: Db; cache: AuthCache }, ctx: TenantCtx, perm: Perm): Promise<void> {
  // Enterprise management belongs to the main admin, whatever their job: isMain alone decides.
  if (perm.main) {
    if (!ctx.enterprise.isMain) throw fail.forbidden('forbidden.notMain');
    return;
  }
  const weight = await deps.cache.weight(`${ctx.enterprise.id}|${ctx.role.jobId}|${perm.menu}`, () =>
    deps.db.tx({ userId: ctx.user.id, enterpriseId: ctx.enterprise.id }, (q) =>
      menuWeight(q, ctx.enterprise.id, ctx.role.jobId, perm.menu),
    ),
  );
  if ((weight & PERM[perm.bit]) === 0) throw fail.forbidden();
}

/** Whether the caller holds the permission (for answers that leave out what a bit does not open). */
export const hasPerm = (deps: { db: Db; cache: AuthCache }, ctx: TenantCtx, perm: Perm): Promise<boolean> =>
  checkPerm(deps, ctx, perm).then(
    () => true,
    () => false,
  );
