import type { Playlist } from '@vitrine/contract';

// The device API (API.md) as the player calls it: JSON bodies, the token in `dt`, the envelope.

export type Envelope<T> = { ret: number; msg: string; result: T };
export class DeviceApiError extends Error {
  constructor(
    readonly ret: number,
    message: string,
  ) {
    super(message);
  }
}

const BASE = '/device-api';

async function send<T>(path: string, token: string | null, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${BASE}/${path}`, {
    ...init,
    headers: {
      ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { dt: token } : {}),
      ...init.headers,
    },
  });
  const body = (await res.json()) as Envelope<T>;
  if (body.ret !== 0 && body.ret !== 1) throw new DeviceApiError(body.ret, body.msg);
  return body.result;
}

export const post = <T>(path: string, token: string | null, body: unknown) =>
  send<T>(path, token, { method: 'POST', body: JSON.stringify(body) });

/** The playlist, or null when the ETag held is still current (304). */
export async function playlist(token: string, etag: string | null): Promise<Playlist | null> {
  const res = await fetch(`${BASE}/playlist`, {
    headers: { dt: token, ...(etag ? { 'if-none-match': `"${etag}"` } : {}) },
  });
  if (res.status === 304) return null;
  const body = (await res.json()) as Envelope<Playlist>;
  if (body.ret !== 0) throw new DeviceApiError(body.ret, body.msg);
  return body.result;
}

export async function screenshot(token: string, commandId: number, image: Blob): Promise<number> {
  const form = new FormData();
  form.append('commandId', String(commandId));
  form.append('file', image, 'screen.jpg');
  return (await send<{ fileId: number }>('screenshot', token, { method: 'POST', body: form })).fileId;
}

/** The bytes of a playlist file. */
export async function file(token: string, sha256: string): Promise<Response> {
  const res = await fetch(`${BASE}/file?sha256=${sha256}`, { headers: { dt: token } });
  if (!res.ok) throw new DeviceApiError(res.status, `file ${sha256.slice(0, 8)}: HTTP ${res.status}`);
  return res;
}
