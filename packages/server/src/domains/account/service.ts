import type { MenuItem, SmsPurpose, UserInfo } from '@vitrine/contract';
import { enterTenant, type Q } from '../../db/client.js';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import { checkPasswordPolicy } from '../../lib/password.js';
import { clear, reserve } from '../../lib/rate.js';
import type { Ctx, TenantCtx, UserCtx } from '../../plugins/context.js';
import { companiesOf, enterpriseByCode, roleEntriesOf } from '../company/queries.js';
import { menuRows, menuTree } from '../company/menus.js';
import { checkCode, consumeCode, issueCode, requireCode } from './codes.js';
import { createSession, revokeAllSessions, revokeSession } from './sessions.js';
import type { Row } from '../../db/schema/index.js';

const FAIL_WINDOW = 15 * 60;
/** Wrong passwords for one phone from one address: past this, that address waits (others do not). */
const MAX_FAILS_PER_SOURCE = 5;
/** …and from all addresses together: a guessing farm stops here too (SMS login and reset stay open). */
const MAX_FAILS_PER_PHONE = 30;
const MAX_FAILS_PER_IP = 50;

/**
 * Reserve one password attempt for a phone before its hash is checked (parallel guesses cannot
 * outrun the count): per phone and address, per phone, per address. A stranger's guesses from
 * elsewhere do not lock the owner out: only the guessing address waits out its window.
 */
async function reservePasswordTry(q: Q, phone: string, ip: string): Promise<string[]> {
  const keys = [`login-fail:phone:${phone}:ip:${ip}`, `login-fail:phone:${phone}`, `login-fail:ip:${ip}`];
  const limits = [MAX_FAILS_PER_SOURCE, MAX_FAILS_PER_PHONE, MAX_FAILS_PER_IP];
  for (let i = 0; i < keys.length; i++) {
    if ((await reserve(q, keys[i], FAIL_WINDOW)) > limits[i]) throw fail.tooMany('auth.throttled');
  }
  return keys;
}

/** A right password: this phone's counts start again, and this attempt no longer counts against the address. */
async function passwordTryOk(q: Q, keys: string[]): Promise<void> {
  await clear(q, keys[0]);
  await clear(q, keys[1]);
  await q.query('update rate_counters set count = greatest(count - 1, 0) where key = $1', [keys[2]]);
}

type UserRow = Row<'users', 'id' | 'phone' | 'nickname' | 'avatar' | 'password_hash'>;
const userByPhone = async (q: Q, phone: string) =>
  (await q.query<UserRow>('select id, phone, nickname, avatar, password_hash from users where phone = $1', [phone]))[0];

/** A new account; refuses a phone already registered. */
export async function createUser(q: Q, phone: string, passwordHash: string | null, nickname: string): Promise<UserRow> {
  const [user] = await q.query<UserRow>(
    `insert into users (phone, password_hash, nickname) values ($1, $2, $3)
     on conflict (phone) do nothing returning id, phone, nickname, avatar, password_hash`,
    [phone, passwordHash, nickname],
  );
  if (!user) throw fail.conflict('phone.taken');
  return user;
}

async function loginResult(deps: Deps, q: Q, user: UserRow, ctx: Ctx) {
  const token = await createSession(deps, q, user.id, ctx.ip, ctx.source);
  return { token, userId: user.id, userName: user.phone, nickName: user.nickname };
}

/**
 * Send an SMS code. In development a caller on this machine also gets the code in the answer, so the
 * console can show it (no SMS gateway there); never in production, never to the network (DESIGN §8b).
 */
export async function sendCode(deps: Deps, ctx: Ctx, phone: string, purpose: SmsPurpose) {
  const { resendIn, code } = await deps.db.tx({}, (q) => issueCode(deps, q, phone, purpose, ctx.ip));
  return !deps.config.production && ctx.local ? { resendIn, devCode: code } : { resendIn };
}

export async function checkCodeOnly(deps: Deps, phone: string, purpose: SmsPurpose, code: string) {
  return { valid: (await checkCode(deps, phone, purpose, code)) !== null };
}

