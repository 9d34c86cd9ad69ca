import { appStore } from './app';
import { COOKIE, getCookie, removeCookie, setCookie } from './cookies';
import { removeStored } from './storage';

export type LoginResult = { token: string; userId: number | string; userName: string; nickName: string };

// The server decides how long a token lives (idle and absolute expiry; ret 65536 when it is gone).
const LOGIN_COOKIE_DAYS = 30;

export function saveLogin(r: LoginResult): void {
  setCookie(COOKIE.token, r.token, LOGIN_COOKIE_DAYS);
  setCookie(COOKIE.userId, String(r.userId), LOGIN_COOKIE_DAYS);
  setCookie(COOKIE.userName, r.userName, LOGIN_COOKIE_DAYS);
  setCookie(COOKIE.nickName, r.nickName, LOGIN_COOKIE_DAYS);
  appStore.set({ loginStatus: true, userName: r.userName, nickName: r.nickName });
}

/** Route guard (spec §2): both the user id and the access token cookies. */
export function isLoggedIn(): boolean {
  return Boolean(getCookie(COOKIE.userId) && getCookie(COOKIE.token));
}

/** Removes the token only (ret 65536, spec §8). */
export function removeToken(): void {
  removeCookie(COOKIE.token);
}

/**
 * Spec §4 "Logout clears the stored company list, nickname, login status, active company, and the
 * nickname, access token and user id values" — exactly that; roleItem and userName stay.
 */
export function logout(): void {
  removeStored('companyList');
  removeStored('activeCom');
  appStore.set({ companyList: [], nickName: '', loginStatus: false, activeCom: {} });
  removeCookie(COOKIE.nickName);
  removeCookie(COOKIE.token);
  removeCookie(COOKIE.userId);
}
