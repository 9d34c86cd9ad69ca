import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { mkdir, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEAD_BYTES, type Staged, type Storage } from './types.js';

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** The content address of a SHA-256: `ab/cd/abcd…`. */
export const keyOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

/** Keys come from our own rows, but a key is still checked before it names a path. */
function pathOf(root: string, key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return join(root, key);
}

/** Counts, hashes and keeps the head of what flows through; errors once past maxBytes. */
function meter(maxBytes: number, tooLarge: () => Error) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.length;
      if (size > maxBytes) return done(tooLarge());
      hash.update(chunk);
      if (headSize < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headSize);
        head.push(part);
        headSize += part.length;
      }
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

/**
 * Files in a local folder, content-addressed by SHA-256 (`<root>/ab/cd/<sha256>`). Uploads are
 * written to `<root>/tmp/<random>` and renamed into place: a reader never sees half a file, and a
 * failed or aborted upload only ever leaves (then removes) its own temp file. No name from a
 * client reaches the disk.
 */
export function localStorage(root: string): Storage & { tmpDir: string } {
  const tmpDir = join(root, 'tmp');
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });

  async function stage(source: Readable, opts: { maxBytes: number; tooLarge: () => Error }): Promise<Staged> {
    const tmp = join(tmpDir, randomUUID());
    const m = meter(opts.maxBytes, opts.tooLarge);
    try {
      await pipeline(source, m.stream, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (err) {
      source.destroy();
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    const { size, sha256, head } = m.result();
    let done = false;
    return {
      size, sha256, head,
      async read(start, length) {
        const fh = await open(tmp, 'r');
        try {
          const buf = Buffer.alloc(Math.max(0, Math.min(length, size - start)));
          const { bytesRead } = await fh.read(buf, 0, buf.length, start);
          return buf.subarray(0, bytesRead);
        } finally {
          await fh.close();
        }
      },
      async commit() {
        if (done) throw new Error('staged file already settled');
        done = true;
        const key = keyOf(sha256);
        const dest = pathOf(root, key);
        await mkdir(join(dest, '..'), { recursive: true, mode: 0o700 });
        const exists = await stat(dest).then(() => true, () => false);
        // Same address, same bytes: the copy already there serves every row that names it.
        if (exists) await unlink(tmp);
        else await rename(tmp, dest);
        return key;
      },
      async discard() {
        if (done) return;
        done = true;
        await unlink(tmp).catch(() => undefined);
      },
    };
  }

  return {
    tmpDir,
    stage,
    async put(source, opts) {
      const staged = await stage(source, opts);
      return { key: await staged.commit(), size: staged.size, sha256: staged.sha256 };
    },
    async get(key, range) {
      const path = pathOf(root, key);
      const { size } = await stat(path);
      return { stream: createReadStream(path, range ? { start: range.start, end: range.end } : undefined), size };
    },
    async remove(key) {
      await unlink(pathOf(root, key)).catch(() => undefined);
    },
  };
}
