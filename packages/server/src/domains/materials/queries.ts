import type { Q } from '../../db/client.js';
import type { PageSql } from '../../db/paging.js';
import { Params } from '../../lifecycle/sql.js';

// The materials library's statements. "Used" means: an ad content or product that is not deleted
// names the file in any of its versions that is not deleted (a draft being edited counts).

export type Scope = { enterpriseId: number };

export type MaterialDbRow = {
  id: number; file_id: number; title: string; sha256: string; mime: string; ext: string; type: number; size: number;
  width: number | null; height: number | null; duration: number | null; ctime: number; poster_file_id: number | null;
  used_by: { id: number; name: string }[]; products: number;
};

const MEDIA: Record<string, string> = { image: 'image/%', video: 'video/%', audio: 'audio/%' };

/** Versions of live records of an entity whose data names the file (`$file` is SQL for its id). */
const versionsUsing = (entity: string, test: (data: string) => string) => `exists (
  select 1 from record_versions v where v.enterprise_id = m.enterprise_id and v.entity = '${entity}' and v.record_id = r.id and v.deleted_at is null and ${test('v.data')})`;
const inItems = (file: string) => (data: string) =>
  `(${data}->'items' @> jsonb_build_array(jsonb_build_object('fileId', ${file})) or ${data}->'bgm' @> jsonb_build_array(jsonb_build_object('fileId', ${file})))`;
const inImages = (file: string) => (data: string) => `${data}->'images' @> jsonb_build_array(${file})`;

const USED_BY = `coalesce((select jsonb_agg(jsonb_build_object('id', r.id, 'name', r.name) order by r.id) from ad_contents r
    where r.enterprise_id = m.enterprise_id and r.deleted_at is null and ${versionsUsing('ad-content', inItems('m.file_id'))}), '[]'::jsonb)`;
const PRODUCTS = `(select count(*)::int from commodities r
    where r.enterprise_id = m.enterprise_id and r.deleted_at is null and ${versionsUsing('commodity', inImages('m.file_id'))})`;

const SELECT = `m.id, m.file_id, m.title, f.sha256, f.mime, f.ext, f.type::int as type, f.size::int as size, f.width, f.height, f.duration,
  extract(epoch from m.created_at)::int as ctime, m.poster_file_id, ${USED_BY} as used_by, ${PRODUCTS} as products`;
const FROM = 'materials m join files f on f.enterprise_id = m.enterprise_id and f.id = m.file_id';

export function listSql(s: Scope, f: { type?: string; keyword?: string }): PageSql {
  const p = new Params([s.enterpriseId]);
  const where = ['m.enterprise_id = $1'];
  if (f.type) where.push(`f.mime like ${p.add(MEDIA[f.type])}`);
  if (f.keyword) where.push(`m.title ilike ${p.add(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  return { select: SELECT, from: FROM, where: where.join(' and '), order: 'm.id desc', params: p.values };
}

export async function materialById(q: Q, s: Scope, id: number): Promise<MaterialDbRow | undefined> {
  const [row] = await q.query<MaterialDbRow>(`select ${SELECT} from ${FROM} where m.enterprise_id = $1 and m.id = $2`, [s.enterpriseId, id]);
  return row;
}


export async function renameMaterial(q: Q, s: Scope, id: number, title: string): Promise<void> {
  await q.query('update materials set title = $3 where enterprise_id = $1 and id = $2', [s.enterpriseId, id, title]);
}

/** Removes the library entry; the file row stays (other entries or contents may name the bytes). */
export async function deleteMaterial(q: Q, s: Scope, id: number): Promise<void> {
  await q.query('delete from materials where enterprise_id = $1 and id = $2', [s.enterpriseId, id]);
}
