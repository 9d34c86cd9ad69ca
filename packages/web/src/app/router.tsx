import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { AreaKey } from '../pages/placeholder/areas';
import { PageSpin } from './PageSpin';
import { RootGuard } from './RootGuard';

// Every page loads on demand (spec §2); the public pages are the other half of the console.
const IndexPage = lazy(() => import('../pages/index/IndexPage'));
const AppointmentPage = lazy(() => import('../pages/appointment/AppointmentPage'));
const InlogPage = lazy(() => import('../pages/inlog/InlogPage'));
const RegisterPage = lazy(() => import('../pages/register/RegisterPage'));
const ResetPwPage = lazy(() => import('../pages/resetPw/ResetPwPage'));
const IntroducePage = lazy(() => import('../pages/introduce/IntroducePage'));
const RegisterSucceedPage = lazy(() => import('../pages/registerSucceed/RegisterSucceedPage'));

const ConsoleLayout = lazy(() => import('./layout/ConsoleLayout').then((m) => ({ default: m.ConsoleLayout })));
const HomePage = lazy(() => import('../pages/home/HomePage'));
const PlaceholderPage = lazy(() => import('../pages/placeholder/PlaceholderPage'));
const NotFoundPage = lazy(() => import('../pages/placeholder/NotFoundPage'));
const EnterprisePage = lazy(() => import('../pages/enterprise/EnterprisePage'));
const NewsPage = lazy(() => import('../pages/news/NewsPage'));
const CenterPage = lazy(() => import('../pages/center/CenterPage'));
const CountPage = lazy(() => import('../pages/data/CountPage'));
const CenterEditorPage = lazy(() => import('../pages/center/CenterEditorPage'));
const StorePage = lazy(() => import('../pages/store/StorePage'));
const ManageDetailsPage = lazy(() => import('../pages/store/ManageDetailsPage'));
const PerDetailsPage = lazy(() => import('../pages/store/PerDetailsPage'));

function page(Component: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpin />}>
      <Component />
    </Suspense>
  );
}

function placeholder(area: AreaKey) {
  return (
    <Suspense fallback={<PageSpin />}>
      <PlaceholderPage area={area} />
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
      { path: 'make_an_appointment', element: page(AppointmentPage) },
      { path: 'inlog', element: page(InlogPage) },
      { path: 'register', element: page(RegisterPage) },
      { path: 'resetPw', element: page(ResetPwPage) },
      { path: 'introduce', element: page(IntroducePage) },
      { path: 'register_succeed', element: page(RegisterSucceedPage) },
      {
        element: page(ConsoleLayout),
        children: [
          section('home', [{ path: 'home', element: page(HomePage) }]),
          { path: 'incentives', element: placeholder('incentives') },
          { path: 'inform', element: placeholder('inform') },
          { path: 'enterprise', element: page(EnterprisePage) },
          section('store', [
            { path: 'store', element: page(StorePage) },
            { path: 'manage_details', element: page(ManageDetailsPage) },
            { path: 'per_details', element: page(PerDetailsPage) },
          ]),
          section('data', [{ path: 'count', element: page(CountPage) }]),
          // The side menu's default entry says /count.
          { path: 'count', element: to('/data/count') },
          { path: 'advert', element: placeholder('advert') },
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
];

export const router = createBrowserRouter(routes);
