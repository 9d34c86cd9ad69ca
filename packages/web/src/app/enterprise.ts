import {
  ENTERPRISE_STATUS,
  baseMessage as serverMessage,
  type Company,
  type RoleEntry,
  type UserInfo,
} from '@vitrine/contract';
import { api } from '../api/routes';
import { ApiError, call } from '../api/client';
import { navigateTo, reloadApp, toast } from '../api/feedback';
import { keys } from '../api/keys';
import { queryClient } from '../api/queryClient';
import { currentLang, i18n } from '../i18n';
import { appStore } from '../state/app';
import { COOKIE, getCookie } from '../state/cookies';
import { readActiveCom, readRoleItem, writeStored } from '../state/storage';

// Choosing an enterprise and a role (spec §4), outside React so the header, the chooser and the
// boot sequence share one implementation.

export const HOME_AFTER_CHOICE = '/home';

export function fetchRoles(enCode: string): Promise<RoleEntry[]> {
  return queryClient.fetchQuery({
    queryKey: keys.account.roles(enCode),
    queryFn: async () => (await call(api.account.roles, { enCode })).list,
  });
}

function reportUnhandled(err: unknown): void {
  if (err instanceof ApiError && err.handled) return;
  toast.error(err instanceof Error ? err.message : String(err), 5);
}

/** Saves the choice (local storage activeCom, roleItem) and reloads the app on /home. */
/** How long 用户只有一个身份，直接跳转 stays on screen before the reload. */
export const SINGLE_ROLE_PAUSE_MS = 1000;

export function commitChoice(company: Partial<Company>, role: RoleEntry): void {
  writeStored('activeCom', company);
  writeStored('roleItem', role);
  appStore.set({ activeCom: company, roleItem: role, selectedCompany: {} });
  reloadApp(HOME_AFTER_CHOICE);
}

/** Refuses an enterprise that cannot be entered; true when it may be entered. */
function canEnter(company: Partial<Company>): boolean {
  if (company.status === ENTERPRISE_STATUS.review) {
    toast.warning(i18n.t('common:msg.enterpriseReview'), 'enterprise-review');
    return false;
  }
  if (company.status === ENTERPRISE_STATUS.rejected) {
    toast.warning(serverMessage('enterprise.rejected', currentLang()), 'enterprise-rejected');
    return false;
  }
  return true;
}

export async function chooseEnterprise(company: Company): Promise<void> {
  if (!canEnter(company)) return;
  const { activeCom, roleFlag } = appStore.get();
  if (company.companyCode === activeCom.companyCode && roleFlag !== 1 && roleFlag !== 4) return;
  appStore.set({ selectedCompany: company, roleFlag: 1 });
  let roles: RoleEntry[];
  try {
    roles = await fetchRoles(company.companyCode);
  } catch (err) {
    reportUnhandled(err);
    return;
  }
  if (roles.length === 0) {
    toast.warning(i18n.t('common:msg.noRoles'), 'no-roles');
    closeChooser();
    navigateTo('/index');
    return;
  }
  if (roles.length === 1) {
    toast.info(i18n.t('common:msg.singleRole'), 'single-role');
    // Let the person read the message before the app reloads into the enterprise.
    await new Promise((resolve) => setTimeout(resolve, SINGLE_ROLE_PAUSE_MS));
    commitChoice(company, roles[0]);
  }
  // Several roles: the role chooser (flag 1) lists them.
}

/** "Switch roles" in the user menu: the chooser for the active enterprise (flag 4). */
export function openSwitchRole(): void {
  const { activeCom } = appStore.get();
  appStore.set({ selectedCompany: activeCom, roleFlag: 4 });
}

/** Opens the chooser on its enterprise list (flag 1). */
export function openEnterpriseChooser(): void {
  appStore.set({ selectedCompany: {}, roleFlag: 1 });
}

export function closeChooser(): void {
  const { activeCom } = appStore.get();
  appStore.set({ selectedCompany: {}, roleFlag: activeCom.companyCode ? 2 : 0 });
}

export type BootOutcome = 'ready' | 'noEnterprise' | 'chooseEnterprise';

/**
 * On entering the layout (spec §4): keep the company list, restore the active enterprise and role
 * from local storage when still valid; otherwise enter the one approved enterprise there is (issue 8
 * §4), or open the chooser with 请选择企业 when there are several (or none).
 */
export function applyUserInfo(info: UserInfo): BootOutcome {
  const list = info.companyList;
  writeStored('companyList', list);
  const stored = readActiveCom();
  const fresh = list.find((c) => c.companyCode === stored.companyCode);
  const roleItem = readRoleItem();
  appStore.set({
    loginStatus: true,
    companyList: list,
    userInfo: info,
    userName: info.userName || getCookie(COOKIE.userName) || '',
    nickName: info.nickname || getCookie(COOKIE.nickName) || '',
  });
  if (list.length === 0) {
    appStore.set({ activeCom: {}, roleFlag: 0 });
    return 'noEnterprise';
  }
  // Only one enterprise can be entered: go in (its one role at once, several: the chooser lists them).
  const approved = list.filter((c) => c.status === ENTERPRISE_STATUS.approved);
  const only = approved.length === 1 ? approved[0] : null;
  if (!fresh || fresh.status !== ENTERPRISE_STATUS.approved) {
    appStore.set({ activeCom: {}, roleItem: {}, selectedCompany: {}, roleFlag: 1 });
    if (only) void chooseEnterprise(only);
    else toast.info(i18n.t('common:msg.chooseEnterprise'), 'choose-enterprise');
    return 'chooseEnterprise';
  }
  writeStored('activeCom', fresh);
  if (!roleItem.roleNode) {
    appStore.set({ activeCom: fresh, roleItem: {}, selectedCompany: fresh, roleFlag: 1 });
    if (only) void chooseEnterprise(fresh);
    return 'chooseEnterprise';
  }
  appStore.set({ activeCom: fresh, roleItem, mainFlag: fresh.isMain, roleFlag: appStore.get().roleFlag === 3 ? 3 : 2 });
  return 'ready';
}

/** After ret 10017: re-read the user's enterprises and roles; a role that is gone reopens the chooser. */
export async function revalidateRole(): Promise<void> {
  try {
    const info = await queryClient.fetchQuery({
      queryKey: keys.account.info(),
      queryFn: () => call(api.account.info),
      staleTime: 0,
    });
    if (applyUserInfo(info) !== 'ready') return;
    const { activeCom, roleItem } = appStore.get();
    const roles = await queryClient.fetchQuery({
      queryKey: keys.account.roles(activeCom.companyCode ?? ''),
      queryFn: async () => (await call(api.account.roles, { enCode: activeCom.companyCode ?? '' })).list,
      staleTime: 0,
    });
    if (!roles.some((r) => r.roleNode === roleItem.roleNode)) {
      appStore.set({ roleItem: {}, selectedCompany: activeCom, roleFlag: 1 });
      return;
    }
    await queryClient.invalidateQueries({ queryKey: keys.account.allMenus });
  } catch (err) {
    reportUnhandled(err);
  }
}
