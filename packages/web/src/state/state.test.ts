import { beforeEach, describe, expect, it } from 'vitest';
import { adStore, initialAdState, setImgSrc } from './ad';
import { appStore, initialAppState } from './app';
import { dialogStore, initialDialogState } from './dialog';
import { initialMenuState, menuStore } from './menu';

describe('client-state groups (spec §3)', () => {
  beforeEach(() => {
    appStore.reset();
    adStore.reset();
  });

  it('app group starts with the exact initial values', () => {
    expect(initialAppState()).toEqual({
      loading: false,
      loginStatus: false,
      companyList: [],
      activeCom: {},
      userName: '',
      nickName: '',
      userInfo: {},
      authList: [],
      activeMenu: {},
      idObj: {},
      selectedCompany: {},
      roleFlag: 0,
      roleItem: {},
      mainFlag: 0,
      deptObj: {},
    });
    expect(appStore.get()).toEqual(initialAppState());
  });

  it('menu, dialog and ad groups start empty', () => {
    expect(initialMenuState()).toEqual({ currentNode: '', nodePermissions: [] });
    expect(menuStore.get()).toEqual(initialMenuState());
    expect(initialDialogState()).toEqual({ treeItem: '' });
    expect(dialogStore.get()).toEqual({ treeItem: '' });
    expect(initialAdState()).toEqual({ imgSrc: {} });
  });

  it('an image source key is set once and never overwritten', () => {
    setImgSrc('banner', 'a.png');
    setImgSrc('banner', 'b.png');
    setImgSrc('logo', '');
    setImgSrc('logo', 'c.png');
    expect(adStore.get().imgSrc).toEqual({ banner: 'a.png', logo: '' });
  });

  it('notifies subscribers and replaces the snapshot on set', () => {
    const before = appStore.get();
    let calls = 0;
    const off = appStore.subscribe(() => {
      calls += 1;
    });
    appStore.set({ roleFlag: 2 });
    off();
    appStore.set({ roleFlag: 4 });
    expect(calls).toBe(1);
    expect(appStore.get()).not.toBe(before);
    expect(before.roleFlag).toBe(0);
  });
});
