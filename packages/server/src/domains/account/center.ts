import type { Row } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { UserCtx } from '../../plugins/context.js';
import { consumeCode, requireCode } from './codes.js';
import { revokeAllSessions } from './sessions.js';

// Personal center: change phone, recent logins (issue 3).

const taken = async (deps: Deps, phone: string) =>
  (await deps.db.tx({}, (q) => q.query('select 1 from users where phone = $1', [phone]))).length > 0;

/**
 * Move the account to a new phone proved by a code sent to it (purpose bind). A registered phone
 * (this account's own included) is refused. The old phone no longer signs in; other sessions end.
 */
export async function changePhone(deps: Deps, ctx: UserCtx, input: { un: string; code: string }) {
  if (await taken(deps, input.un)) throw fail.conflict('phone.taken');
  const codeId = await requireCode(deps, input.un, 'bind', input.code);
  await deps.db
    .tx({ userId: ctx.user.id }, async (q) => {
      await consumeCode(q, codeId);
      // the unique index decides a race with a registration of the same phone
      const rows = await q.query(
        `update users set phone = $2, updated_at = now() where id = $1 and not exists (select 1 from users where phone = $2) returning id`,
        [ctx.user.id, input.un],
      );
      if (!rows.length) throw fail.conflict('phone.taken');
      await revokeAllSessions(q, ctx.user.id, ctx.user.sessionId);
    })
    .catch((err: unknown) => {
      if ((err as { code?: string }).code === '23505') throw fail.conflict('phone.taken');
      throw err;
    });
  return {};
}

type LoginRow = Row<'sessions', 'id' | 'ip' | 'source'> & { ctime: number; lastSeen: number; active: boolean };

/** My 20 most recent sessions, newest first, the current one flagged. */
export async function logins(deps: Deps, ctx: UserCtx) {
  const rows = await deps.db.tx({ userId: ctx.user.id }, (q) =>
    q.query<LoginRow>(
      `select id, extract(epoch from created_at)::int as ctime, extract(epoch from last_seen_at)::int as "lastSeen", ip, source,
              (revoked_at is null and expires_at > now()) as active
         from sessions where user_id = $1 order by created_at desc, id desc limit 20`,
      [ctx.user.id],
    ),
  );
  return { list: rows.map((r) => ({ ...r, current: r.id === ctx.user.sessionId })) };
}
