import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import type { Config } from '../src/config.js';
import type { S3Config } from '../src/storage/config.js';

// STORAGE=s3 runs the tests against the S3-compatible server global-setup starts (s3rver), one
// bucket per test file; otherwise the local folder of each test's DATA_DIR.

/** s3rver's fixed key pair (it refuses an unknown key id, but does not verify SigV4 signatures). */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** the SDK is loaded only by S3 runs (it costs every test worker about a second) */
async function sdk(cfg: S3Config) {
  const s3 = await import('@aws-sdk/client-s3');
  return {
    s3,
    client: new s3.S3Client({
      ...cfg,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  };
}

/** A new, empty bucket on the test S3 server when this run is STORAGE=s3; undefined otherwise. */
export async function testBucket(): Promise<S3Config | undefined> {
  const endpoint = inject('s3Endpoint');
  if (!endpoint && process.env.STORAGE === 's3') throw new Error('STORAGE=s3 but no test S3 server (global-setup)');
  if (!endpoint) return undefined;
  const cfg: S3Config = {
    endpoint,
    bucket: `vitrine-${randomBytes(6).toString('hex')}`,
    region: 'us-east-1',
    credentials: S3RVER_CREDENTIALS,
    forcePathStyle: true,
  };
  const { s3, client } = await sdk(cfg);
  await client.send(new s3.CreateBucketCommand({ Bucket: cfg.bucket }));
  client.destroy();
  return cfg;
}

const KEY = /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** Every content address held by the app's store (its bucket, or DATA_DIR/files): what an upload left behind. */
export async function storedKeys(config: Pick<Config, 'dataDir' | 's3'>): Promise<string[]> {
  if (!config.s3) {
    return readdirSync(join(config.dataDir, 'files'), { recursive: true })
      .map((p) => String(p).split('\\').join('/'))
      .filter((p) => KEY.test(p))
      .sort();
  }
  const { s3, client } = await sdk(config.s3);
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new s3.ListObjectsV2Command({ Bucket: config.s3.bucket, ContinuationToken: token }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  client.destroy();
  return keys.sort();
}
