import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineCall, REQUEST_TIMEOUT_MS, routeOf } from '@vitrine/contract';
import type { CallRoute } from '@vitrine/contract';
import { api } from './routes';
import { z } from 'zod';
import { appStore } from '../state/app';
import { getCookie, setCookie } from '../state/cookies';
import { ApiError, call, encodeBody, fieldErrors, onTenantInvalid, RET_NETWORK } from './client';
import { setFeedback, setNavigator, type Feedback } from './feedback';

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let toasts: { kind: string; text: string; seconds?: number }[];
let navigations: string[];
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  toasts = [];
  navigations = [];
  const fb: Feedback = {
    info: (text) => toasts.push({ kind: 'info', text }),
    success: (text) => toasts.push({ kind: 'success', text }),
    warning: (text) => toasts.push({ kind: 'warning', text }),
    error: (text, seconds) => toasts.push({ kind: 'error', text, seconds }),
  };
  setFeedback(fb);
  setNavigator((to) => navigations.push(to));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
  appStore.reset();
  setCookie('access_token', 'tok');
  setCookie('user_id', '42');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setFeedback(null);
  setNavigator(null);
});

const lastInit = () => fetchMock.mock.calls.at(-1) as [string, RequestInit];

describe('api client (spec §7)', () => {
  it('posts form-encoded to /api/<path> with the headers that are set', async () => {
    localStorage.setItem('activeCom', JSON.stringify({ companyCode: 'VT0001' }));
    localStorage.setItem('roleItem', JSON.stringify({ roleNode: 'n-3' }));
    fetchMock.mockResolvedValue(reply({ ret: 0, msg: 'ok', result: { list: [] } }));
    const result = await call(api.account.roles, { enCode: 'VT0001' });
    expect(result).toEqual({ list: [] });
    const [url, init] = lastInit();
    expect(url).toBe('/api/account/roles');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      appid: 'pc',
      'accept-language': 'zh-CN',
      at: 'tok',
      id: '42',
      enCode: 'VT0001',
      roleCode: 'n-3',
    });
    expect(String(init.body)).toBe('enCode=VT0001');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('omits headers that are not set and accepts ret 1 as success', async () => {
    document.cookie = 'access_token=; path=/; max-age=0';
    fetchMock.mockResolvedValue(reply({ ret: 1, msg: '', result: { exists: true } }));
    await expect(call(api.account.exists, { un: '13800000000' })).resolves.toEqual({ exists: true });
    expect(lastInit()[1].headers).toEqual({ appid: 'pc', 'accept-language': 'zh-CN', id: '42' });
  });

  it('uses GET with a query string for GET calls', async () => {
    const getCall = defineCall({
      path: 'x/logs',
      method: 'GET',
      auth: 'tenant',
      summary: 't',
      body: z.object({ id: z.number() }),
      result: z.object({}),
    });
    fetchMock.mockResolvedValue(reply({ ret: 0, msg: '', result: {} }));
    await call(routeOf(getCall) as CallRoute<typeof getCall>, { id: 5 });
    expect(lastInit()[0]).toBe('/api/x/logs?id=5');
    expect(lastInit()[1].method).toBe('GET');
  });

  it('sends a JSON call as JSON, with its query-string names in the URL (search/search1)', async () => {
    fetchMock.mockResolvedValue(reply({ ret: 0, msg: '', result: { groups: [], from: 10, size: 5 } }));
    await call(api.search.search1, { keyword: '南山', kinds: ['shop'], from: 10, size: 5 });
    const [url, init] = lastInit();
    expect(url).toBe('/api/search/search1?from=10&size=5');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init.body as string)).toEqual({ keyword: '南山', kinds: ['shop'] });
  });

  it('JSON-stringifies arrays and objects and drops undefined', () => {
    expect(encodeBody({ ids: [1, 2], range: { p: ['11'] }, a: undefined, n: 3 }).toString()).toBe(
      'ids=%5B1%2C2%5D&range=%7B%22p%22%3A%5B%2211%22%5D%7D&n=3',
    );
  });
});

describe('error catalogue (spec §8)', () => {
  it('65536: warns 验证失败, removes the token, goes to /index — even with HTTP 401', async () => {
    fetchMock.mockResolvedValue(reply({ ret: 65536, msg: '验证失败', result: null }, 401));
    const err = await call(api.account.info).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).ret).toBe(65536);
    expect(toasts).toEqual([{ kind: 'warning', text: '验证失败' }]);
    expect(getCookie('access_token')).toBeUndefined();
    expect(getCookie('user_id')).toBe('42');
    expect(navigations).toEqual(['/index']);
  });

  it('10017: warns 鉴权失败，页面刷新, role flag 3 then 2 after 1 s, reloads role state', async () => {
    vi.useFakeTimers();
    const reloads = vi.fn();
    const off = onTenantInvalid(reloads);
    appStore.set({ roleFlag: 2 });
    fetchMock.mockResolvedValue(reply({ ret: 10017, msg: 'x', result: null }, 403));
    await expect(call(api.account.menu)).rejects.toMatchObject({ ret: 10017, handled: true });
    expect(toasts).toEqual([{ kind: 'warning', text: '鉴权失败，页面刷新' }]);
    expect(appStore.get().roleFlag).toBe(3);
    expect(reloads).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(appStore.get().roleFlag).toBe(3);
    vi.advanceTimersByTime(1);
    expect(appStore.get().roleFlag).toBe(2);
    off();
  });

  it('other rets throw ApiError with the server msg and fields for forms', async () => {
    fetchMock.mockResolvedValue(
      reply({ ret: 40001, msg: '参数校验失败', result: { fields: [{ field: 'un', message: '手机格式不正确' }] } }, 400),
    );
    const err = await call(api.account.login, { un: '1', pw: 'x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe('参数校验失败');
    expect((err as ApiError).handled).toBe(false);
    expect(fieldErrors(err)).toEqual([{ name: 'un', errors: ['手机格式不正确'] }]);
    expect(fieldErrors(new Error('x'))).toEqual([]);
    expect(toasts).toEqual([]);
  });

  it('HTTP error without a ret: error toast for 5 seconds', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(call(api.account.info)).rejects.toMatchObject({ ret: RET_NETWORK });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ kind: 'error', seconds: 5 });
    expect(toasts[0].text).toContain('502');
  });

  it('network error: error toast with the message for 5 seconds', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(call(api.account.info)).rejects.toMatchObject({ ret: RET_NETWORK });
    expect(toasts).toEqual([{ kind: 'error', text: 'Failed to fetch', seconds: 5 }]);
  });

  it('request setup error and timeout: alert 加载超时', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(call(api.account.names, { ids: circular as never })).rejects.toBeInstanceOf(ApiError);
    expect(alert).toHaveBeenCalledWith('加载超时');
    expect(fetchMock).not.toHaveBeenCalled();

    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = call(api.account.info).catch((e: unknown) => e);
    vi.advanceTimersByTime(REQUEST_TIMEOUT_MS);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(alert).toHaveBeenCalledTimes(2);
  });
});
