import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router';
import { loadNamespaces } from '../i18n';
import { ConsoleShell } from './ConsoleShell';
import { PageSpin } from './PageSpin';
import { RootGuard } from './RootGuard';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * A page that loads on demand (spec §2) together with the translation namespaces its components
 * name, fetched in parallel with its chunk so that it does not suspend a second time for them.
 */
function withNs<M>(load: () => Promise<M>, ...namespaces: string[]): () => Promise<M> {
  return () => Promise.all([load(), loadNamespaces(...namespaces)]).then(([m]) => m);
}

// antd's ConfigProvider and App, fetched with the first route drawn with antd: not with /index.
const AntdProvider = lazy(() => import('./AntdProvider'));
// The public pages are the other half of the console.
const IndexPage = lazy(withNs(() => import('../pages/index/IndexPage'), 'public'));
const AppointmentPage = lazy(withNs(() => import('../pages/appointment/AppointmentPage'), 'public'));
const InlogPage = lazy(withNs(() => import('../pages/inlog/InlogPage'), 'inlog', 'public'));
const RegisterPage = lazy(withNs(() => import('../pages/register/RegisterPage'), 'public'));
const ResetPwPage = lazy(withNs(() => import('../pages/resetPw/ResetPwPage'), 'public'));
const IntroducePage = lazy(withNs(() => import('../pages/introduce/IntroducePage'), 'introduce', 'public'));
const RegisterSucceedPage = lazy(withNs(() => import('../pages/registerSucceed/RegisterSucceedPage'), 'public'));

const ConsoleLayout = lazy(
  withNs(() => import('./layout/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })), 'layout'),
);
const HomePage = lazy(withNs(() => import('../pages/home/HomePage'), 'home'));
const NotFoundPage = lazy(withNs(() => import('../pages/placeholder/NotFoundPage'), 'layout'));
const EnterprisePage = lazy(
  withNs(() => import('../pages/enterprise/EnterprisePage'), 'enterprise', 'oplog', 'filter', 'upload'),
);
const NewsPage = lazy(withNs(() => import('../pages/news/NewsPage'), 'news'));
const CenterPage = lazy(withNs(() => import('../pages/center/CenterPage'), 'center', 'upload'));
const CountPage = lazy(withNs(() => import('../pages/data/CountPage'), 'data', 'filter'));
const CenterEditorPage = lazy(withNs(() => import('../pages/center/CenterEditorPage'), 'center', 'upload'));
const STORE_NAMESPACES = ['store', 'lifecycle', 'device', 'filter', 'oplog'];
const StorePage = lazy(withNs(() => import('../pages/store/StorePage'), ...STORE_NAMESPACES));
const ManageDetailsPage = lazy(withNs(() => import('../pages/store/ManageDetailsPage'), ...STORE_NAMESPACES));
const PerDetailsPage = lazy(withNs(() => import('../pages/store/PerDetailsPage'), ...STORE_NAMESPACES));
const InformPage = lazy(
  withNs(
    () => import('../pages/inform/InformPage'),
    'inform',
    'lifecycle',
    'device',
    'filter',
    'oplog',
    'store',
    'upload',
    'advert',
  ),
);
const IncentivesPage = lazy(
  withNs(
    () => import('../pages/incentives/IncentivesPage'),
    'incentives',
    'lifecycle',
    'device',
    'filter',
    'oplog',
    'store',
    'advert',
    'data',
  ),
);
const AdvertPage = lazy(
  withNs(
    () => import('../pages/advert/AdvertPage'),
    'advert',
    'lifecycle',
    'device',
    'filter',
    'oplog',
    'store',
    'upload',
  ),
);

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpin />}>
      <Component />
    </Suspense>
  );
}

/** antd's providers and the layout: while they load, a console page shows the console's frame. */
function frame(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<ConsoleShell full={false} />}>
      <Component />
    </Suspense>
  );
}

const to = (path: string) => <Navigate to={path} replace />;

/** A top-level path that redirects to its own first child (spec §2). */
function section(path: string, children: { path: string; element: RouteObject['element'] }[]): RouteObject {
  return { path, children: [{ index: true, element: to(`/${path}/${children[0].path}`) }, ...children] };
}

export const routes: RouteObject[] = [
  {
    element: <RootGuard />,
    children: [
      { index: true, element: to('/index') },
      { path: 'index', element: page(IndexPage) },
      {
        element: frame(AntdProvider),
        children: [
          { path: 'make_an_appointment', element: page(AppointmentPage) },
          { path: 'inlog', element: page(InlogPage) },
          { path: 'register', element: page(RegisterPage) },
          { path: 'resetPw', element: page(ResetPwPage) },
          { path: 'introduce', element: page(IntroducePage) },
          { path: 'register_succeed', element: page(RegisterSucceedPage) },
          {
            element: frame(ConsoleLayout),
            children: [
              section('home', [{ path: 'home', element: page(HomePage) }]),
              { path: 'incentives', element: page(IncentivesPage) },
              { path: 'inform', element: page(InformPage) },
              { path: 'enterprise', element: page(EnterprisePage) },
              section('store', [
                { path: 'store', element: page(StorePage) },
                { path: 'manage_details', element: page(ManageDetailsPage) },
                { path: 'per_details', element: page(PerDetailsPage) },
              ]),
              section('data', [{ path: 'count', element: page(CountPage) }]),
              // The side menu's default entry says /count.
              { path: 'count', element: to('/data/count') },
              { path: 'advert', element: page(AdvertPage) },
              { path: 'news', element: page(NewsPage) },
              section('center', [
                { path: 'center', element: page(CenterPage) },
                { path: 'centerEditor', element: page(CenterEditorPage) },
              ]),
              { path: '*', element: page(NotFoundPage) },
            ],
          },
        ],
      },
    ],
  },
];

/**
 * The route table, rendered under a `<BrowserRouter>` (main.tsx). The console uses none of the data
 * router's loaders, actions or fetchers; the declarative mode leaves its 16 KiB gzipped out of the
 * first screen (decisions/0101).
 */
export function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes)}</RouteErrorBoundary>;
}
