import { useState } from 'react';
import { Button, Drawer, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { DeviceStatusTag } from '../../components/StatusTag';
import { PlanTimeline } from './PlanTimeline';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { enumLabel } from '../../i18n/keys';
import { DEVICE_TYPE_ENUM, ORIENTATION_ENUM } from './entities';

type Row = ResultOf<(typeof api)['ad-plan']['deviceList']>['list'][number];

/** Every screen a plan is aimed at, whether it plays the plan now, and if not why (ad-plan/device-list). */
export function PlanDevices({ plan, onClose }: { plan: { id: number; name: string } | null; onClose: () => void }) {
  const { t } = useTranslation(['advert', 'device']);
  const [timeline, setTimeline] = useState<Row | null>(null);
  const why = (r: Row) =>
    r.playing ? (
      <Tag color="green">{t('devices.playing')}</Tag>
    ) : (
      <Typography.Text type="secondary" data-testid={`why-${r.deviceId}`}>
        {r.reason ? t(`devices.reason.${r.reason}`, { name: r.byPlanName }) : t('devices.notPlaying')}
      </Typography.Text>
    );
  return (
    <Drawer
      open={!!plan}
      onClose={onClose}
      size={860}
      title={t('devices.title', { name: plan?.name ?? '' })}
      destroyOnHidden
    >
      <PagedTable<Row>
        testId="plan-devices"
        rowKey="deviceId"
        size="small"
        source={{
          key: (pageNum) => keys.plan.devices(plan?.id, pageNum),
          fetch: (page) => call(api['ad-plan'].deviceList, { id: plan!.id, ...page }),
          enabled: !!plan,
        }}
        empty={t('devices.empty')}
        columns={[
          { key: 'code', title: t('device:field.code'), dataIndex: 'code' },
          { key: 'name', title: t('device:field.name'), dataIndex: 'name' },
          { key: 'shop', title: t('device:field.shop'), dataIndex: 'shopName' },
          {
            key: 'type',
            title: t('device:field.type'),
            render: (_, r) =>
              `${enumLabel(t, DEVICE_TYPE_ENUM, r.type)} · ${enumLabel(t, ORIENTATION_ENUM, r.orientation)}`,
          },
          {
            key: 'status',
            title: t('device:field.deviceStatus'),
            render: (_, r) => <DeviceStatusTag status={r.deviceStatus} />,
          },
          { key: 'why', title: t('devices.state'), render: (_, r) => why(r) },
          {
            key: 'timeline',
            title: '',
            render: (_, r) => (
              <Button type="link" size="small" data-testid={`timeline-${r.deviceId}`} onClick={() => setTimeline(r)}>
                {t('action.timeline')}
              </Button>
            ),
          },
        ]}
      />
      <PlanTimeline
        device={timeline ? { id: timeline.deviceId, name: `${timeline.name} (${timeline.code})` } : null}
        onClose={() => setTimeline(null)}
      />
    </Drawer>
  );
}
