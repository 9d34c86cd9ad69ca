import { DEVICE_API_PREFIX, MAX_PAGE_SIZE } from '@vitrine/contract';

// The simulator speaks to the server only over HTTP, like a screen and a person at the console do:
// nothing it makes appears without passing through the real API.

type Envelope<T> = { ret: number; msg: string; result: T };

export class ApiError extends Error {
  constructor(
    readonly path: string,
    readonly ret: number,
    msg: string,
  ) {
    super(`${path}: ret ${ret} ${msg}`);
  }
}

async function send<T>(url: string, init: RequestInit): Promise<{ status: number; body: Envelope<T> }> {
  const res = await fetch(url, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Envelope<T> };
}

/** A person at the console: logs in with a phone and password and acts in one enterprise. */
export class ConsoleClient {
  private headers: Record<string, string> = {};
  constructor(private base: string) {}

  async login(phone: string, password: string, enterpriseTitle?: string): Promise<void> {
    const login = await this.post<{ token: string; userId: number }>('account/login', { un: phone, pw: password }, {});
    const user = { at: login.token, id: String(login.userId) };
    const info = await this.post<{ companyList: { companyCode: string; title: string; status: number }[] }>(
      'account/info',
      {},
      user,
    );
    const company =
      info.companyList.find((c) => !enterpriseTitle || c.title === enterpriseTitle) ?? info.companyList[0];
    if (!company) throw new Error(`${phone} belongs to no enterprise`);
    const roles = await this.post<{ list: { roleNode: string; role: number }[] }>(
      'account/roles',
      { enCode: company.companyCode },
      user,
    );
    const role = [...roles.list].sort((a, b) => b.role - a.role)[0];
    this.headers = { ...user, enCode: company.companyCode, roleCode: role.roleNode };
  }

  async post<T>(path: string, body: object, headers = this.headers): Promise<T> {
    const { body: env } = await send<T>(`${this.base}/api/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', appid: 'pc', ...headers },
      body: JSON.stringify(body),
    });
    if (env.ret !== 0) throw new ApiError(path, env.ret, env.msg);
    return env.result;
  }

  /** Every page of a list call. */
  async all<T>(path: string, body: object = {}): Promise<T[]> {
    const out: T[] = [];
    for (let pageNum = 1; ; pageNum++) {
      const page = await this.post<{ list: T[]; total: number }>(path, { ...body, pageNum, pageSize: MAX_PAGE_SIZE });
      out.push(...page.list);
      if (page.list.length === 0 || out.length >= page.total) return out;
    }
  }
}

/** A screen: its token after activation, and the device API calls. */
export class DeviceClient {
  token = '';
  constructor(private base: string) {}

  async call<T>(path: string, body: object = {}): Promise<T> {
    const { body: env } = await send<T>(`${this.base}${DEVICE_API_PREFIX}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(this.token ? { dt: this.token } : {}) },
      body: JSON.stringify(body),
    });
    if (env.ret !== 0) throw new ApiError(path, env.ret, env.msg);
    return env.result;
  }

  /** GET playlist with the ETag held: null when unchanged (304). */
  async playlist<T>(etag?: string): Promise<T | null> {
    const res = await fetch(`${this.base}${DEVICE_API_PREFIX}/playlist`, {
      headers: { dt: this.token, ...(etag ? { 'if-none-match': etag } : {}) },
    });
    if (res.status === 304) return null;
    const env = (await res.json()) as Envelope<T>;
    if (env.ret !== 0) throw new ApiError('playlist', env.ret, env.msg);
    return env.result;
  }

  /** Multipart screenshot upload for a screenshot command; the stored file's id. */
  async screenshot(commandId: number, png: Buffer): Promise<number> {
    const form = new FormData();
    form.set('commandId', String(commandId));
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'screen.png');
    const { body: env } = await send<{ fileId: number }>(`${this.base}${DEVICE_API_PREFIX}/screenshot`, {
      method: 'POST',
      headers: { dt: this.token },
      body: form,
    });
    if (env.ret !== 0) throw new ApiError('screenshot', env.ret, env.msg);
    return env.result.fileId;
  }
}
