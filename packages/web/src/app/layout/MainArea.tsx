import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageSpin } from '../PageSpin';

/** Spec §2: after each navigation the main area is briefly reloaded (remounted behind a spinner). */
export const MAIN_RELOAD_MS = 150;

export function MainArea({ children }: { children: ReactNode }) {
  const location = useLocation();
  const [shownKey, setShownKey] = useState(location.key);

  useEffect(() => {
    if (shownKey === location.key) return undefined;
    const timer = setTimeout(() => setShownKey(location.key), MAIN_RELOAD_MS);
    return () => clearTimeout(timer);
  }, [location.key, shownKey]);

  return (
    <main className="vt-main" data-testid="main-area">
      {shownKey === location.key ? (
        <div key={shownKey} className="vt-main-inner">
          {children}
        </div>
      ) : (
        <PageSpin />
      )}
    </main>
  );
}
