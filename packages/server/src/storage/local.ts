import { createReadStream } from 'node:fs';
import { access, constants, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { stager } from './staging.js';
import { checkKey, type Storage } from './types.js';

/**
 * Files in a local folder, content-addressed by SHA-256 (`<root>/ab/cd/<sha256>`). Uploads are
 * staged in `<root>/tmp` (the same file system) and renamed into place: a reader never sees half
 * a file.
 */
export function localStorage(root: string): Storage {
  const pathOf = (key: string) => join(root, checkKey(key));
  return {
    kind: 'local',
    stage: stager(join(root, 'tmp'), async (tmp, key) => {
      const dest = pathOf(key);
      await mkdir(join(dest, '..'), { recursive: true, mode: 0o700 });
      // Same address, same bytes: the copy already there serves every row that names it.
      if (
        !(await stat(dest).then(
          () => true,
          () => false,
        ))
      )
        await rename(tmp, dest);
    }),
    async get(key, range) {
      const path = pathOf(key);
      const { size } = await stat(path);
      return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : undefined), size };
    },
    async remove(key) {
      await unlink(pathOf(key)).catch(() => undefined);
    },
    async check() {
      await access(join(root, 'tmp'), constants.W_OK);
    },
    async close() {},
  };
}
