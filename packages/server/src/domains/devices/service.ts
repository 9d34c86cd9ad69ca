import type { Deps } from '../../deps.js';
import { reach, scopeOf } from '../../lifecycle/access.js';
import { matchingIds } from '../../lifecycle/lists.js';
import type { TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import {
  commandOf,
  controllable,
  listCommands,
  queueCommands,
  type CommandRow,
  type ControlValue,
} from './commands.js';
import { signRawUrl } from '../files/sign.js';
import { DEVICE } from '../../records/device-entity.js';
import { LIVE_CHANNEL } from '../../device-api/live/hub.js';

const BULK_MAX = 5000;
type Control = { ids: number[]; requestId?: string };

/** A command row as the console shows it: the screenshot it brought back as a short-lived signed URL. */
export function commandView(deps: Deps, enterpriseId: number, { fileId, ...row }: CommandRow) {
  return {
    ...row,
    screenshotUrl: fileId ? signRawUrl(deps.config.secret, deps.config.apiBase, fileId, enterpriseId).url : null,
  };
}

/** One control on the listed devices: checked (enterprise, range, enabled) then queued. */
export function control(deps: Deps, ctx: TenantCtx, input: Control, value: ControlValue) {
  const { kind, payload } = commandOf(value);
  return tenantTx(deps.db, ctx, async (q) => {
    await controllable(q, ctx, input.ids);
    const res = await queueCommands(q, ctx, input.ids, kind, payload, input.requestId);
    return { count: res.count, commands: res.commands.map((c) => commandView(deps, ctx.enterprise.id, c)) };
  });
}

/**
 * One control on every enabled device matching the filter (device type, orientation, shop scope,
 * status, keyword) in the caller's range: one oplog entry for the set.
 */
export function bulk(
  deps: Deps,
  ctx: TenantCtx,
  input: Record<string, unknown> & { value: ControlValue; requestId?: string },
) {
  return tenantTx(deps.db, ctx, async (q) => {
    const { value, requestId, ...filter } = input;
    const ids = await matchingIds(q, DEVICE, scopeOf(ctx), ctx.user.id, filter, BULK_MAX);
    if (!ids.length) return { count: 0 };
    const { kind, payload } = commandOf(value);
    const res = await queueCommands(q, ctx, ids, kind, payload, requestId, false);
    q.changed({ id: 'bulk', after: { command: kind, ...payload, devices: ids.length } });
    return { count: res.count };
  });
}

export function commands(deps: Deps, ctx: TenantCtx, input: { id: number; pageNum: number; pageSize: number }) {
  return tenantTx(deps.db, ctx, async (q) => {
    await reach(q, DEVICE, ctx, input.id);
    const page = await listCommands(q, ctx, input.id, input.pageNum, input.pageSize);
    return { ...page, list: page.list.map((c) => commandView(deps, ctx.enterprise.id, c)) };
  });
}

/**
 * A console looking at a device asks it to heartbeat now (API.md live channel `collect`): whichever
 * instance holds its socket tells it (`h:` on the live channel, delivered at commit). A device
 * without a socket heartbeats on its own period; nothing is queued.
 */
export function collect(deps: Deps, ctx: TenantCtx, input: { id: number }) {
  return tenantTx(deps.db, ctx, async (q) => {
    await reach(q, DEVICE, ctx, input.id);
    await q.query('select pg_notify($1, $2)', [LIVE_CHANNEL, `h:${ctx.enterprise.id}:${input.id}`]);
    return {};
  });
}
