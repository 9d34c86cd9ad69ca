import { Progress, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { formatTime } from '../../components/LifecycleTable';
import { DeviceStatusTag } from '../../components/StatusTag';

type History = ResultOf<typeof api.device.statusEvents>;
type Event = History['events'][number];

const hours = (s: number) => (s / 3600).toFixed(1);

/** A device's recent status transitions and its online time per day (device/status-events). */
export function DeviceHistory({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device');
  const history = useQuery({
    queryKey: keys.device.history(deviceId),
    queryFn: () => call(api.device.statusEvents, { id: deviceId, days: 7 }),
    refetchInterval: 15000,
  });
  const h = history.data;
  if (!h) return null;
  if (h.neverConnected)
    return (
      <Typography.Text type="secondary" data-testid="history-never">
        {t('history.never')}
      </Typography.Text>
    );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="device-history">
      <div data-testid="uptime">
        <Typography.Text strong>{t('history.uptime')}</Typography.Text>
        {h.uptime.map((d) => (
          <div key={d.day} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <span style={{ width: 90 }}>{d.day.slice(5)}</span>
            <Progress percent={Math.round(d.ratio * 100)} size="small" style={{ flex: 1, margin: 0 }} />
            <span style={{ width: 60, textAlign: 'right' }}>
              {t('history.hours', { hours: hours(d.onlineSeconds) })}
            </span>
          </div>
        ))}
      </div>
      <Table<Event>
        data-testid="status-events"
        size="small"
        rowKey={(e) => `${e.at}-${e.status}`}
        dataSource={h.events}
        pagination={{ pageSize: 5, showSizeChanger: false }}
        locale={{ emptyText: t('history.empty') }}
        columns={[
          { key: 'at', dataIndex: 'at', title: t('history.at'), render: (v: number) => formatTime(v) },
          {
            key: 'previous',
            dataIndex: 'previous',
            title: t('history.from'),
            render: (v: number | null) => (v === null ? '—' : <DeviceStatusTag status={v} />),
          },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('history.to'),
            render: (v: number) => <DeviceStatusTag status={v} />,
          },
        ]}
      />
    </Space>
  );
}
