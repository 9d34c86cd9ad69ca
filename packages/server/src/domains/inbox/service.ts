import type { MessageItem } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { tenantTx } from '../../db/tenant.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import * as qs from './queries.js';

const mine = (ctx: TenantCtx) => ({ enterpriseId: ctx.enterprise.id, userId: ctx.user.id });

export async function listMessages(
  deps: Deps,
  ctx: TenantCtx,
  input: { status?: number; pageNum: number; pageSize: number },
) {
  return tenantTx(deps.db, ctx, (q) => qs.listMessages(q, mine(ctx), ctx.lang, input));
}

/** Reading one message does not mark it read; the client calls message/check (one place changes status). */
export async function messageInfo(deps: Deps, ctx: TenantCtx, id: number): Promise<MessageItem> {
  const row = await tenantTx(deps.db, ctx, (q) => qs.messageById(q, mine(ctx), ctx.lang, id));
  if (!row) throw fail.notFound('message.notFound');
  return row;
}

/**
 * Mark read. Every id must be one of my messages here, else the whole call is refused with 40004
 * (another member's or another enterprise's message is "not found"). Already-read ones are left as
 * they are. Marking read is personal state, not a business mutation (contract: log 'private').
 */
export async function checkMessages(deps: Deps, ctx: TenantCtx, input: { ids?: number[]; all?: number }) {
  return tenantTx(deps.db, ctx, async (q) => {
    if (input.all === 1) return { count: await qs.markRead(q, mine(ctx), null) };
    const ids = [...new Set(input.ids ?? [])];
    if ((await qs.countOwn(q, mine(ctx), ids)) !== ids.length) throw fail.notFound('message.notFound');
    return { count: await qs.markRead(q, mine(ctx), ids) };
  });
}

export async function unreadCount(deps: Deps, ctx: TenantCtx) {
  return { count: await tenantTx(deps.db, ctx, (q) => qs.unreadCount(q, mine(ctx))) };
}
