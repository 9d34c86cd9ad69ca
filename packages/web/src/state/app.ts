import type { Company, MenuItem, RoleEntry, UserInfo } from '@vitrine/contract';
import { createStore } from './store';

/**
 * Role flag (spec §4): 0 initial; 1 or 4 role chooser shown (4 = opened from "switch roles");
 * 2 main layout; 3 transient re-authentication after ret 10017, back to 2 after 1 s.
 */
export type RoleFlag = 0 | 1 | 2 | 3 | 4;

export type AppState = {
  loading: boolean;
  loginStatus: boolean;
  companyList: Company[];
  activeCom: Partial<Company>;
  userName: string;
  nickName: string;
  userInfo: Partial<UserInfo>;
  /** The server's permission menu (account/menu result.menuInfo). */
  authList: MenuItem[];
  activeMenu: Partial<MenuItem>;
  idObj: Record<string, string | number>;
  /** The enterprise being chosen in the role chooser (before it becomes activeCom). */
  selectedCompany: Partial<Company>;
  roleFlag: RoleFlag;
  roleItem: Partial<RoleEntry>;
  /** isMain of the user in the active enterprise (1 = main admin). */
  mainFlag: number;
  deptObj: Record<string, string | number>;
};

/** Spec §3 "Client-side state", app group, exact initial values. */
export const initialAppState = (): AppState => ({
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

export const appStore = createStore(initialAppState);

export function setRoleFlag(roleFlag: RoleFlag): void {
  appStore.set({ roleFlag });
}
