import { lazy, Suspense } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { findByPath } from '../../app/layout/menuTree';
import { hasBit } from '../../components/LifecycleTable/actions';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';

const ONE = { pageNum: 1, pageSize: 1 };

// the steps (antd Steps) load only for the enterprise that needs them, not on every /home
const StartSteps = lazy(() => import('./StartSteps'));

/**
 * For an enterprise that has no shops or no screens yet (issue 8 §4): what to do first — create a
 * shop, then its devices, then invite the staff. Shown to whoever may create shops; gone once both exist.
 */
export function GettingStarted() {
  const { authList, mainFlag } = useStore(appStore);
  const store = findByPath(authList, '/store');
  const canCreate = store ? hasBit(store.weight, 'create') : false;
  // drafts count as a start: a shop waiting for review is not "no shop"
  const shops = useQuery({
    queryKey: keys.lifecycle.list('shop', 'start', ONE),
    queryFn: async () => (await call(api.shop.enableList, ONE)).total + (await call(api.shop.myList, ONE)).total,
    enabled: canCreate,
  });
  const devices = useQuery({
    queryKey: keys.lifecycle.list('device', 'start', ONE),
    queryFn: async () => (await call(api.device.enableList, ONE)).total + (await call(api.device.myList, ONE)).total,
    enabled: canCreate,
  });
  if (!canCreate || shops.data === undefined || devices.data === undefined) return null;
  if (shops.data > 0 && devices.data > 0) return null;
  const current = shops.data === 0 ? 0 : 1;
  return (
    <Suspense fallback={null}>
      <StartSteps current={current} main={mainFlag === 1} />
    </Suspense>
  );
}
