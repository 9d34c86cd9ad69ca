import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, storedKeys } from '../../test/storage.js';
import { s3FromEnv, type S3Config } from './config.js';
import { localStorage } from './local.js';
import { s3Storage } from './s3.js';
import { keyOf, type Storage } from './types.js';

// The storage contract, run on both stores: the local folder and an S3-compatible bucket (s3rver,
// started here, whatever STORAGE says, so the bucket code is tested in every run).

const dir = mkdtempSync(join(tmpdir(), 'vitrine-storage-'));
const s3rver = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: join(dir, 's3'),
  configureBuckets: [{ name: 'media' }],
});
let s3: S3Config;
beforeAll(async () => {
  const { port } = await s3rver.run();
  s3 = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'media',
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
});
afterAll(async () => {
  await s3rver.close();
  rmSync(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256));
const limits = { maxBytes: 1024 * 1024, tooLarge: () => new Error('too large') };
/** a stream in small chunks, as a socket delivers an upload */
const chunked = (b: Buffer) =>
  Readable.from(Array.from({ length: Math.ceil(b.length / 1000) }, (_, i) => b.subarray(i * 1000, (i + 1) * 1000)));

type Case = {
  name: string;
  open: (root: string) => Storage;
  config: (root: string) => { dataDir: string; s3?: S3Config };
};
const cases: Case[] = [
  { name: 'local folder', open: (root) => localStorage(join(root, 'files')), config: (root) => ({ dataDir: root }) },
  {
    name: 'S3 bucket',
    open: (root) => s3Storage(s3, join(root, 'files', 'tmp')),
    config: (root) => ({ dataDir: root, s3 }),
  },
];

describe.each(cases)('storage: $name', (c) => {
  let root: string;
  let store: Storage;
  const tmpFiles = () => readdirSync(join(root, 'files', 'tmp'));
  beforeAll(() => {
    root = mkdtempSync(join(dir, 'root-'));
    store = c.open(root);
  });
  afterAll(() => store.close());

  it('stages while hashing, keeps the content under its hash on commit, serves it whole and by range', async () => {
    const data = bytes(300_000, 1);
    const staged = await store.stage(chunked(data), limits);
    expect(staged).toMatchObject({ size: data.length, sha256: sha(data) });
    expect(sha(staged.head)).toBe(sha(data.subarray(0, 64 * 1024)));
    expect(await staged.read(299_990, 100)).toEqual(data.subarray(299_990));
    expect(await storedKeys(c.config(root))).not.toContain(keyOf(sha(data)));
    const key = await staged.commit();
    expect(key).toBe(keyOf(sha(data)));
    expect(await storedKeys(c.config(root))).toContain(key);
    expect(tmpFiles()).toEqual([]);
    await staged.discard(); // after a commit: nothing to do, the content stays
    const whole = await store.get(key);
    expect(whole.size).toBe(data.length);
    expect(sha(await buffer(whole.stream))).toBe(sha(data));
    const part = await store.get(key, { start: 1000, end: 1999 });
    expect(part.size).toBe(data.length);
    expect(await buffer(part.stream)).toEqual(data.subarray(1000, 2000));
    const last = await store.get(key, { start: data.length - 1, end: data.length - 1 });
    expect(await buffer(last.stream)).toEqual(data.subarray(data.length - 1));
  });

  it('the same content twice: one copy, both commits name it', async () => {
    const data = bytes(5000, 2);
    const before = (await storedKeys(c.config(root))).length;
    const a = await (await store.stage(chunked(data), limits)).commit();
    const b = await (await store.stage(chunked(data), limits)).commit();
    expect(a).toBe(b);
    expect(await storedKeys(c.config(root))).toHaveLength(before + 1);
    expect(await buffer((await store.get(a)).stream)).toEqual(data);
    expect(tmpFiles()).toEqual([]);
  });

  it('too large, or discarded: nothing is kept, not even the temp file', async () => {
    const before = await storedKeys(c.config(root));
    await expect(store.stage(chunked(bytes(2000, 3)), { maxBytes: 1500, tooLarge: limits.tooLarge })).rejects.toThrow(
      'too large',
    );
    const staged = await store.stage(chunked(bytes(2000, 4)), limits);
    await staged.discard();
    await expect(staged.commit()).rejects.toThrow('settled');
    expect(await storedKeys(c.config(root))).toEqual(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('remove, a missing key, a key that is not a content address', async () => {
    const key = await (await store.stage(chunked(bytes(100, 5)), limits)).commit();
    await store.remove(key);
    expect(await storedKeys(c.config(root))).not.toContain(key);
    await expect(store.get(key)).rejects.toThrow();
    await expect(store.get('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(store.get(`${key.slice(0, 6)}/../${key.slice(6)}`)).rejects.toThrow('invalid storage key');
  });

  it('check: reachable and writable', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('storage: S3 misconfigured', () => {
  // (s3rver does not verify SigV4 signatures, only that the access key exists)
  it('check rejects a bucket that does not exist, and an unknown access key', async () => {
    const root = mkdtempSync(join(dir, 'bad-'));
    const missing = s3Storage({ ...s3, bucket: 'no-such-bucket' }, join(root, 'tmp'));
    await expect(missing.check()).rejects.toThrow();
    const forged = s3Storage(
      { ...s3, credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'S3RVER' } },
      join(root, 'tmp'),
    );
    await expect(forged.check()).rejects.toThrow();
    await missing.close();
    await forged.close();
  });
});

describe('storage: configuration', () => {
  it('S3_BUCKET chooses the bucket; half a configuration is refused rather than falling back to the local folder', () => {
    expect(s3FromEnv({})).toBeUndefined();
    expect(
      s3FromEnv({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    ).toEqual({
      bucket: 'media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      credentials: { accessKeyId: 'k', secretAccessKey: 's' },
      forcePathStyle: true,
    });
    // no keys: the SDK's own chain (AWS_* variables, an instance role); virtual-hosted style by default
    expect(s3FromEnv({ S3_BUCKET: 'media', S3_REGION: 'oss-cn-hangzhou' })).toMatchObject({
      region: 'oss-cn-hangzhou',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(() => s3FromEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow('S3_ENDPOINT set without S3_BUCKET');
    expect(() => s3FromEnv({ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'k' })).toThrow('together');
  });
});
