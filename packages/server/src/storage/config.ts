/** An S3-compatible bucket (AWS S3, MinIO, Aliyun OSS, Tencent COS … through their S3 APIs). */
export type S3Config = {
  /** the service's address; absent for AWS itself (the SDK derives it from the region) */
  endpoint?: string;
  bucket: string;
  region: string;
  /** absent: the SDK's own credential chain (AWS_* variables, a profile, an instance role) */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>` (MinIO and most local servers) */
  forcePathStyle: boolean;
};

const NAMES = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;

/**
 * The bucket when S3_BUCKET is set; undefined for the local folder. Half a configuration is an
 * error, not the local folder: instances that silently kept media on their own disks would each
 * miss the others' uploads.
 */
export function s3FromEnv(env: NodeJS.ProcessEnv): S3Config | undefined {
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) {
    const set = NAMES.filter((n) => env[n]);
    if (set.length)
      throw new Error(
        `${set.join(', ')} set without S3_BUCKET: set S3_BUCKET to store media in a bucket, or unset them`,
      );
    return undefined;
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!accessKeyId !== !secretAccessKey)
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together or not at all');
  return {
    bucket,
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    region: env.S3_REGION?.trim() || 'us-east-1',
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: ['1', 'true'].includes(env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() ?? ''),
  };
}
