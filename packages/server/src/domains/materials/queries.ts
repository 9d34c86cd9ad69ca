import { FILE_TYPE, type MaterialMedia } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { PageSql } from '../../db/paging.js';
import type { Row } from '../../db/schema/index.js';
import { Params } from '../../lifecycle/sql.js';

// The materials library's statements; every one takes the tenant scope first.
//
// "Used" means: an ad content or product that is not deleted names the file in the version that
// plays or shows (its typed columns, once a version is enabled) or in its head version when that
// is another one — a first draft, or an edit under way or in review — unless the author has put
// that draft in the recycle bin. Versions older than the enabled one are history: they do not
// hold a material in the library.

export type Scope = { enterpriseId: number };

export type MaterialDbRow = Row<'materials', 'id' | 'file_id' | 'title' | 'poster_file_id'> &
  Row<'files', 'sha256' | 'mime' | 'ext' | 'width' | 'height' | 'duration'> & {
    type: number;
    size: number;
    ctime: number;
    used_by: { id: number; name: string }[];
    products: number;
  };

const MEDIA_TYPE: Record<MaterialMedia, number> = {
  image: FILE_TYPE.image,
  video: FILE_TYPE.video,
  audio: FILE_TYPE.audio,
};

/** SQL true when a record `r` of this lifecycle entity names the file: `names(doc)` tests a document (`r.` columns or `v.data->`). */
function recordUses(entity: string, names: (field: (key: string) => string) => string): string {
  return `r.enterprise_id = m.enterprise_id and r.deleted_at is null and (
    (r.live_version is not null and ${names((key) => `r.${key}`)})
    or (r.version is distinct from r.live_version and exists (select 1 from record_versions v
      where v.enterprise_id = r.enterprise_id and v.entity = '${entity}' and v.record_id = r.id and v.version = r.version
        and v.deleted_at is null and ${names((key) => `(v.data->'${key}')`)})))`;
}

const asItem = `jsonb_build_array(jsonb_build_object('fileId', m.file_id))`;
const inContent = (field: (key: string) => string) =>
  `(${field('items')} @> ${asItem} or ${field('bgm')} @> ${asItem})`;
const inImages = (field: (key: string) => string) => `${field('images')} @> jsonb_build_array(m.file_id)`;

const USED_BY = `coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.id) from ad_contents r
    where ${recordUses('ad-content', inContent)}), '[]'::jsonb)`;
const PRODUCTS = `(select count(*)::int from commodities r where ${recordUses('commodity', inImages)})`;

const SELECT = `m.id, m.file_id, m.title, f.sha256, f.mime, f.ext, f.type::int as type, f.size::int as size, f.width, f.height, f.duration,
  extract(epoch from m.created_at)::int as ctime, m.poster_file_id, ${USED_BY} as used_by, ${PRODUCTS} as products`;
const FROM = 'materials m join files f on f.enterprise_id = m.enterprise_id and f.id = m.file_id';

/** The library page: newest first, by media type and a title keyword (matched literally). */
export function listSql(s: Scope, f: { type?: MaterialMedia; keyword?: string }): PageSql {
  const p = new Params([s.enterpriseId]);
  const where = ['m.enterprise_id = $1'];
  if (f.type) where.push(`f.type = ${p.add(MEDIA_TYPE[f.type])}`);
  if (f.keyword) where.push(`m.title ilike ${p.add(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  return {
    select: SELECT,
    from: FROM,
    where: where.join(' and '),
    order: 'm.id desc',
    params: p.values,
    ...(f.type ? {} : { countFrom: 'materials m' }),
  };
}

export async function materialById(q: Q, s: Scope, id: number): Promise<MaterialDbRow | undefined> {
  const [row] = await q.query<MaterialDbRow>(`select ${SELECT} from ${FROM} where m.enterprise_id = $1 and m.id = $2`, [
    s.enterpriseId,
    id,
  ]);
  return row;
}

export async function renameMaterial(q: Q, s: Scope, id: number, title: string): Promise<void> {
  await q.query('update materials set title = $3 where enterprise_id = $1 and id = $2', [s.enterpriseId, id, title]);
}

/** Removes the library entry; the file row stays (contents' history and the device cache name the bytes). */
export async function deleteMaterial(q: Q, s: Scope, id: number): Promise<void> {
  await q.query('delete from materials where enterprise_id = $1 and id = $2', [s.enterpriseId, id]);
}
