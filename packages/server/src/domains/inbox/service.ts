import type { MessageItem } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import * as qs from './queries.js';

const scopeOf = (ctx: TenantCtx) => ({ enterpriseId: ctx.enterprise.id, userId: ctx.user.id });
const txOf = (deps: Deps, ctx: TenantCtx) => <T>(fn: (q: Q) => Promise<T>) =>
  deps.db.tx({ userId: ctx.user.id, enterpriseId: ctx.enterprise.id }, fn);

export async function listMessages(deps: Deps, ctx: TenantCtx, input: { status?: number; pageNum: number; pageSize: number }) {
  const page = await txOf(deps, ctx)((q) => qs.listMessages(q, scopeOf(ctx), ctx.lang, input));
  return { ...page, pageNum: input.pageNum, pageSize: input.pageSize };
}

/** Reading one message does not mark it read; the client calls message/check (one place changes status). */
export async function messageInfo(deps: Deps, ctx: TenantCtx, id: number): Promise<MessageItem> {
  const row = await txOf(deps, ctx)((q) => qs.messageById(q, scopeOf(ctx), ctx.lang, id));
  if (!row) throw fail.notFound('message.notFound');
  return row;
}

/**
 * Mark read. Every id must be one of my messages here, else the whole call is refused with 40004
 * (another member's or another enterprise's message is "not found"). Already-read ones are left as
 * they are. Marking read is personal state, not a business mutation: it is not written to the oplog.
 */
export async function checkMessages(deps: Deps, ctx: TenantCtx, input: { ids?: number[]; all?: number }) {
  return txOf(deps, ctx)(async (q) => {
    if (input.all === 1) return { count: await qs.markRead(q, scopeOf(ctx), null) };
    const ids = [...new Set(input.ids ?? [])];
    if ((await qs.countOwn(q, scopeOf(ctx), ids)) !== ids.length) throw fail.notFound('message.notFound');
    return { count: await qs.markRead(q, scopeOf(ctx), ids) };
  });
}

export async function unreadCount(deps: Deps, ctx: TenantCtx) {
  return { count: await txOf(deps, ctx)((q) => qs.unreadCount(q, scopeOf(ctx))) };
}
