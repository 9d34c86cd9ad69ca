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

/** Where file bytes live. Keys are made by the storage from the content hash only. */
export type Storage = {
  /** Receive a stream; rejects with `tooLarge()` once more than maxBytes arrive (nothing is kept). */
  stage(source: Readable, opts: { maxBytes: number; tooLarge: () => Error }): Promise<Staged>;
  /** stage + commit, for callers that need no checks in between */
  put(source: Readable, opts: { maxBytes: number; tooLarge: () => Error }): Promise<{ key: string; size: number; sha256: string }>;
  /** The bytes (or bytes start..end inclusive) and the whole content's size. */
  get(key: string, range?: { start: number; end: number }): Promise<{ stream: Readable; size: number }>;
  remove(key: string): Promise<void>;
};

export const HEAD_BYTES = 64 * 1024;
