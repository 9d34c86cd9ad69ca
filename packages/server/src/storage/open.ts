import { join } from 'node:path';
import type { Config } from '../config.js';
import { localStorage } from './local.js';
import type { Storage } from './types.js';

/**
 * The media store of this app: the bucket when S3_BUCKET is configured (shared by every
 * instance), else the folder `DATA_DIR/files`. Uploads in flight are staged in
 * `DATA_DIR/files/tmp` either way.
 */
export async function openStorage(config: Pick<Config, 'dataDir' | 's3'>): Promise<Storage> {
  const root = join(config.dataDir, 'files');
  if (!config.s3) return localStorage(root);
  // the AWS SDK adds about a second and 24 MB to a start: only installs with a bucket load it
  const { s3Storage } = await import('./s3.js');
  return s3Storage(config.s3, join(root, 'tmp'));
}
