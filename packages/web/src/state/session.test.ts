import { beforeEach, describe, expect, it } from 'vitest';
import { appStore } from './app';
import { getCookie, setCookie } from './cookies';
import { isLoggedIn, logout, saveLogin } from './session';
import { STORAGE } from './storage';

function clearCookies() {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
}

describe('session (spec §3, §4)', () => {
  beforeEach(() => {
    clearCookies();
    localStorage.clear();
    appStore.reset();
  });

  it('saveLogin writes the four cookies and logs in', () => {
    expect(isLoggedIn()).toBe(false);
    saveLogin({ token: 'tok', userId: 7, userName: '13800000000', nickName: '小王' });
    expect(getCookie('access_token')).toBe('tok');
    expect(getCookie('user_id')).toBe('7');
    expect(getCookie('userName')).toBe('13800000000');
    expect(getCookie('nickName')).toBe('小王');
    expect(isLoggedIn()).toBe(true);
  });

  it('needs both the user id and the access token', () => {
    setCookie('access_token', 'tok');
    expect(isLoggedIn()).toBe(false);
    setCookie('user_id', '1');
    expect(isLoggedIn()).toBe(true);
  });

  it('logout clears exactly what spec §4 lists', () => {
    saveLogin({ token: 'tok', userId: 7, userName: '13800000000', nickName: 'n' });
    localStorage.setItem(STORAGE.companyList, '[{"companyCode":"A"}]');
    localStorage.setItem(STORAGE.activeCom, '{"companyCode":"A"}');
    localStorage.setItem(STORAGE.roleItem, '{"roleNode":"r"}');
    appStore.set({ loginStatus: true, nickName: 'n', activeCom: { companyCode: 'A' }, roleFlag: 2 });

    logout();

    expect(localStorage.getItem(STORAGE.companyList)).toBeNull();
    expect(localStorage.getItem(STORAGE.activeCom)).toBeNull();
    expect(localStorage.getItem(STORAGE.roleItem)).toBe('{"roleNode":"r"}');
    expect(getCookie('access_token')).toBeUndefined();
    expect(getCookie('user_id')).toBeUndefined();
    expect(getCookie('nickName')).toBeUndefined();
    expect(getCookie('userName')).toBe('13800000000');
    const s = appStore.get();
    expect([s.loginStatus, s.nickName, s.activeCom, s.companyList]).toEqual([false, '', {}, []]);
    expect(isLoggedIn()).toBe(false);
  });
});
