import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient as sharedClient } from '../../api/queryClient';
import { useLocation } from 'react-router';
import { RET, type MenuItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call, onTenantInvalid } from '../../api/client';
import { navigateTo, toast } from '../../api/feedback';
import { keys } from '../../api/keys';
import { i18n } from '../../i18n';
import { appStore } from '../../state/app';
import { isLoggedIn } from '../../state/session';
import { readActiveCom, readRoleItem } from '../../state/storage';
import { useStore } from '../../state/store';
import { applyUserInfo, revalidateRole } from '../enterprise';
import { homeQuery } from '../../pages/home/homeQuery';

const handled = (err: unknown) => err instanceof ApiError && err.handled;

/** After sign-out the layout may still be mounted for a moment: never call without a session. */
function requireSession(): void {
  if (!isLoggedIn()) throw new ApiError('', RET.unauthenticated, undefined, true);
}

async function loadInfo() {
  requireSession();
  try {
    const info = await call(api.account.info);
    applyUserInfo(info);
    return info;
  } catch (err) {
    // 65536 has already said 验证失败 and gone to /index.
    if (!(err instanceof ApiError && err.ret === RET.unauthenticated)) {
      toast.error(i18n.t('common:msg.infoFailed'), 5, 'info-failed');
      navigateTo('/index', { replace: true });
    }
    throw err;
  }
}

async function loadMenu(): Promise<MenuItem[]> {
  requireSession();
  try {
    const { menuInfo, userInfo } = await call(api.account.menu);
    appStore.set({ authList: menuInfo, mainFlag: userInfo.isMain });
    if (menuInfo.length === 0) {
      toast.warning(i18n.t('common:msg.noPermission'), 'no-permission');
      navigateTo('/', { replace: true });
    }
    return menuInfo;
  } catch (err) {
    if (!handled(err)) toast.error(i18n.t('common:msg.menuFailed'), 5, 'menu-failed');
    throw err;
  }
}

const infoQuery = () => ({ queryKey: keys.account.info(), queryFn: loadInfo });
const menuQuery = (enCode: string, roleNode: string) => ({
  queryKey: keys.account.menu(enCode, roleNode),
  queryFn: loadMenu,
});

/**
 * The console opening on `pathname` (app/preload.ts): account info, the menu and — on /home — its
 * figures, asked for as soon as this chunk is in, while antd's providers and the layout are still
 * loading and rendering (issue 25 §7). The enterprise and role of the last visit (local storage)
 * are the ones account/info restores whenever they are still valid (applyUserInfo), and every call
 * carries them: the menu and the figures go out beside account/info, not after it (a role gone
 * since is answered 10017, as the layout's own menu call would be). The layout's queries find them
 * in the cache.
 */
export async function prefetchBoot(pathname: string): Promise<void> {
  if (!isLoggedIn()) return;
  const home = pathname.startsWith('/home/home');
  const prefetch = (enCode?: string, roleNode?: string) => {
    if (!enCode || !roleNode) return;
    void sharedClient.prefetchQuery(menuQuery(enCode, roleNode));
    if (home) void sharedClient.prefetchQuery(homeQuery());
  };
  prefetch(readActiveCom().companyCode, readRoleItem().roleNode);
  try {
    await sharedClient.fetchQuery(infoQuery());
  } catch {
    return; // loadInfo has spoken; the layout shows the failure
  }
  // fresh queries are not asked again: this only asks when the stored enterprise or role was not kept
  const { activeCom, roleItem } = appStore.get();
  if (isLoggedIn()) prefetch(activeCom.companyCode, roleItem.roleNode);
}

/** Entering the layout (spec §4): account info, then the menu of the chosen enterprise and role. */
export function useConsoleBoot() {
  const app = useStore(appStore, 'activeCom', 'roleItem', 'authList', 'companyList', 'roleFlag');
  // Re-read on every render; sign-out re-renders through the app store (loginStatus).
  const loggedIn = isLoggedIn();
  const info = useQuery({ ...infoQuery(), enabled: loggedIn });
  const enCode = app.activeCom.companyCode ?? '';
  const roleNode = app.roleItem.roleNode ?? '';
  const menu = useQuery({
    ...menuQuery(enCode, roleNode),
    enabled: loggedIn && info.isSuccess && Boolean(enCode && roleNode),
  });

  useEffect(() => onTenantInvalid(() => void revalidateRole()), []);

  // Opening on /home: the dashboard's figures are asked for alongside the menu, not after it and the
  // page's chunk (once, at the first moment the enterprise and role are known).
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const prefetched = useRef(false);
  useEffect(() => {
    if (prefetched.current || !info.isSuccess || !enCode || !roleNode) return;
    prefetched.current = true;
    if (pathname.startsWith('/home/home')) void queryClient.prefetchQuery(homeQuery());
  }, [info.isSuccess, enCode, roleNode, pathname, queryClient]);

  return { app, info, menu };
}