export async function register(
  deps: Deps,
  ctx: Ctx,
  input: { un: string; code: string; pw: string; nickname: string },
) {
  checkPasswordPolicy(input.pw);
  if (await deps.db.tx({}, (q) => userByPhone(q, input.un))) throw fail.conflict('phone.taken');
  const codeId = await requireCode(deps, input.un, 'register', input.code);
  const hash = await deps.hasher.hash(input.pw);
  return deps.db.tx({}, async (q) => {
    await consumeCode(q, codeId);
    return loginResult(deps, q, await createUser(q, input.un, hash, input.nickname), ctx);
  });
}

/**
 * Password login. Unknown phone and wrong password give the same answer and take the same time.
 * The attempt is counted (per phone and per IP, in the database) before the password is hashed, so
 * parallel guesses cannot outrun the limit; past it the answer is 40029. A success clears the phone's
 * count; SMS login and reset stay open to the owner.
 */
export async function login(deps: Deps, ctx: Ctx, input: { un: string; pw: string }) {
  let keys: string[] = [];
  const user = await deps.db.tx({}, async (q) => {
    keys = await reservePasswordTry(q, input.un, ctx.ip);
    return userByPhone(q, input.un);
  });
  const ok = await deps.hasher.verify(input.pw, user?.password_hash ?? null);
  if (!user || !ok) throw fail.invalid('pw', 'auth.badCredentials');
  return deps.db.tx({}, async (q) => {
    await passwordTryOk(q, keys);
    return loginResult(deps, q, user, ctx);
  });
}

export async function loginSms(deps: Deps, ctx: Ctx, input: { un: string; code: string }) {
  const codeId = await requireCode(deps, input.un, 'login', input.code);
  return deps.db.tx({}, async (q) => {
    const user = await userByPhone(q, input.un);
    if (!user) throw fail.invalid('code', 'code.invalid');
    await consumeCode(q, codeId);
    return loginResult(deps, q, user, ctx);
  });
}

export async function exists(deps: Deps, phone: string, field: 'user' | 'password') {
  const user = await deps.db.tx({}, (q) => userByPhone(q, phone));
  return { exists: field === 'user' ? !!user : !!user?.password_hash };
}

/** Reset by SMS: the new password, and every session of the account revoked. */
export async function resetPassword(deps: Deps, input: { un: string; code: string; pw: string }) {
  checkPasswordPolicy(input.pw);
  const codeId = await requireCode(deps, input.un, 'reset', input.code);
  const hash = await deps.hasher.hash(input.pw);
  await deps.db.tx({}, async (q) => {
    const user = await userByPhone(q, input.un);
    if (!user) throw fail.invalid('code', 'code.invalid');
    await consumeCode(q, codeId);
    await q.query('update users set password_hash = $2, updated_at = now() where id = $1', [user.id, hash]);
    await revokeAllSessions(q, user.id);
    // the owner proved the phone: every count of password tries for it starts again
    await q.query(`delete from rate_counters where key = $1 or key like $2`, [
      `login-fail:phone:${input.un}`,
      `login-fail:phone:${input.un}:ip:%`,
    ]);
  });
  return {};
}

export async function logout(deps: Deps, ctx: UserCtx) {
  await deps.db.tx({ userId: ctx.user.id }, (q) => revokeSession(q, ctx.user.sessionId));
  return {};
}

export async function userInfo(deps: Deps, ctx: UserCtx, enCode?: string): Promise<UserInfo> {
  return deps.db.tx({ userId: ctx.user.id }, async (q) => {
    const [u] = await q.query<UserRow>('select id, phone, nickname, avatar, password_hash from users where id = $1', [
      ctx.user.id,
    ]);
    const companyList = await companiesOf(q, ctx.user.id);
    const current = enCode ? companyList.find((c) => c.companyCode === enCode) : undefined;
    return {
      userId: u.id,
      userName: u.phone,
      nickname: u.nickname,
      avatar: u.avatar,
      isMain: current?.isMain ?? 0,
      companyList,
    };
  });
}

