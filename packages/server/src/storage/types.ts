import type { Readable } from 'node:stream';

/**
 * An upload received into a temporary place, measured and hashed while it streamed. Nothing is
 * visible under a key until commit(); discard() (or a failed stream) leaves nothing behind.
 */
export type Staged = {
  size: number;
  sha256: string;
  /** the first bytes (up to HEAD_BYTES), for sniffing the type */
  head: Buffer;
  /** bytes [start, start + length) of the staged content (for image headers and the mp4 box walk) */
  read(start: number, length: number): Promise<Buffer>;
  /** make the content permanent under its content address; returns the key */
  commit(): Promise<string>;
  discard(): Promise<void>;
};

/** A stream is refused with `tooLarge()` once more than maxBytes arrive (nothing is kept). */
export type StageLimits = { maxBytes: number; tooLarge: () => Error };

/**
 * Where file bytes live: the local folder or an S3-compatible bucket (storage/open.ts). Keys are
 * made by the storage from the content hash only.
 */
export type Storage = {
  /** `local` or `s3`, for logs and the start-up line */
  kind: string;
  stage(source: Readable, limits: StageLimits): Promise<Staged>;
  /** The bytes (or bytes start..end inclusive) and the whole content's size. */
  get(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
  /** Rejects when the store cannot be reached or written (checked at start-up, so a wrong bucket fails fast). */
  check(): Promise<void>;
  /** Release connections (the app's onClose). */
  close(): Promise<void>;
};

export const HEAD_BYTES = 64 * 1024;

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** The content address of a SHA-256: `ab/cd/abcd…`. */
export const keyOf = (sha256: string) => `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;

/** Keys come from our own rows, but a key is still checked before it names a path or an object. */
export function checkKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
}
