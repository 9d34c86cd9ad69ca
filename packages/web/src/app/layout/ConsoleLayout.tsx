import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Button } from 'antd';
import {
  ApartmentOutlined,
  DisconnectOutlined,
  LockOutlined,
  PlusOutlined,
  UsergroupAddOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { decodeWeight } from '@vitrine/contract';
import { queryClient } from '../../api/queryClient';
import { EmptyState } from '../../components/EmptyState';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { menuStore } from '../../state/menu';
import { PageSpin } from '../PageSpin';
import { openEnterpriseChooser } from '../enterprise';
import { CREATE_ENTERPRISE_PATH, JOIN_ENTERPRISE_PATH } from './EnterpriseSwitcher';
import { Header } from './Header';
import { MainArea } from './MainArea';
import { nodeForLocation, pageDenied, sideItems } from './menuTree';
import { SideMenu } from './SideMenu';
import { useConsoleBoot } from './useConsoleBoot';

export { prefetchBoot } from './useConsoleBoot';
import './layout.css';

// The role chooser (antd Modal, Spin) is fetched the first time it opens, not with every console page.
const RoleChooser = lazy(() => import('./RoleChooser').then((m) => ({ default: m.RoleChooser })));

/** Mounts the role chooser once role flag 1 or 4 opens it, and keeps it for its closing animation. */
function RoleChooserWhenOpen() {
  const { roleFlag } = useStore(appStore, 'roleFlag');
  const [wanted, setWanted] = useState(false);
  if (!wanted && (roleFlag === 1 || roleFlag === 4)) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <RoleChooser />
    </Suspense>
  ) : null;
}

/**
 * The logged-in layout with the query cache: react-query comes with the console, not with the
 * public pages, which make their calls without it (decisions/0101).
 */
export function ConsoleLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <ConsoleFrame />
    </QueryClientProvider>
  );
}

/** Header, side menu, main area and the role chooser (spec §2). */
function ConsoleFrame() {
  const { t } = useTranslation(['layout', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { app, info, menu } = useConsoleBoot();
  const menuReady = menu.isSuccess && app.authList.length > 0;

  // The menu group follows the location: current node and its decoded operation bits.
  useEffect(() => {
    const node = nodeForLocation(app.authList, pathname);
    menuStore.set({ currentNode: node?.path ?? '', nodePermissions: node ? decodeWeight(node.weight) : [] });
    appStore.set({ activeMenu: node ?? {} });
  }, [app.authList, pathname]);

  const enterpriseActions = (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(CREATE_ENTERPRISE_PATH)}>
        {t('enterprise.create')}
      </Button>
      <Button icon={<UsergroupAddOutlined />} onClick={() => void navigate(JOIN_ENTERPRISE_PATH)}>
        {t('enterprise.join')}
      </Button>
    </>
  );

  let content;
  if (info.isPending) content = <PageSpin />;
  else if (info.isError) content = <EmptyState icon={<DisconnectOutlined />} title={t('boot.infoFailed')} />;
  else if (app.companyList.length === 0)
    content = (
      <EmptyState
        testId="no-enterprise"
        icon={<ApartmentOutlined />}
        title={t('boot.noEnterpriseTitle')}
        description={t('boot.noEnterpriseText')}
        actions={enterpriseActions}
      />
    );
  else if (!app.activeCom.companyCode || !app.roleItem.roleNode)
    content = (
      <EmptyState
        testId="choose-enterprise"
        icon={<ApartmentOutlined />}
        title={t('boot.chooseTitle')}
        description={t('boot.chooseText')}
        actions={
          <>
            <Button type="primary" onClick={openEnterpriseChooser}>
              {t('boot.chooseButton')}
            </Button>
            {enterpriseActions}
          </>
        }
      />
    );
  else if (menu.isError)
    content = (
      <EmptyState
        icon={<DisconnectOutlined />}
        title={t('boot.menuFailed')}
        actions={<Button onClick={() => void menu.refetch()}>{t('common:action.retry')}</Button>}
      />
    );
  else if (!menuReady || app.roleFlag === 3) content = <PageSpin />;
  else if (pageDenied(app.authList, pathname))
    // a page this role may not view: say so, and make none of its calls (issue 25 §2)
    content = (
      <EmptyState
        testId="page-denied"
        icon={<LockOutlined />}
        title={t('common:msg.noPermission')}
        description={t('boot.deniedText')}
        actions={
          <Button type="primary" onClick={() => void navigate('/home')}>
            {t('placeholder.backHome')}
          </Button>
        }
      />
    );
  else content = <Outlet />;

  // the same array while the menu and the location stay: the header and the side menu (memo) skip
  // the layout's other renders
  const side = useMemo(() => (menuReady ? sideItems(app.authList, pathname) : []), [menuReady, app.authList, pathname]);
  return (
    <div className="vt-shell">
      <Header menuItems={side} />
      <div className="vt-body">
        <SideMenu items={side} />
        <MainArea>{content}</MainArea>
      </div>
      <RoleChooserWhenOpen />
    </div>
  );
}
