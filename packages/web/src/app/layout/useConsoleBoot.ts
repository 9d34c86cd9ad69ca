import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RET, type MenuItem } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call, onTenantInvalid } from '../../api/client';
import { navigateTo, toast } from '../../api/feedback';
import { keys } from '../../api/keys';
import { i18n } from '../../i18n';
import { appStore } from '../../state/app';
import { isLoggedIn } from '../../state/session';
import { useStore } from '../../state/store';
import { applyUserInfo, revalidateRole } from '../enterprise';

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

/** Entering the layout (spec §4): account info, then the menu of the chosen enterprise and role. */
export function useConsoleBoot() {
  const app = useStore(appStore);
  // Re-read on every render; sign-out re-renders through the app store (loginStatus).
  const loggedIn = isLoggedIn();
  const info = useQuery({ queryKey: keys.account.info(), queryFn: loadInfo, enabled: loggedIn });
  const enCode = app.activeCom.companyCode ?? '';
  const roleNode = app.roleItem.roleNode ?? '';
  const menu = useQuery({
    queryKey: keys.account.menu(enCode, roleNode),
    queryFn: loadMenu,
    enabled: loggedIn && info.isSuccess && Boolean(enCode && roleNode),
  });

  useEffect(() => onTenantInvalid(() => void revalidateRole()), []);

  return { app, info, menu };
}
