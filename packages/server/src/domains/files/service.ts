import type { Readable } from 'node:stream';
import { FILE_TYPE, UPLOAD_RULES, maxUploadSize, type FileRecord, type Perm, type UploadKind } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import { checkPerm, type TenantCtx } from '../../plugins/context.js';
import { tenantTx } from '../../db/tenant.js';
import * as qs from './queries.js';
import { PERMIT_TTL_SECONDS, readPermit, signPermit, signRawUrl, type Permit } from './sign.js';
import { inspect, streamTooLargeKey } from './sniff.js';
import { safeName } from './names.js';
import type { ByteRange } from './range.js';
import { PUBLIC_KINDS, fileReader, mayReadFile } from './reach.js';
import type { Row } from '../../db/schema/index.js';

/** Who may ask for a permit of each kind: logo → main admin; material and its poster → advertising create; avatar → any member. */
const KIND_PERM: Record<UploadKind, Perm | null> = {
  logo: { menu: '/enterprise', bit: 'update', main: true },
  avatar: null,
  material: { menu: '/advert', bit: 'create' },
  poster: { menu: '/advert', bit: 'create' },
  // notifications' attachments, and the photo a recipient may add when confirming
  attachment: { menu: '/inform', bit: 'view' },
};

const scopeOf = (ctx: TenantCtx) => ({ enterpriseId: ctx.enterprise.id });

export async function signature(deps: Deps, ctx: TenantCtx, input: { kind: UploadKind; size?: number }) {
  const perm = KIND_PERM[input.kind];
  if (perm) await checkPerm(deps, ctx, perm);
  const maxSize = maxUploadSize(input.kind);
  if (input.size !== undefined && input.size > maxSize) throw fail.tooLarge(streamTooLargeKey(input.kind));
  const expires = Math.floor(Date.now() / 1000) + PERMIT_TTL_SECONDS;
  const permit = signPermit(deps.config.secret, {
    e: ctx.enterprise.id,
    u: ctx.user.id,
    k: input.kind,
    m: maxSize,
    x: expires,
  });
  return { permit, expires, maxSize, accept: [...new Set(UPLOAD_RULES[input.kind].map((r) => r.mime))] };
}

/** A permit good for this caller in this enterprise, or 40003. */
export function permitFor(deps: Deps, ctx: TenantCtx, token: string | undefined): Permit {
  const p = token ? readPermit(deps.config.secret, token) : null;
  if (!p || p.e !== ctx.enterprise.id || p.u !== ctx.user.id) throw fail.forbidden('file.permit');
  return p;
}

function record(deps: Deps, ctx: TenantCtx, row: qs.FileRow): FileRecord {
  const { storage_key: _key, ...rest } = row;
  const url = signRawUrl(deps.config.secret, deps.config.apiBase, row.id, ctx.enterprise.id).url;
  return PUBLIC_KINDS.has(row.kind)
    ? { ...rest, url, publicUrl: `${deps.config.apiBase}/file/img/${row.hash}` }
    : { ...rest, url };
}

/**
 * Receive one upload: stream it to a temp file (hashing, counting, capped at the permit's size),
 * judge it by its bytes, then make it permanent and record it. Any failure, the client's abort
 * included, discards the temp file before the row is written, so nothing is left.
 */
export async function receive(
  deps: Deps,
  ctx: TenantCtx,
  permit: Permit,
  source: Readable,
  filename: string | undefined,
): Promise<FileRecord> {
  const staged = await deps.storage.stage(source, {
    maxBytes: permit.m,
    tooLarge: () => fail.tooLarge(streamTooLargeKey(permit.k)),
  });
  try {
    const found = await inspect(staged, permit.k, filename ?? '');
    const key = await staged.commit();
    const row = await tenantTx(deps.db, ctx, async (q) => {
      const res = await qs.insertFile(q, scopeOf(ctx), {
        ...found,
        userId: ctx.user.id,
        hash: staged.sha256,
        key,
        kind: permit.k,
        name: safeName(filename),
        size: staged.size,
      });
      if (res.created)
        q.changed({
          id: res.row.id,
          label: res.row.name,
          after: { kind: permit.k, type: res.row.type, size: res.row.size },
        });
      return res.row;
    });
    return record(deps, ctx, row);
  } finally {
    await staged.discard();
  }
}

/**
 * A file of this enterprise the caller may read (reach.ts: its uploaders, and readers of a record
 * that holds it): another enterprise's or no file → 40004; one the caller may not read → 40003, or
 * `hidden` (40004) where even its existence is not told.
 */
