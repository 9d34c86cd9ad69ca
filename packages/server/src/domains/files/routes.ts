import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { RET, api, fileUpload, maxUploadSize, message } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { envelope } from '../../plugins/protocol.js';
import { checkResult, contextFor, register } from '../../plugins/register.js';
import { runCall } from '../../oplog/call.js';
import { contentDisposition } from './names.js';
import * as svc from './service.js';
import { checkRawUrl } from './sign.js';
import { sendBytes } from './range.js';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return (Array.isArray(v) ? v[0] : v)?.trim() || undefined;
};

export function fileRoutes(app: FastifyInstance, deps: Deps) {
  const f = api.file;
  register(app, deps, f.signature, (b, ctx) => svc.signature(deps, ctx, b));
  register(app, deps, f.info, (b, ctx) => svc.fileInfo(deps, ctx, b.hash));
  register(app, deps, f.url, (b, ctx) => svc.fileUrl(deps, ctx, b));
  register(app, deps, f.save, (b, ctx) => svc.saveMaterial(deps, ctx, b));
  void app.register(streamRoutes, { deps });
  rawRoute(app, deps);
  publicImageRoute(app, deps);
}

/** file/upload: multipart, streamed; its own plugin scope so multipart parsing exists only here. */
async function streamRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  await app.register(multipart, {
    throwFileSizeLimit: false, // the storage meter refuses past the permit's size with our own message
    limits: {
      files: 1,
      fields: 4,
      parts: 5,
      fieldSize: 2048,
      fieldNameSize: 64,
      headerPairs: 32,
      fileSize: maxUploadSize('material') + 1,
    },
  });
  app.route({
    method: 'POST',
    url: `/${fileUpload.path}`,
    schema: { summary: fileUpload.summary, tags: ['file'], consumes: ['multipart/form-data'] },
    handler: async (req, reply) => {
      const ctx = (await contextFor(deps, fileUpload, req)) as TenantCtx;
      if (!req.isMultipart()) throw fail.invalid('file', 'file.missing');
      const fromHeader = header(req, 'permit');
      let permit = fromHeader ? svc.permitFor(deps, ctx, fromHeader) : undefined;
      const part = await req.file({ limits: { fileSize: (permit?.m ?? maxUploadSize('material')) + 1 } });
      if (!part) throw fail.invalid('file', 'file.missing');
      if (!permit) {
        const field = part.fields.permit;
        const value = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
        try {
          permit = svc.permitFor(deps, ctx, value);
        } catch (err) {
          part.file.destroy();
          throw err;
        }
      }
      const granted = permit;
      const result = await runCall(fileUpload, {}, deps.config.checkWrites === true, () =>
        svc.receive(deps, ctx, granted, part.file, part.filename),
      );
      if (deps.config.checkResults) checkResult(fileUpload, result);
      return reply.send(envelope(RET.ok, message('ok', req.lang), result));
    },
  });
}

/**
 * GET file/raw/<id>?en=&exp=&sig=: the bytes of one file, for <img>/<video> and downloads (no
 * headers to send there, so the signed URL is the credential). The signature binds the file id,
 * its enterprise and the expiry; a forged or replayed one reads as "not found".
 */
function rawRoute(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { id: string }; Querystring: Record<string, string | undefined> }>(
    '/file/raw/:id',
    { schema: { summary: 'The bytes of a file, by a signed URL from file/url', tags: ['file'] } },
    async (req, reply) => {
      const id = Number(req.params.id);
      const en = Number(req.query.en);
      const exp = Number(req.query.exp);
      const sig = req.query.sig ?? '';
      if (![id, en, exp].every((n) => Number.isSafeInteger(n) && n > 0) || sig.length > 100)
        throw fail.notFound('file.notFound');
      const check = checkRawUrl(deps.config.secret, id, en, exp, sig);
      if (check === 'bad') throw fail.notFound('file.notFound');
      if (check === 'expired') throw fail.forbidden('file.urlExpired');
      const row = await svc.rawRow(deps, en, id);
      reply
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', contentDisposition(row.name, row.mime))
        .header('cache-control', `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}`);
      // Range requests (206) let a player seek in a video and resume a download.
      return sendBytes(req, reply, {
        size: row.size,
        mime: row.mime,
        open: (range) => svc.openBytes(deps, row.storage_key, range),
      });
    },
  );
}

function publicImageRoute(app: FastifyInstance, deps: Deps) {
  app.get<{ Params: { hash: string } }>(
    '/file/img/:hash',
    { schema: { summary: 'A logo or avatar by its SHA-256 (lasting address)', tags: ['file'] } },
    async (req, reply) => {
      if (!/^[0-9a-f]{64}$/.test(req.params.hash)) throw fail.notFound('file.notFound');
      const { mime, stream, size } = await svc.openPublicImage(deps, req.params.hash);
      return reply
        .header('content-type', mime)
        .header('content-length', size)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(stream);
    },
  );
}
