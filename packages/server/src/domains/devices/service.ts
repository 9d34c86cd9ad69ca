import type { Deps } from '../../deps.js';
import { reach, scopeOf } from '../../lifecycle/access.js';
import { matchingIds } from '../../lifecycle/lists.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import { controllable, listCommands, queueCommands } from './commands.js';
import { DEVICE } from './entity.js';

const BULK_MAX = 5000;
type Control = { ids: number[]; requestId?: string };

/** One control on the listed devices: checked (enterprise, range, enabled) then queued. */
export function control(deps: Deps, ctx: TenantCtx, input: Control, kind: string, payload: Record<string, unknown>) {
  return tenantTx(deps.db, ctx, async (q) => {
    await controllable(q, ctx, input.ids);
    return queueCommands(q, ctx, input.ids, kind, payload, input.requestId);
  });
}

type BulkValue =
  | { control: 'ai'; ai: 0 | 1 } | { control: 'landscape'; direction: 0 | 1 } | { control: 'volume'; volume: number }
  | { control: 'manage'; action: 'restart' | 'refresh' | 'screenshot' };

const payloadOf = (v: BulkValue): Record<string, unknown> => {
  const { control: _kind, ...rest } = v;
  return rest;
};

/** One control on every enabled device matching the filter in the caller's range (one oplog entry). */
export function bulk(deps: Deps, ctx: TenantCtx, input: Record<string, unknown> & { value: BulkValue; requestId?: string }) {
  return tenantTx(deps.db, ctx, async (q) => {
    const { value, requestId, ...filter } = input;
    const ids = await matchingIds(q, DEVICE, scopeOf(ctx), ctx.user.id, filter, BULK_MAX);
    if (!ids.length) return { count: 0 };
    const res = await queueCommands(q, ctx, ids, value.control, payloadOf(value), requestId, false);
    q.changed({ id: 'bulk', after: { command: value.control, ...payloadOf(value), devices: ids.length } });
    return { count: res.count };
  });
}

export function commands(deps: Deps, ctx: TenantCtx, input: { id: number; pageNum: number; pageSize: number }) {
  return tenantTx(deps.db, ctx, async (q) => {
    await reach(q, DEVICE, ctx, input.id);
    return listCommands(q, ctx, input.id, input.pageNum, input.pageSize);
  });
}
