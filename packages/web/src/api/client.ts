import {
  isSuccess,
  baseMessage as serverMessage,
  REQUEST_TIMEOUT_MS,
  RET,
  type BodyOf,
  type CallRoute,
  type ResultOf,
} from '@vitrine/contract';
import { COOKIE, getCookie } from '../state/cookies';
import { readActiveCom, readRoleItem } from '../state/storage';
import { appStore } from '../state/app';
import { removeToken } from '../state/session';
import { currentLang, i18n } from '../i18n';
import { navigateTo, toast } from './feedback';

export type FieldError = { field: string; message: string };

/** A refused call: the server's ret and msg (already in the user's language), and failing fields. */
export class ApiError extends Error {
  ret: number;
  fields?: FieldError[];
  /** True when the error catalogue (spec §8) already told the user; forms need not toast again. */
  handled: boolean;
  /** The console page that fixes the refusal (`result.fix`, the contract's FIX_PAGES). */
  fix?: string;
  constructor(msg: string, ret: number, fields?: FieldError[], handled = false, fix?: string) {
    super(msg);
    this.name = 'ApiError';
    this.ret = ret;
    this.fields = fields;
    this.handled = handled;
    this.fix = fix;
  }
}

/** ret used for HTTP/network failures that carry no ret of their own. */
export const RET_NETWORK = -1;
/** ret used for request setup errors and timeouts (alert 加载超时). */
export const RET_SETUP = -2;

/** Maps an ApiError's fields to antd Form `setFields` input. */
export function fieldErrors(err: unknown): { name: string; errors: string[] }[] {
  if (!(err instanceof ApiError) || !err.fields) return [];
  return err.fields.map((f) => ({ name: f.field, errors: [f.message] }));
}

function encodeValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/** Form encoding (spec §7): arrays and objects travel as JSON strings; undefined/null are left out. */
export function encodeBody(body: object | undefined): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body ?? {})) {
    if (value === undefined || value === null) continue;
    params.append(key, encodeValue(value));
  }
  return params;
}

/** The five headers of spec §7; only those that are set. */
export function requestHeaders(): Record<string, string> {
  // The server answers in the UI's language even before a `language` cookie exists.
  const headers: Record<string, string> = {
    appid: 'pc',
    'accept-language': currentLang() === 'en' ? 'en-US' : 'zh-CN',
  };
  const at = getCookie(COOKIE.token);
  const id = getCookie(COOKIE.userId);
  const enCode = readActiveCom().companyCode;
  const roleCode = readRoleItem().roleNode;
  if (at) headers.at = at;
  if (id) headers.id = id;
  if (enCode) headers.enCode = enCode;
  if (roleCode) headers.roleCode = roleCode;
  return headers;
}

type Envelope = { ret: number; msg?: string; result?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).ret === 'number';
}

/** Listeners for ret 10017: the layout re-fetches roles and menu ("reload role state"). */
const tenantInvalidListeners = new Set<() => void>();
export function onTenantInvalid(listener: () => void): () => void {
  tenantInvalidListeners.add(listener);
  return () => tenantInvalidListeners.delete(listener);
}

export const ROLE_FLAG_RESET_MS = 1000;

function handleUnauthenticated(msg: string): never {
  toast.warning(serverMessage('auth.invalid', currentLang()), 'auth-invalid');
  removeToken();
  navigateTo('/index', { replace: true });
  throw new ApiError(msg, RET.unauthenticated, undefined, true);
}

function handleTenantInvalid(msg: string): never {
  // While flag 3 is up a re-authentication is already running; do not stack another.
  if (appStore.get().roleFlag !== 3) {
    toast.warning(serverMessage('auth.tenant', currentLang()), 'auth-tenant');
    appStore.set({ roleFlag: 3 });
    // Only if still 3: the role re-check may have opened the chooser (flag 1) meanwhile.
    setTimeout(() => {
      if (appStore.get().roleFlag === 3) appStore.set({ roleFlag: 2 });
    }, ROLE_FLAG_RESET_MS);
    tenantInvalidListeners.forEach((l) => l());
  }
  throw new ApiError(msg, RET.tenantInvalid, undefined, true);
}

function networkError(text: string): never {
  toast.error(text, 5, 'network');
  throw new ApiError(text, RET_NETWORK, undefined, true);
}

function setupError(): never {
  const text = i18n.t('common:error.timeout');
  window.alert(text);
  throw new ApiError(text, RET_SETUP, undefined, true);
}

/** A POST's body and its query-string part (the names its call takes in the URL, e.g. search1's from/size). */
function splitQuery(def: CallRoute, body: object | undefined): [object | undefined, URLSearchParams] {
  if (!def.query || !body) return [body, new URLSearchParams()];
  const names = new Set(def.query);
  const entries = Object.entries(body);
  return [
    Object.fromEntries(entries.filter(([k]) => !names.has(k))),
    encodeBody(Object.fromEntries(entries.filter(([k]) => names.has(k)))),
  ];
}

function prepare(def: CallRoute, body: object | undefined): { url: string; init: RequestInit } {
  const headers = requestHeaders();
  if (def.method === 'GET') {
    const qs = encodeBody(body).toString();
    return { url: `/api/${def.path}${qs ? `?${qs}` : ''}`, init: { method: 'GET', headers } };
  }
  const [rest, query] = splitQuery(def, body);
  const qs = query.toString();
  const url = `/api/${def.path}${qs ? `?${qs}` : ''}`;
  if (def.encoding === 'json') {
    return {
      url,
      init: {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(rest ?? {}),
      },
    };
  }
  return { url, init: { method: 'POST', headers, body: encodeBody(rest) } };
}

/** The one way the console calls the server (spec §7, §8): a call's route (api/routes) and its body. */
export async function call<C extends CallRoute>(def: C, body?: BodyOf<C>): Promise<ResultOf<C>> {
  let request: { url: string; init: RequestInit };
  try {
    request = prepare(def, body as object | undefined);
  } catch {
    return setupError();
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(request.url, { ...request.init, signal: controller.signal });
  } catch (err) {
    clearTimeout(timer);
    if (controller.signal.aborted) return setupError();
    return networkError(err instanceof Error && err.message ? err.message : i18n.t('common:error.network'));
  }

  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  } finally {
    clearTimeout(timer);
  }

  // ret first, whatever the HTTP status.
  if (isEnvelope(data)) {
    const msg = data.msg ?? '';
    if (isSuccess(data.ret)) return data.result as ResultOf<C>;
    if (data.ret === RET.unauthenticated) return handleUnauthenticated(msg);
    if (data.ret === RET.tenantInvalid) return handleTenantInvalid(msg);
    const result = data.result as { fields?: FieldError[]; fix?: unknown } | null | undefined;
    // only a page of this console (a path, never another origin)
    const fix = typeof result?.fix === 'string' && /^\/(?!\/)/.test(result.fix) ? result.fix : undefined;
    throw new ApiError(msg || i18n.t('common:error.unknown'), data.ret, result?.fields ?? undefined, false, fix);
  }
  return networkError(
    res.ok ? i18n.t('common:error.badResponse') : i18n.t('common:error.http', { status: res.status }),
  );
}
