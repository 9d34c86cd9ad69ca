import { sha256Hex } from './sha256';

/** The server side of an upload, bound to the contract's file calls in transport.ts. */
export type UploadSteps<F> = {
  /** file/info by hash: the stored file when these bytes were uploaded before, else null. */
  info: (hash: string) => Promise<F | null>;
  /** file/signature then file/upload (multipart, with the permit), reporting progress. */
  upload: (file: File, hash: string, onProgress: (percent: number) => void) => Promise<F>;
};

export type UploadOutcome<F> = { file: F; hash: string; reused: boolean };

/** Hash first; the same bytes are never sent twice (file/info answers with the stored file). */
export async function uploadOnce<F>(
  file: File,
  steps: UploadSteps<F>,
  onProgress: (percent: number) => void,
): Promise<UploadOutcome<F>> {
  onProgress(0);
  const hash = await sha256Hex(file);
  const existing = await steps.info(hash);
  if (existing) {
    onProgress(100);
    return { file: existing, hash, reused: true };
  }
  const stored = await steps.upload(file, hash, onProgress);
  return { file: stored, hash, reused: false };
}
