import type { Readable } from 'node:stream';
import { maxUploadSize } from '@vitrine/contract';
import type { Q } from '../db/client.js';
import type { Deps } from '../deps.js';
import { fail } from '../errors.js';
import * as files from '../domains/files/queries.js';
import { inspect, streamTooLargeKey } from '../domains/files/sniff.js';
import type { AuthRow } from './runtime.js';
import type { Row } from '../db/schema/index.js';
import { settle, type Result } from './settle.js';

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
    // a screenshot this device sent (POST screenshot ties it to one of its commands): naming another
    // device's would show it to whoever reads this device's commands (issue 24 §1)
    const known = new Set(
      (
        await q.query<Row<'files', 'id'>>(
          `select f.id from files f where f.enterprise_id = $1 and f.id = any($2::int[]) and f.kind = 'screenshot'
          and exists (select 1 from device_commands c where c.enterprise_id = f.enterprise_id and c.device_id = $3
                        and c.result ? 'fileId' and c.result->'fileId' = to_jsonb(f.id))`,
          [dev.enterpriseId, fileIds, dev.deviceId],
        )
      ).map((r) => r.id),
    );
    const usable = results.filter((r) => {
      if (r.file && !known.has(r.file)) rejected.push({ id: r.id, reason: 'file.notFound' });
      return !r.file || known.has(r.file);
    });
    const done = await settle(
      q,
      dev.enterpriseId,
      usable.map((r) => ({ ...r, deviceId: dev.deviceId })),
    );
    const updated = new Set(done.map((d) => d.id));
    const rest = usable.filter((r) => !updated.has(r.id)).map((r) => r.id);
    const states = new Map(
      (
        await q.query<Row<'device_commands', 'id' | 'state'>>(
          'select id::int, state from device_commands where enterprise_id = $1 and device_id = $2 and id = any($3::bigint[])',
          [dev.enterpriseId, dev.deviceId, rest],
        )
      ).map((r) => [r.id, r.state]),
    );
    const accepted = [...updated];
    for (const id of rest) {
      const state = states.get(id);
      if (state === 'acknowledged' || state === 'failed') accepted.push(id);
      else rejected.push({ id, reason: state === 'expired' ? 'expired' : 'notFound' });
    }
    return { accepted, rejected };
  });
}

type Command = Row<'device_commands', 'kind' | 'state' | 'created_by'> & { id: number; taken: boolean };

/**
 * The device's screenshot command that may still take its screenshot: one upload per command (a
 * device could otherwise store any number of images under one — issue 24). `lock`: held until the
 * transaction ends, so two uploads at once cannot both pass.
 */
async function screenshotCommand(q: Q, dev: AuthRow, commandId: number, lock = false): Promise<Command> {
  const [cmd] = await q.query<Command>(
    `select id::int, kind, state, created_by, result ? 'fileId' as taken from device_commands
      where enterprise_id = $1 and device_id = $2 and id = $3${lock ? ' for update' : ''}`,
    [dev.enterpriseId, dev.deviceId, commandId],
  );
  if (!cmd) throw fail.notFound('device.command.notFound');
  if (cmd.kind !== 'screenshot') throw fail.conflict('device.command.notScreenshot');
  if (cmd.state === 'expired') throw fail.conflict('device.command.closed');
  if (cmd.taken) throw fail.conflict('device.screenshot.taken');
  return cmd;
}

/**
 * The screenshot a device sends back for a screenshot command: judged by its bytes (png, jpeg or
 * webp ≤ 2 MB), stored through the files storage (owned by whoever asked for it), tied to the
 * command, which is acknowledged by it; a second upload for the command is 40009.
 */
export async function receiveScreenshot(
  deps: Deps,
  dev: AuthRow,
  commandId: number,
  source: Readable,
  name: string | undefined,
) {
  const scope = { enterpriseId: dev.enterpriseId };
  const cmd = await deps.db.tx(scope, (q) => screenshotCommand(q, dev, commandId));
  const staged = await deps.storage.stage(source, {
    maxBytes: maxUploadSize('screenshot'),
    tooLarge: () => fail.tooLarge(streamTooLargeKey('screenshot')),
  });
  try {
    const found = await inspect(staged, 'screenshot');
    const key = await staged.commit();
    return await deps.db.tx(scope, async (q) => {
      const again = await screenshotCommand(q, dev, commandId, true);
      const { row } = await files.insertFile(q, scope, {
        ...found,
        userId: cmd.created_by,
        hash: staged.sha256,
        key,
        kind: 'screenshot',
        name: (name ?? 'screenshot').slice(0, 100),
        size: staged.size,
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
