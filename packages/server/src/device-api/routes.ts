import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { DEVICE_BODY_LIMITS, RET, deviceApi as d, maxUploadSize, message } from '@vitrine/contract';
import type { Deps } from '../deps.js';
import { AppError, fail } from '../errors.js';
import { sendBytes } from '../domains/files/range.js';
import { openBytes } from '../domains/files/service.js';
import { envelope, protocol } from '../plugins/protocol.js';
import { checkResult, register, jsonSchema } from '../plugins/register.js';
import { activate } from './activate.js';
import { ack, receiveScreenshot } from './commands.js';
import { batchBody, ingest } from './events.js';
import { heartbeat } from './heartbeat.js';
import { deviceOf, registerDevice, SENT } from './register.js';
import type { AuthRow } from './runtime.js';
import { jsonBodies } from '../plugins/json-body.js';
import { liveRoutes } from './live/socket.js';
import type { Row } from '../db/schema/index.js';

const scopeOf = (dev: AuthRow) => ({ enterpriseId: dev.enterpriseId, deviceId: dev.deviceId, shopId: dev.shopId });
const inputsOf = (dev: AuthRow) => ({
  type: dev.type,
  orientation: dev.orientation,
  ai: dev.ai,
  timezone: dev.timezone,
});

/** If-None-Match names this ETag (quoted or not, weak or strong, in a list). */
function matches(header: string | string[] | undefined, etag: string): boolean {
  const v = Array.isArray(header) ? header.join(',') : header;
  return !!v && v.split(',').some((t) => t.trim().replace(/^W\//, '').replace(/^"|"$/g, '') === etag);
}

/** The device protocol (API.md "Device API") under /device-api, apart from the console API. */
export async function deviceApiRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await app.register(protocol);
  jsonBodies(app);
  const small = { bodyLimit: DEVICE_BODY_LIMITS.small };
  const batch = { bodyLimit: DEVICE_BODY_LIMITS.batch };

  register(app, deps, d.activate, (input, ctx) => activate(deps, input, ctx.ip));
  registerDevice(
    app,
    deps,
    d.heartbeat,
    { ...small, authenticate: (hash) => deps.device.heartbeats.load(hash) },
    (input, dev) => heartbeat(deps, input, dev),
  );
  registerDevice(app, deps, d.ack, batch, (input, dev) => ack(deps, dev, input));
  registerDevice(app, deps, d.plays, { ...batch, parse: batchBody }, (input, dev, req) =>
    ingest(deps, 'plays', input.events, dev, req.lang),
  );
  registerDevice(app, deps, d.visits, { ...batch, parse: batchBody }, (input, dev, req) =>
    ingest(deps, 'visits', input.events, dev, req.lang),
  );

  registerDevice(app, deps, d.playlist, small, async (_input, dev, req, reply) => {
    const playlist = await deps.device.playlists.playlistFor(scopeOf(dev), inputsOf(dev), new Date());
    reply.header('etag', `"${playlist.etag}"`).header('cache-control', 'no-cache');
    if (!matches(req.headers['if-none-match'], playlist.etag)) return playlist;
    await reply.status(304).send();
    return SENT;
  });

  registerDevice(app, deps, d.file, small, async (input, dev, req, reply) => {
    const [row] = await deps.db.tx({ enterpriseId: dev.enterpriseId }, (q) =>
      q.query<Row<'files', 'storage_key' | 'size' | 'mime'>>(
        `select storage_key, size::int as size, mime from files where enterprise_id = $1 and sha256 = $2 and kind = 'material'`,
        [dev.enterpriseId, input.sha256],
      ),
    );
    if (!row) throw fail.notFound('device.file.notFound');
    // content-addressed: the bytes behind a hash never change
    reply.header('cache-control', 'private, max-age=31536000, immutable').header('etag', `"${input.sha256}"`);
    await sendBytes(req, reply, {
      size: row.size,
      mime: row.mime,
      open: (range) => openBytes(deps, row.storage_key, range),
    });
    return SENT;
  });

  await app.register(screenshotRoute, { deps });
  await app.register(liveRoutes, { deps });
}

/** screenshot: multipart (its own scope, so multipart parsing exists only here). */
async function screenshotRoute(app: FastifyInstance, { deps }: { deps: Deps }) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      files: 1,
      fields: 2,
      parts: 3,
      fieldSize: 64,
      fieldNameSize: 32,
      headerPairs: 32,
      fileSize: maxUploadSize('screenshot') + 1,
    },
  });
  app.route({
    method: 'POST',
    url: `/${d.screenshot.path}`,
    bodyLimit: DEVICE_BODY_LIMITS.screenshot + 64 * 1024,
    schema: {
      summary: d.screenshot.summary,
      tags: ['device-api'],
      consumes: ['multipart/form-data'],
      response: {
        200: {
          type: 'object',
          properties: {
            ret: { type: 'integer' },
            msg: { type: 'string' },
            result: jsonSchema(d.screenshot.result, 'output'),
          },
        },
      },
    },
    handler: async (req, reply) => {
      const dev = await deviceOf(deps, req);
      if (!req.isMultipart()) throw fail.invalid('file', 'file.missing');
      const part = await req.file();
      if (!part) throw fail.invalid('file', 'file.missing');
      const field = part.fields.commandId;
      const raw =
        field && !Array.isArray(field) && field.type === 'field'
          ? field.value
          : (req.query as Record<string, unknown>).commandId;
      const parsed = d.screenshot.body.safeParse({ commandId: raw });
      if (!parsed.success) {
        part.file.resume();
        throw new AppError(RET.validation, 'validation.failed', [{ field: 'commandId', message: 'field.invalid' }]);
      }
      const result = await receiveScreenshot(deps, dev, parsed.data.commandId, part.file, part.filename);
      if (deps.config.checkResults) checkResult(d.screenshot, result);
      return reply.send(envelope(RET.ok, message('ok', req.lang), result));
    },
  });
}