export async function updateAccount(deps: Deps, ctx: UserCtx, input: { nickname?: string; avatar?: string }) {
  await deps.db.tx({ userId: ctx.user.id }, (q) =>
    q.query(
      'update users set nickname = coalesce($2, nickname), avatar = coalesce($3, avatar), updated_at = now() where id = $1',
      [ctx.user.id, input.nickname ?? null, input.avatar ?? null],
    ),
  );
  return userInfo(deps, ctx);
}

/** Change password with the old password or an SMS code; other sessions are signed out. */
export async function changePassword(deps: Deps, ctx: UserCtx, input: { oldPw?: string; code?: string; pw: string }) {
  checkPasswordPolicy(input.pw);
  let codeId: number | undefined;
  if (input.code) codeId = await requireCode(deps, ctx.user.phone, 'reset', input.code);
  else {
    // the old password is a password try like a login's (issue 8 §2: it never locked)
    let keys: string[] = [];
    const [row] = await deps.db.tx({}, async (q) => {
      keys = await reservePasswordTry(q, ctx.user.phone, ctx.ip);
      return q.query<Row<'users', 'password_hash'>>('select password_hash from users where id = $1', [ctx.user.id]);
    });
    if (!input.oldPw || !(await deps.hasher.verify(input.oldPw, row?.password_hash ?? null)))
      throw fail.invalid('oldPw', 'password.wrong');
    await deps.db.tx({}, (q) => passwordTryOk(q, keys));
  }
  const hash = await deps.hasher.hash(input.pw);
  await deps.db.tx({ userId: ctx.user.id }, async (q) => {
    if (codeId) await consumeCode(q, codeId);
    await q.query('update users set password_hash = $2, updated_at = now() where id = $1', [ctx.user.id, hash]);
    await revokeAllSessions(q, ctx.user.id, ctx.user.sessionId);
  });
  return {};
}

export async function menu(
  deps: Deps,
  ctx: TenantCtx,
  tree: boolean,
): Promise<{ menuInfo: MenuItem[]; userInfo: UserInfo }> {
  const scope = { enterpriseId: ctx.enterprise.id };
  const flat = await tenantTx(deps.db, ctx, (q) => menuRows(q, scope, ctx.role.jobId, ctx.enterprise.isMain));
  return { menuInfo: tree ? menuTree(flat) : flat, userInfo: await userInfo(deps, ctx, ctx.enterprise.code) };
}

export async function names(deps: Deps, ctx: TenantCtx, ids: number[]) {
  const list = await tenantTx(deps.db, ctx, (q) =>
    q.query<Row<'users', 'id'> & { name: string }>(
      `select u.id, coalesce(nullif(u.nickname, ''), overlay(u.phone placing '****' from 4 for 4)) as name
         from users u join members m on m.user_id = u.id and m.enterprise_id = $1 where u.id = any($2::int[])`,
      [ctx.enterprise.id, ids],
    ),
  );
  return { list };
}

/** The user's role entries in one enterprise (before a role is chosen, so by code). */
/** The caller's role entries in one enterprise: the body's enCode, else the header's (every request carries it). */
export async function roles(deps: Deps, ctx: UserCtx, enCode: string | undefined) {
  if (!enCode) throw fail.invalid('enCode', 'field.required');
  return deps.db.tx({ userId: ctx.user.id }, async (q) => {
    const ent = await enterpriseByCode(q, enCode);
    const member =
      ent &&
      (await q.query('select 1 from members where enterprise_id = $1 and user_id = $2 and status = 1', [
        ent.id,
        ctx.user.id,
      ]));
    if (!ent || !member?.length) throw fail.notFound('notFound.enterprise');
    await enterTenant(q, ent.id);
    return { list: await roleEntriesOf(q, { enterpriseId: ent.id }, ctx.user.id, ctx.lang) };
  });
}