async function requireReadable(
  deps: Deps,
  ctx: TenantCtx,
  by: { id?: number; hash?: string },
  hidden = false,
): Promise<qs.FileRow> {
  const reader = await fileReader(deps, ctx);
  const found = await tenantTx(deps.db, ctx, async (q) => {
    const row =
      by.id !== undefined
        ? await qs.fileById(q, scopeOf(ctx), by.id)
        : await qs.fileByHash(q, scopeOf(ctx), by.hash ?? '');
    return row && { row, readable: await mayReadFile(q, reader, row) };
  });
  if (!found || (hidden && !found.readable)) throw fail.notFound('file.notFound');
  if (!found.readable) throw fail.forbidden('file.forbidden');
  return found.row;
}

/**
 * Already uploaded in this enterprise, for this caller? The record (the client then skips the
 * upload); else 40004 — also for bytes someone else uploaded that the caller may not read: the
 * client uploads them, and sending the bytes makes the caller one of the file's uploaders.
 */
export async function fileInfo(deps: Deps, ctx: TenantCtx, hash: string): Promise<FileRecord> {
  return record(deps, ctx, await requireReadable(deps, ctx, { hash }, true));
}

/** A signed URL of a file the caller may read (40003 otherwise; 40004 for another enterprise's). */
export async function fileUrl(deps: Deps, ctx: TenantCtx, by: { id?: number; hash?: string }) {
  const row = await requireReadable(deps, ctx, by);
  return signRawUrl(deps.config.secret, deps.config.apiBase, row.id, ctx.enterprise.id);
}

/**
 * Attach an uploaded material to the enterprise's materials library, with a video's poster frame
 * (posterId: a file of kind poster of this enterprise; 40001 otherwise, as for any reference in a
 * body). The same content is never in the library twice: a file already there answers its entry
 * (which gains the poster if it had none). The file row is locked so two saves of one file queue.
 */
export async function saveMaterial(
  deps: Deps,
  ctx: TenantCtx,
  input: { id: number; title: string; posterId?: number },
) {
  const reader = await fileReader(deps, ctx);
  return tenantTx(deps.db, ctx, async (q) => {
    const file = await qs.fileById(q, scopeOf(ctx), input.id, true);
    if (!file) throw fail.notFound('file.notFound');
    // the library shows its files to every advertiser: only a file the caller may read goes in
    if (!(await mayReadFile(q, reader, file))) throw fail.forbidden('file.forbidden');
    if (file.kind !== 'material') throw fail.invalid('id', 'file.type.material');
    let poster: qs.FileRow | undefined;
    if (input.posterId !== undefined) {
      poster = await qs.fileById(q, scopeOf(ctx), input.posterId);
      if (poster?.kind !== 'poster' || !(await mayReadFile(q, reader, poster)))
        throw fail.invalid('posterId', 'material.poster');
      if (file.type !== FILE_TYPE.video) throw fail.invalid('posterId', 'material.posterVideo');
    }
    const existing = await qs.materialOfFile(q, scopeOf(ctx), file.id);
    if (existing) {
      if (poster && existing.posterId === null) {
        await qs.setPoster(q, scopeOf(ctx), existing.id, poster.id);
        q.changed({ id: existing.id, label: existing.title, after: { poster: poster.name } });
      }
      return { id: existing.id, fileId: existing.fileId, title: existing.title, ctime: existing.ctime };
    }
    const m = await qs.insertMaterial(q, scopeOf(ctx), {
      fileId: file.id,
      userId: ctx.user.id,
      title: input.title,
      posterId: poster?.id ?? null,
    });
    q.changed({
      id: m.id,
      label: m.title,
      after: { title: m.title, file: file.name, ...(poster ? { poster: poster.name } : {}) },
    });
    return { id: m.id, fileId: m.fileId, title: m.title, ctime: m.ctime };
  });
}

/** The file behind a signed URL (the signature is checked by the caller): a row of that enterprise only. */
export async function rawRow(deps: Deps, enterpriseId: number, id: number) {
  const row = await deps.db.tx({ enterpriseId }, (q) => qs.fileById(q, { enterpriseId }, id));
  if (!row) throw fail.notFound('file.notFound');
  return row;
}

/** The stored bytes under a key, whole or a range (inclusive). */
export async function openBytes(deps: Deps, key: string, range?: ByteRange) {
  return (await deps.storage.get(key, range)).stream;
}

/**
 * The bytes of a logo or avatar by content hash (GET file/img/<sha256>). These images are not
 * secret and must outlive signed URLs; the 256-bit hash is the address. Nothing else is served here.
 */
export async function openPublicImage(deps: Deps, hash: string) {
  const [row] = await deps.db.admin.query<Row<'files', 'storage_key' | 'mime'>>(
    `select storage_key, mime from files where sha256 = $1 and kind = any($2::text[]) limit 1`,
    [hash, [...PUBLIC_KINDS]],
  );
  if (!row) throw fail.notFound('file.notFound');
  const { stream, size } = await deps.storage.get(row.storage_key);
  return { mime: row.mime, stream, size };
}
