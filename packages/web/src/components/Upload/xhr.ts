import { isSuccess, RET } from '@vitrine/contract';
import { ApiError, requestHeaders } from '../../api/client';
import { i18n } from '../../i18n';

type Envelope = { ret: number; msg?: string; result?: unknown };

export type XhrUpload = {
  url: string;
  form: FormData;
  /** Extra headers besides the five of spec §7 (the upload permit). */
  headers?: Record<string, string>;
  onProgress: (percent: number) => void;
  signal?: AbortSignal;
};

/** Percentage from an upload progress event; 0 when the total is unknown. */
export function percentOf(loaded: number, total: number): number {
  if (!total) return 0;
  return Math.min(100, Math.round((loaded / total) * 100));
}

/**
 * POSTs multipart form data with XMLHttpRequest (fetch cannot report upload progress) and returns
 * the envelope's result. Refusals become ApiError like every other call.
 */
export function xhrUpload({ url, form, headers, onProgress, signal }: XhrUpload): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    for (const [name, value] of Object.entries({ ...requestHeaders(), ...headers })) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (e) => onProgress(percentOf(e.loaded, e.total));
    xhr.onerror = () => reject(new ApiError(i18n.t('common:error.network'), -1));
    xhr.onabort = () => reject(new ApiError(i18n.t('upload:aborted'), -1));
    xhr.onload = () => {
      let data: Envelope | undefined;
      try {
        data = JSON.parse(xhr.responseText) as Envelope;
      } catch {
        data = undefined;
      }
      if (!data || typeof data.ret !== 'number') {
        reject(new ApiError(i18n.t('common:error.http', { status: xhr.status }), -1));
        return;
      }
      if (isSuccess(data.ret)) {
        onProgress(100);
        resolve(data.result);
        return;
      }
      const fields = (data.result as { fields?: { field: string; message: string }[] } | null | undefined)?.fields;
      reject(
        new ApiError(data.msg || i18n.t('common:error.unknown'), data.ret, fields, data.ret === RET.unauthenticated),
      );
    };
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(form);
  });
}
