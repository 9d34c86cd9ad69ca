import { COMMAND_TTL_SECONDS, type COMMAND_STATES, type CommandAction } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import { fail } from '../../errors.js';
import { scopeOf } from '../../lifecycle/access.js';
import { Params, columnAccessor, rangeSql } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { page } from '../../db/paging.js';
import type { Tx } from '../../db/tenant.js';
import { DEVICE } from '../../records/device-entity.js';
import type { Row, Tables } from '../../db/schema/index.js';

// The remote-control command queue. Each command belongs to one device and gets that device's next
// sequence number (devices.command_seq), so the device API can deliver them in order; a client
// requestId makes a control idempotent per device (key `<requestId>:<deviceId>`). States: pending →
// delivered (a heartbeat returned it) → acknowledged | failed (the device's ack) | expired (24 h).

export type CommandRow = Row<'device_commands', 'seq'> & {
  id: number;
  deviceId: Tables['device_commands']['device_id'];
  kind: CommandAction;
  payload: Record<string, unknown>;
  state: (typeof COMMAND_STATES)[number];
  result: unknown;
  createdBy: Tables['device_commands']['created_by'];
  ctime: number;
  mtime: number;
  deliveredAt: number | null;
  doneAt: number | null;
  expiresAt: number;
  /** the screenshot file this command brought back, if any (made into a signed URL by the service) */
  fileId: number | null;
};
const COLUMNS = `id::int, device_id as "deviceId", seq, kind, payload, state, result, created_by as "createdBy",
  extract(epoch from created_at)::int as ctime, extract(epoch from updated_at)::int as mtime,
  extract(epoch from delivered_at)::int as "deliveredAt", extract(epoch from done_at)::int as "doneAt",
  extract(epoch from expires_at)::int as "expiresAt", (result->>'fileId')::int as "fileId"`;

/** A control as the console sends it → the command a device receives (API.md command actions). */
export type ControlValue =
  | { control: 'ai'; ai: 0 | 1 }
  | { control: 'landscape'; direction: 0 | 1 }
  | { control: 'volume'; volume: number }
  | { control: 'manage'; action: 'restart' | 'refresh' | 'screenshot' }
  | { control: 'virtual-status'; status: number };

export function commandOf(v: ControlValue): { kind: CommandAction; payload: Record<string, unknown> } {
  switch (v.control) {
    case 'ai':
      return { kind: 'ai', payload: { ai: v.ai } };
    case 'landscape':
      return { kind: 'direction', payload: { direction: v.direction } };
    case 'volume':
      return { kind: 'volume', payload: { volume: v.volume } };
    case 'manage':
      return { kind: v.action, payload: {} };
    case 'virtual-status':
      return { kind: 'virtual-status', payload: { status: v.status } };
  }
}

/** Every id must be an enabled, not deleted device of this enterprise in the caller's range. */
export async function controllable(q: Q, ctx: TenantCtx, ids: number[]): Promise<void> {
  const scope = scopeOf(ctx);
  const p = new Params([scope.enterpriseId, ids]);
  const inRange = rangeSql(DEVICE, columnAccessor(DEVICE), scope.range, p.add, '$1') ?? 'true';
  const rows = await q.query<Row<'devices', 'id'> & { enabled: boolean; in_range: boolean }>(
    `select t.id, t.live_version is not null and t.deleted_at is null as enabled, ${inRange} as in_range
       from devices t where t.enterprise_id = $1 and t.id = any($2::int[])`,
    p.values,
  );
  if (rows.length !== new Set(ids).size) throw fail.notFound();
  if (rows.some((r) => !r.in_range)) throw fail.forbidden('lifecycle.outOfRange');
  if (rows.some((r) => !r.enabled)) throw fail.conflict('device.notEnabled');
}

/** Queue one command per device (set-based); repeats of a requestId return the commands already queued. */
export async function queueCommands(
  q: Tx,
  ctx: TenantCtx,
  ids: number[],
  kind: CommandAction,
  payload: Record<string, unknown>,
  requestId?: string,
  log = true,
): Promise<{ count: number; commands: CommandRow[] }> {
  const ent = ctx.enterprise.id;
  const unique = [...new Set(ids)];
  const existing = requestId
    ? await q.query<CommandRow>(
        `select ${COLUMNS} from device_commands where enterprise_id = $1 and idem_key = any($2::text[])`,
        [ent, unique.map((d) => `${requestId}:${d}`)],
      )
    : [];
  const todo = unique.filter((d) => !existing.some((c) => c.deviceId === d));
  const added = todo.length
    ? await q.query<CommandRow>(
        `with s as (update devices set command_seq = command_seq + 1 where enterprise_id = $1 and id = any($2::int[]) returning id, command_seq)
         insert into device_commands (enterprise_id, device_id, seq, kind, payload, idem_key, created_by, expires_at)
         select $1, s.id, s.command_seq, $3, $4, case when $5::text is null then null else $5::text || ':' || s.id end, $6,
                now() + make_interval(secs => $7) from s
         returning ${COLUMNS}`,
        [ent, todo, kind, JSON.stringify(payload), requestId || null, ctx.user.id, COMMAND_TTL_SECONDS],
      )
    : [];
  if (log && added.length) {
    const names = await q.query<Row<'devices', 'id' | 'name'>>(
      'select id, name from devices where enterprise_id = $1 and id = any($2::int[])',
      [ent, added.map((c) => c.deviceId)],
    );
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    for (const c of added)
      q.changed({ id: c.deviceId, label: nameOf.get(c.deviceId) ?? '', after: { command: kind, ...payload } });
  }
  const commands = [...existing, ...added].sort((a, b) => a.deviceId - b.deviceId);
  return { count: commands.length, commands };
}

export async function listCommands(q: Q, ctx: TenantCtx, deviceId: number, pageNum: number, pageSize: number) {
  return page<CommandRow>(
    q,
    {
      select: COLUMNS,
      from: 'device_commands',
      where: 'enterprise_id = $1 and device_id = $2',
      order: 'seq desc',
      params: [ctx.enterprise.id, deviceId],
    },
    { pageNum, pageSize },
  );
}

/**
 * Commands not acknowledged within their 24 h expire (a job; `now` is the job's clock). A command
 * may have been delivered and applied: the device can still ack it, which is refused as expired.
 */
export async function expireCommands(q: Q, scope: { enterpriseId: number }, now: Date): Promise<number> {
  const rows = await q.query(
    `update device_commands set state = 'expired', done_at = $2, updated_at = $2
      where enterprise_id = $1 and state in ('pending', 'delivered') and expires_at <= $2 returning id`,
    [scope.enterpriseId, now],
  );
  return rows.length;
}
