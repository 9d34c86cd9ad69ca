import { FILE_TYPE, SCREEN_SIZES, type MaterialMedia, type MaterialRow } from '@vitrine/contract';
import { page } from '../../db/paging.js';
import { scopeOf, tenantRead, tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import type { TenantCtx } from '../../plugins/context.js';
import { signRawUrl } from '../files/sign.js';
import * as qs from './queries.js';

const SCREEN = new Set(SCREEN_SIZES.map(([w, h]) => `${w}x${h}`));

/** A library row as the console reads it: signed URLs, where it is used, and size advice. */
function view(deps: Deps, ctx: TenantCtx, r: qs.MaterialDbRow): MaterialRow {
  const url = (fileId: number) => signRawUrl(deps.config.secret, deps.config.apiBase, fileId, ctx.enterprise.id).url;
  const visual = r.type === FILE_TYPE.image || r.type === FILE_TYPE.video;
  return {
    id: r.id,
    fileId: r.file_id,
    title: r.title,
    sha256: r.sha256,
    mime: r.mime,
    ext: r.ext,
    type: r.type,
    size: r.size,
    width: r.width,
    height: r.height,
    duration: r.duration === null ? null : Number(r.duration),
    ctime: r.ctime,
    url: url(r.file_id),
    posterUrl: r.poster_file_id ? url(r.poster_file_id) : null,
    usedBy: r.used_by,
    products: r.products,
    advice: visual && r.width && r.height && !SCREEN.has(`${r.width}x${r.height}`) ? 'size' : null,
  };
}

export async function listMaterials(
  deps: Deps,
  ctx: TenantCtx,
  f: { type?: MaterialMedia; keyword?: string; pageNum: number; pageSize: number },
) {
  const out = await page<qs.MaterialDbRow>(tenantRead(deps.db, ctx), qs.listSql(scopeOf(ctx), f), f);
  return { ...out, list: out.list.map((r) => view(deps, ctx, r)) };
}

export async function renameMaterial(deps: Deps, ctx: TenantCtx, input: { id: number; title: string }) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const before = await qs.materialById(q, scope, input.id);
    if (!before) throw fail.notFound('material.notFound');
    await qs.renameMaterial(q, scope, input.id, input.title);
    q.changed({ id: input.id, label: input.title, before: { title: before.title }, after: { title: input.title } });
    return view(deps, ctx, { ...before, title: input.title });
  });
}

/** Refused (40009) while an ad content or product uses the file (queries.ts says what "uses" means). */
export async function deleteMaterial(deps: Deps, ctx: TenantCtx, input: { id: number }) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const m = await qs.materialById(q, scope, input.id);
    if (!m) throw fail.notFound('material.notFound');
    if (m.used_by.length) throw fail.conflict('material.inUse.content');
    if (m.products) throw fail.conflict('material.inUse.product');
    await qs.deleteMaterial(q, scope, input.id);
    q.changed({ id: m.id, label: m.title, before: { title: m.title } });
    return { id: m.id };
  });
}
