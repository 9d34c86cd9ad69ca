import type { Db, Q } from '../db/client.js';
import type { Row, Tables } from '../db/schema/index.js';
import type { AuthRow } from './device-row.js';

/** A command's result as a device reports it. */
export type Result = { id: number; ok: 0 | 1; message?: string; file?: number };
type Done = Row<'device_commands', 'seq' | 'kind'> & {
  device: Tables['device_commands']['device_id'];
  id: number;
  payload: Record<string, unknown>;
  ok: number;
};

/** Settings a device acknowledged (volume, direction, ai, and a virtual status as `status`): later commands win. */
function appliedOf(done: Done[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of [...done].sort((a, b) => a.seq - b.seq)) {
    if (c.ok && (c.kind === 'volume' || c.kind === 'direction' || c.kind === 'ai')) out[c.kind] = c.payload[c.kind];
    if (c.ok && c.kind === 'virtual-status') out.status = c.payload.status;
  }
  return out;
}

/**
 * Results into their commands — each device's own, still pending or delivered — and acknowledged
 * settings into their devices, for any number of devices of one enterprise in two statements.
 * Returns the commands it changed. The caller checked any `file` (ack in commands.ts).
 */
export async function settle(q: Q, enterpriseId: number, rows: (Result & { deviceId: number })[]): Promise<Done[]> {
  if (!rows.length) return [];
  const done = await q.query<Done>(
    `update device_commands c set state = case when u.ok = 1 then 'acknowledged' else 'failed' end, done_at = now(), updated_at = now(),
            result = coalesce(c.result, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('ok', u.ok, 'message', u.msg, 'fileId', u.file))
       from unnest($2::int[], $3::bigint[], $4::int[], $5::text[], $6::int[]) as u(dev, id, ok, msg, file)
      where c.enterprise_id = $1 and c.device_id = u.dev and c.id = u.id and c.state in ('pending', 'delivered')
      returning c.device_id as device, c.id::int, c.seq, c.kind, c.payload, u.ok`,
    [
      enterpriseId,
      rows.map((r) => r.deviceId),
      rows.map((r) => r.id),
      rows.map((r) => r.ok),
      rows.map((r) => r.message ?? null),
      rows.map((r) => r.file ?? null),
    ],
  );
  const byDevice = new Map<number, Done[]>();
  for (const d of done) byDevice.set(d.device, [...(byDevice.get(d.device) ?? []), d]);
  const applied = [...byDevice]
    .map(([device, list]) => [device, appliedOf(list)] as const)
    .filter(([, a]) => Object.keys(a).length);
  if (applied.length)
    await q.query(
      `update devices d set applied = d.applied || u.a from unnest($2::int[], $3::jsonb[]) as u(id, a)
        where d.enterprise_id = $1 and d.id = u.id`,
      [enterpriseId, applied.map(([id]) => id), applied.map(([, a]) => JSON.stringify(a))],
    );
  return done;
}

/**
 * Acknowledgements that came over live sockets (nobody reads an answer), many at once: one
 * transaction per enterprise, each device's results applied to its own commands only. A broadcast's
 * thousands of acknowledgements become a few statements instead of a transaction each.
 */
export async function settleMany(db: Db, acks: { dev: AuthRow; results: Result[] }[]): Promise<void> {
  const byEnterprise = new Map<number, (Result & { deviceId: number })[]>();
  for (const { dev, results } of acks) {
    const rows = byEnterprise.get(dev.enterpriseId) ?? [];
    for (const r of results) rows.push({ ...r, deviceId: dev.deviceId });
    byEnterprise.set(dev.enterpriseId, rows);
  }
  await Promise.all(
    [...byEnterprise].map(([enterpriseId, rows]) => db.tx({ enterpriseId }, (q) => settle(q, enterpriseId, rows))),
  );
}
