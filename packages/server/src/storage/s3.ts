import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from './config.js';
import { stager } from './staging.js';
import { checkKey, type Storage } from './types.js';

/** Concurrent requests to the store, each media download holding one while it streams. */
const MAX_SOCKETS = 256;

const missing = (err: unknown) => err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404;

/** The whole object's size from `Content-Range: bytes a-b/size`. */
const totalOf = (contentRange: string | undefined) => Number(/\/(\d+)$/.exec(contentRange ?? '')?.[1] ?? Number.NaN);

/**
 * Files in an S3-compatible bucket under the same content addresses as the local folder
 * (`ab/cd/<sha256>`), so every instance serves every upload. An upload is staged and judged on
 * this machine's disk first (staging.ts), then sent once, whole, with its length: media are at
 * most 20 MB, well within one PUT, and a refused upload never reaches the bucket.
 */
export function s3Storage(cfg: S3Config, tmpDir: string): Storage {
  const agent = { keepAlive: true, maxSockets: MAX_SOCKETS };
  const client = new S3Client({
    endpoint: cfg.endpoint,
    region: cfg.region,
    credentials: cfg.credentials,
    forcePathStyle: cfg.forcePathStyle,
    // The SDK's default since 2025 sends uploads aws-chunked with a trailing CRC32; S3-compatible
    // stores do not all read that framing (s3rver keeps it as the content). Checksums only where
    // an operation requires them, as every S3-compatible store understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // a store that does not answer fails the request in seconds rather than holding it
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000, httpAgent: agent, httpsAgent: agent },
  });
  const Bucket = cfg.bucket;
  const exists = (Key: string) =>
    client.send(new HeadObjectCommand({ Bucket, Key })).then(
      () => true,
      (err: unknown) => {
        if (missing(err)) return false;
        throw err;
      },
    );

  return {
    kind: 's3',
    stage: stager(tmpDir, async (tmp, Key, size) => {
      // Same address, same bytes: an object already there serves every row that names it.
      if (await exists(Key)) return;
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key,
          Body: createReadStream(tmp),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      );
    }),
    async get(key, range) {
      const res = await client.send(
        new GetObjectCommand({
          Bucket,
          Key: checkKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      if (!(res.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      // A store that ignored the Range would send the whole object under a 206 we already promised.
      const size = range ? totalOf(res.ContentRange) : res.ContentLength;
      if (size === undefined || !Number.isSafeInteger(size)) {
        res.Body.destroy();
        throw new Error(`S3 answered ${range ? 'a range without Content-Range' : 'without Content-Length'}`);
      }
      return { stream: res.Body, size };
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      client.destroy();
    },
  };
}
