import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { setNavigator } from '../api/feedback';
import { isLoggedIn } from '../state/session';
import { guardRedirect } from './guard';
import { ConsoleShell } from './ConsoleShell';

/** Lets code outside React (the api client) navigate with the router. */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

/** The route guard (spec §2), checked on every navigation. */
export function RootGuard() {
  const { pathname, search } = useLocation();
  const target = guardRedirect(pathname, search, isLoggedIn());
  return (
    <>
      <NavigationBridge />
      {target ? (
        <Navigate to={target} replace />
      ) : (
        <Suspense fallback={<ConsoleShell />}>
          <Outlet />
        </Suspense>
      )}
    </>
  );
}
