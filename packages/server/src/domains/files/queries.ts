import type { Q } from '../../db/client.js';
import type { Inspected } from './sniff.js';
import type { Row, Tables } from '../../db/schema/index.js';

export type Scope = { enterpriseId: number };

export type FileRow = Row<
  'files',
  'id' | 'kind' | 'name' | 'mime' | 'ext' | 'width' | 'height' | 'duration' | 'storage_key'
> & { hash: Tables['files']['sha256']; type: number; size: number; ctime: number };

const COLUMNS = `id, sha256 as hash, kind, name, mime, ext, type::int as type, size::int as size, width, height,
  duration, extract(epoch from created_at)::int as ctime, storage_key`;

export async function fileById(q: Q, s: Scope, id: number, lock = false): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>(
    `select ${COLUMNS} from files where enterprise_id = $1 and id = $2${lock ? ' for update' : ''}`,
    [s.enterpriseId, id],
  );
  return row;
}

export async function fileByHash(q: Q, s: Scope, hash: string): Promise<FileRow | undefined> {
  const [row] = await q.query<FileRow>(`select ${COLUMNS} from files where enterprise_id = $1 and sha256 = $2`, [
    s.enterpriseId,
    hash,
  ]);
  return row;
}

/** Record an upload; the same bytes uploaded again in this enterprise give back the first row (created = false). */
export async function insertFile(
  q: Q,
  s: Scope,
  f: Inspected & { userId: number; hash: string; key: string; kind: string; name: string; size: number },
): Promise<{ row: FileRow; created: boolean }> {
  const rows = await q.query<Row<'files', 'id'>>(
    `insert into files (enterprise_id, user_id, sha256, storage_key, kind, name, mime, ext, type, size, width, height, duration)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     on conflict (enterprise_id, sha256) do nothing returning id`,
    [
      s.enterpriseId,
      f.userId,
      f.hash,
      f.key,
      f.kind,
      f.name,
      f.mime,
      f.ext,
      f.type,
      f.size,
      f.width,
      f.height,
      f.duration,
    ],
  );
  const row = rows[0] ? await fileById(q, s, rows[0].id) : await fileByHash(q, s, f.hash);
  // whoever sends the bytes may read the row, the first uploader or not (domains/files/reach.ts)
  await q.query(
    'insert into file_uploaders (enterprise_id, file_id, user_id) values ($1, $2, $3) on conflict do nothing',
    [s.enterpriseId, row!.id, f.userId],
  );
  return { row: row!, created: rows.length > 0 };
}

type MaterialEntry = Row<'materials', 'id' | 'title'> & {
  fileId: Tables['materials']['file_id'];
  ctime: number;
  posterId: Tables['materials']['poster_file_id'];
};
const ENTRY = `id, file_id as "fileId", title, extract(epoch from created_at)::int as ctime, poster_file_id as "posterId"`;

export async function insertMaterial(
  q: Q,
  s: Scope,
  m: { fileId: number; userId: number; title: string; posterId: number | null },
) {
  const [row] = await q.query<MaterialEntry>(
    `insert into materials (enterprise_id, file_id, user_id, title, poster_file_id) values ($1, $2, $3, $4, $5) returning ${ENTRY}`,
    [s.enterpriseId, m.fileId, m.userId, m.title, m.posterId],
  );
  return row;
}

/** The library's entry of a file, if it has one (one at most: materials_file). */
export async function materialOfFile(q: Q, s: Scope, fileId: number): Promise<MaterialEntry | undefined> {
  const [row] = await q.query<MaterialEntry>(
    `select ${ENTRY} from materials where enterprise_id = $1 and file_id = $2`,
    [s.enterpriseId, fileId],
  );
  return row;
}

export async function setPoster(q: Q, s: Scope, id: number, posterId: number): Promise<void> {
  await q.query('update materials set poster_file_id = $3 where enterprise_id = $1 and id = $2', [
    s.enterpriseId,
    id,
    posterId,
  ]);
}
