import type { ReactNode } from 'react';
import { Button, Card, Descriptions, Space, Tabs } from 'antd';
import { ArrowLeftOutlined, ShopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { EmptyState } from '../../components/EmptyState';
import { useUrlFilter } from '../../components/FilterSidebar';
import { enumLabel, LifecycleTable, type EntityConfig, type LifecycleRow } from '../../components/LifecycleTable';
import { StatusTag } from '../../components/StatusTag';
import { PageSpin } from '../../app/PageSpin';
import { DeviceTable } from './DeviceTable';
import { employeeConfig, etConfig, LEVEL_ENUM, memberConfig } from './entities';
import { DraftNotice, idParam, RecordActions } from './RecordActions';
import './store.css';

const SECTIONS = ['devices', 'staff', 'members', 'points'] as const;
type Section = (typeof SECTIONS)[number];

/** The entity's form with the shop fixed to this one. */
function inShop<Row extends LifecycleRow>(config: EntityConfig<Row>, shopId: number): EntityConfig<Row> {
  return { ...config, fields: config.fields.map((f) => (f.name === 'shopId' ? { ...f, fixed: shopId } : f)) };
}

/** /store/manage_details?id=: one shop with its devices (and their controls), staff, members and points. */
export default function ManageDetailsPage() {
  const { t } = useTranslation(['store', 'lifecycle']);
  const navigate = useNavigate();
  const { params, filter, setParams } = useUrlFilter();
  const id = idParam(params);
  const shop = useQuery({
    queryKey: keys.lifecycle.detail('shop', id ?? 0),
    queryFn: () => call(api.shop.get, { id: id ?? 0 }),
    enabled: id !== null,
  });
  const wanted = params.get('section') as Section | null;
  const section: Section = wanted && SECTIONS.includes(wanted) ? wanted : 'devices';
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/store/store')}>
      {t('page.backToStores')}
    </Button>
  );

  if (id === null) return <EmptyState testId="detail-missing" title={t('page.missingId')} actions={back} />;
  if (shop.isPending) return <PageSpin />;
  if (shop.isError)
    return (
      <EmptyState
        testId="detail-not-found"
        title={t('page.notFound')}
        description={shop.error.message}
        actions={back}
      />
    );
  const s = shop.data;
  const extra = { shopId: id };

  const tables: Record<Section, ReactNode> = {
    devices: <DeviceTable filter={filter} extra={extra} />,
    staff: <LifecycleTable config={inShop(employeeConfig, id)} filter={filter} extra={extra} />,
    members: <LifecycleTable config={inShop(memberConfig, id)} filter={filter} extra={extra} />,
    points: <LifecycleTable config={inShop(etConfig, id)} filter={filter} extra={extra} />,
  };

  return (
    <div className="vt-detail" data-testid="manage-details">
      <Card
        className="vt-detail-card"
        title={
          <Space>
            <ShopOutlined />
            {s.name}
            <StatusTag status={s.liveVersion ? s.online : s.status} />
          </Space>
        }
        extra={
          <Space>
            {back}
            <RecordActions entity="shop" calls={api.shop} id={s.id} title={s.name} />
          </Space>
        }
      >
        <DraftNotice draft={s.draft} />
        <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('field.code')}>{s.code}</Descriptions.Item>
          <Descriptions.Item label={t('field.level')}>{enumLabel(t, LEVEL_ENUM, s.level)}</Descriptions.Item>
          <Descriptions.Item label={t('field.address')}>{s.address || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.phone')}>{s.phone || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.manager')}>{s.managerName || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.hours')}>{s.hours || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.area')}>{s.area || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.devices')}>{s.devices}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card className="vt-detail-card">
        <Tabs
          activeKey={section}
          onChange={(key) =>
            setParams((prev) => {
              const next = new URLSearchParams();
              next.set('id', prev.get('id') ?? '');
              next.set('section', key);
              return next;
            })
          }
          items={SECTIONS.map((key) => ({
            key,
            label: <span data-testid={`section-${key}`}>{t(`detail.${key}`)}</span>,
          }))}
        />
        {tables[section]}
      </Card>
    </div>
  );
}
