import { fileUpload, RET, type FileRecord, type UploadKind } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import type { UploadSteps } from './uploadOnce';
import { xhrUpload } from './xhr';

/** file/info answers 40004 when these bytes were never uploaded to this enterprise. */
async function info(hash: string): Promise<FileRecord | null> {
  try {
    return await call(api.file.info, { hash });
  } catch (err) {
    if (err instanceof ApiError && err.ret === RET.notFound) return null;
    throw err;
  }
}

/** file/signature (a short-lived permit), then file/upload: multipart, the permit in a header. */
async function upload(kind: UploadKind, file: File, onProgress: (percent: number) => void): Promise<FileRecord> {
  const { permit } = await call(api.file.signature, { kind, name: file.name.slice(0, 200), size: file.size });
  const form = new FormData();
  form.append('permit', permit);
  form.append('file', file, file.name);
  return (await xhrUpload({ url: `/api/${fileUpload.path}`, form, headers: { permit }, onProgress })) as FileRecord;
}

/** Binds uploadOnce to the contract's file calls for one kind of upload. */
export function stepsFor(kind: UploadKind): UploadSteps<FileRecord> {
  return { info, upload: (file, _hash, onProgress) => upload(kind, file, onProgress) };
}
