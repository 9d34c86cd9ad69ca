import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { open, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HEAD_BYTES, keyOf, type Staged, type StageLimits } from './types.js';

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
 * Moves a staged temp file to its permanent home under its key (a rename on the local disk, an
 * upload to the bucket). It may leave the temp file behind: the stager removes it afterwards.
 */
export type Place = (tmp: string, key: string, size: number) => Promise<void>;

/**
 * Receives uploads into `<tmpDir>/<random>` on this machine, whatever the store: the bytes are
 * counted, hashed and judged (sniffed, read for headers) there before anything is kept, so the
 * key can be the content's hash and a refused upload never reaches the store. No name from a
 * client reaches the disk.
 */
export function stager(tmpDir: string, place: Place) {
  mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  return async function stage(source: Readable, limits: StageLimits): Promise<Staged> {
    const tmp = join(tmpDir, randomUUID());
    const m = meter(limits.maxBytes, limits.tooLarge);
    try {
      await pipeline(source, m.stream, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
    } catch (err) {
      source.destroy();
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    const { size, sha256, head } = m.result();
    let done = false;
    const settle = () => {
      if (done) return false;
      done = true;
      return true;
    };
    return {
      size,
      sha256,
      head,
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
        if (!settle()) throw new Error('staged file already settled');
        const key = keyOf(sha256);
        try {
          await place(tmp, key, size);
        } finally {
          await unlink(tmp).catch(() => undefined);
        }
        return key;
      },
      async discard() {
        if (settle()) await unlink(tmp).catch(() => undefined);
      },
    };
  };
}
