import type { Readable } from 'node:stream';
import { maxUploadSize } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Deps } from '../deps.js';
import { fail } from '../errors.js';
import * as files from '../domains/files/queries.js';
import { storageOf } from '../domains/files/service.js';
import { inspect, streamTooLargeKey } from '../domains/files/sniff.js';
import type { AuthRow } from './runtime.js';

type Result = { id: number; ok: 0 | 1; message?: string; file?: number };
type Done = { id: number; seq: number; kind: string; payload: Record<string, unknown>; ok: number };

/** Settings a device acknowledged (volume, direction, ai): later commands win. */
function appliedOf(done: Done[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of [...done].sort((a, b) => a.seq - b.seq)) {
    if (c.ok && (c.kind === 'volume' || c.kind === 'direction' || c.kind === 'ai')) out[c.kind] = c.payload[c.kind];
  }
  return out;
}

/**
 * Results of commands. Idempotent: a result for a command already acknowledged or failed is
 * accepted again and changes nothing; an expired or unknown command (another device's included)
 * is rejected with its reason. An acknowledged volume/direction/ai becomes the device's setting.
 */
export async function ack(deps: Deps, dev: AuthRow, input: { results: Result[] }) {
  const byId = new Map(input.results.map((r) => [r.id, r]));
  const results = [...byId.values()];
  const scope = { enterpriseId: dev.enterpriseId };
  return deps.db.tx(scope, async (q) => {
    const rejected: { id: number; reason: string }[] = [];
    const fileIds = [...new Set(results.flatMap((r) => (r.file ? [r.file] : [])))];
    const known = new Set((await q.query<{ id: number }>(
      `select id from files where enterprise_id = $1 and id = any($2::int[]) and kind = 'screenshot'`, [dev.enterpriseId, fileIds],
    )).map((r) => r.id));
    const usable = results.filter((r) => {
      if (r.file && !known.has(r.file)) rejected.push({ id: r.id, reason: 'file.notFound' });
      return !r.file || known.has(r.file);
    });
    const done = await q.query<Done>(
      `update device_commands c set state = case when u.ok = 1 then 'acknowledged' else 'failed' end, done_at = now(), updated_at = now(),
              result = coalesce(c.result, '{}'::jsonb) || jsonb_strip_nulls(jsonb_build_object('ok', u.ok, 'message', u.msg, 'fileId', u.file))
         from unnest($3::bigint[], $4::int[], $5::text[], $6::int[]) as u(id, ok, msg, file)
        where c.enterprise_id = $1 and c.device_id = $2 and c.id = u.id and c.state in ('pending', 'delivered')
        returning c.id::int, c.seq, c.kind, c.payload, u.ok`,
      [dev.enterpriseId, dev.deviceId, usable.map((r) => r.id), usable.map((r) => r.ok), usable.map((r) => r.message ?? null), usable.map((r) => r.file ?? null)],
    );
    const applied = appliedOf(done);
    if (Object.keys(applied).length) {
      await q.query('update devices set applied = applied || $3::jsonb where enterprise_id = $1 and id = $2', [dev.enterpriseId, dev.deviceId, JSON.stringify(applied)]);
    }
    const updated = new Set(done.map((d) => d.id));
    const rest = usable.filter((r) => !updated.has(r.id)).map((r) => r.id);
    const states = new Map((await q.query<{ id: number; state: string }>(
      'select id::int, state from device_commands where enterprise_id = $1 and device_id = $2 and id = any($3::bigint[])',
      [dev.enterpriseId, dev.deviceId, rest],
    )).map((r) => [r.id, r.state]));
    const accepted = [...updated];
    for (const id of rest) {
      const state = states.get(id);
      if (state === 'acknowledged' || state === 'failed') accepted.push(id);
      else rejected.push({ id, reason: state === 'expired' ? 'expired' : 'notFound' });
    }
    return { accepted, rejected };
  });
}

type Command = { id: number; kind: string; state: string; created_by: number };

async function screenshotCommand(q: Q, dev: AuthRow, commandId: number): Promise<Command> {
  const [cmd] = await q.query<Command>(
    'select id::int, kind, state, created_by from device_commands where enterprise_id = $1 and device_id = $2 and id = $3',
    [dev.enterpriseId, dev.deviceId, commandId],
  );
  if (!cmd) throw fail.notFound('device.command.notFound');
  if (cmd.kind !== 'screenshot') throw fail.conflict('device.command.notScreenshot');
  if (cmd.state === 'expired') throw fail.conflict('device.command.closed');
  return cmd;
}

/**
 * The screenshot a device sends back for a screenshot command: judged by its bytes (png, jpeg or
 * webp ≤ 2 MB), stored through the files storage (owned by whoever asked for it), tied to the
 * command, which is acknowledged by it.
 */
export async function receiveScreenshot(deps: Deps, dev: AuthRow, commandId: number, source: Readable, name: string | undefined) {
  const scope = { enterpriseId: dev.enterpriseId };
  const cmd = await deps.db.tx(scope, (q) => screenshotCommand(q, dev, commandId));
  const storage = storageOf(deps);
  const staged = await storage.stage(source, { maxBytes: maxUploadSize('screenshot'), tooLarge: () => fail.tooLarge(streamTooLargeKey('screenshot')) });
  try {
    const found = await inspect(staged, 'screenshot');
    const key = await staged.commit();
    return await deps.db.tx(scope, async (q) => {
      const again = await screenshotCommand(q, dev, commandId);
      const { row } = await files.insertFile(q, scope, {
        ...found, userId: cmd.created_by, hash: staged.sha256, key, kind: 'screenshot', name: (name ?? 'screenshot').slice(0, 100), size: staged.size,
      });
      await q.query(
        `update device_commands set result = coalesce(result, '{}'::jsonb) || jsonb_build_object('fileId', $3::int),
                state = case when state in ('pending', 'delivered') then 'acknowledged' else state end,
                done_at = coalesce(done_at, now()), updated_at = now()
          where enterprise_id = $1 and id = $2`,
        [dev.enterpriseId, again.id, row.id],
      );
      return { fileId: row.id };
    });
  } finally {
    await staged.discard();
  }
}
