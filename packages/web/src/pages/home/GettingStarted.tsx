import type { ReactNode } from 'react';
import { Button, Card, Steps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '@vitrine/contract';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { findByPath } from '../../app/layout/menuTree';
import { hasBit } from '../../components/LifecycleTable/actions';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';

const ONE = { pageNum: 1, pageSize: 1 };

const step = (text: string, action: ReactNode) => (
  <div>
    <div>{text}</div>
    {action ? <div style={{ marginTop: 8 }}>{action}</div> : null}
  </div>
);

/**
 * For an enterprise that has no shops or no screens yet (issue 8 §4): what to do first — create a
 * shop, then its devices, then invite the staff. Shown to whoever may create shops; gone once both exist.
 */
export function GettingStarted() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
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
  const go = (to: string) => () => void navigate(to);
  return (
    <Card title={t('start.title')} className="vt-home-card vt-home-start" data-testid="home-getting-started" style={{ marginBottom: 16 }}>
      <Steps
        orientation="vertical" size="small" current={current}
        items={[
          { title: t('start.shop'), content: step(t('start.shopText'), current === 0 && <Button type="primary" size="small" data-testid="start-shop" onClick={go('/store/store')}>{t('start.shopGo')}</Button>) },
          { title: t('start.device'), content: step(t('start.deviceText'), current === 1 && <Button type="primary" size="small" data-testid="start-device" onClick={go('/store/store?entity=device')}>{t('start.deviceGo')}</Button>) },
          {
            title: t('start.staff'),
            content: step(t(mainFlag === 1 ? 'start.staffText' : 'start.staffTextMember'), mainFlag === 1 && <Button size="small" data-testid="start-staff" onClick={go('/enterprise?tab=invites')}>{t('start.staffGo')}</Button>),
          },
        ]}
      />
    </Card>
  );
}
