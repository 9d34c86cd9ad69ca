import { Alert, Descriptions, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { formatTime } from '../../components/LifecycleTable';

const STATE_COLORS: Record<string, string> = {
  on: 'green',
  starting: 'blue',
  off: 'default',
  'no-camera': 'red',
  denied: 'red',
  'model-failed': 'red',
};

/**
 * A screen's camera (issue 26): its state, frames analysed, last visitor and the last hour's visitors,
 * and the problems its last heartbeat reported in words — so a dead camera reads as a fault, not as
 * "no visitors". Shares device/status-events with DeviceHistory (one request).
 */
export function DeviceCamera({ deviceId, ai }: { deviceId: number; ai: number }) {
  const { t } = useTranslation('device');
  const history = useQuery({
    queryKey: keys.device.history(deviceId),
    queryFn: () => call(api.device.statusEvents, { id: deviceId, days: 7 }),
    refetchInterval: 15000,
  });
  const h = history.data;
  if (!h || h.neverConnected) return null;
  const cam = h.camera;
  const v = h.visitsLastHour;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="device-camera">
      {h.errors.length ? (
        <Alert
          type="error"
          showIcon
          data-testid="device-errors"
          title={t('camera.errors')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {h.errors.map((e) => (
                <li key={e.code} data-testid={`device-error-${e.code}`}>
                  {t(`camera.error.${e.code}`, { defaultValue: e.code })}
                  {e.message ? ` (${e.message})` : ''}
                </li>
              ))}
            </ul>
          }
        />
      ) : null}
      {cam ? (
        <Descriptions size="small" column={2}>
          <Descriptions.Item label={t('camera.state')}>
            <Tag color={STATE_COLORS[cam.state] ?? 'default'} data-testid="camera-state" data-state={cam.state}>
              {t(`camera.states.${cam.state}`, { defaultValue: cam.state })}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('camera.fps')}>{t('camera.fpsValue', { fps: cam.fps })}</Descriptions.Item>
          <Descriptions.Item label={t('camera.lastVisit')}>{formatTime(cam.lastVisitAt)}</Descriptions.Item>
          <Descriptions.Item label={t('camera.lastHour')}>
            <span data-testid="camera-last-hour">{t('camera.lastHourValue', v)}</span>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">
          {ai ? t('camera.none') : `${t('control.ai')} ${t('ai.0')}`}
          {v.total ? ` · ${t('camera.lastHour')}: ${t('camera.lastHourValue', v)}` : ''}
        </Typography.Text>
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('camera.privacy')}
      </Typography.Text>
    </Space>
  );
}
