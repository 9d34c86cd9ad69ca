import { App, Button, Descriptions, Popconfirm, Space, Tag, Typography, type ButtonProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KeyOf } from '../../i18n/keys';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import { formatTime } from '../../components/LifecycleTable';

type State = ResultOf<typeof api.device.activation>;

/** A device's activation: the one-time code to type on the screen, regenerate it, deactivate the device. */
export function DeviceActivation({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const client = useQueryClient();
  const key = keys.device.activation(deviceId);
  const state = useQuery({ queryKey: key, queryFn: () => call(api.device.activation, { id: deviceId }) });

  const act = async (fn: () => Promise<State>, done: KeyOf<'device'>) => {
    try {
      client.setQueryData(key, await fn());
      void message.success(t(done));
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    }
  };
  const regenerate = () => act(() => call(api.device.activationCode, { id: deviceId }), 'activation.regenerated');
  const s = state.data;
  if (!s) return null;
  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="device-activation">
      <Descriptions size="small" column={2}>
        <Descriptions.Item label={t('activation.state')}>
          {s.activated ? (
            <Tag color="green" data-testid="activation-active">
              {t('activation.active')}
            </Tag>
          ) : (
            <Tag data-testid="activation-inactive">{t('activation.inactive')}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('activation.activatedAt')}>{formatTime(s.activatedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('activation.code')}>
          {s.code ? (
            <Typography.Text code copyable style={{ fontSize: 18, letterSpacing: 2 }} data-testid="activation-code">
              {s.code}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" data-testid="activation-none">
              {s.attempts >= s.maxAttempts ? t('activation.killed') : t('activation.none')}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('activation.expires')}>{s.code ? formatTime(s.expires) : '—'}</Descriptions.Item>
        {/* wrong tries are counted per address, never against a code (ADR 0116): no attempts to show */}
      </Descriptions>
      <Typography.Text type="secondary">{t('activation.hint')}</Typography.Text>
      <Space>
        {/* a first code is harmless; a new one kills the old code (and asks first, issue 25 §4) */}
        <Popconfirm
          title={t('activation.regenerateConfirm')}
          disabled={!s.code && !s.activated}
          okButtonProps={{ 'data-testid': 'regenerate-ok' } as ButtonProps}
          onConfirm={() => void regenerate()}
        >
          <Button
            size="small"
            data-testid="activation-regenerate"
            onClick={() => {
              if (!s.code && !s.activated) void regenerate();
            }}
          >
            {s.code || s.activated ? t('activation.regenerate') : t('activation.generate')}
          </Button>
        </Popconfirm>
        <Popconfirm
          title={t('activation.deactivateConfirm')}
          onConfirm={() => void act(() => call(api.device.deactivate, { id: deviceId }), 'activation.deactivated')}
        >
          <Button size="small" danger disabled={!s.activated && !s.code} data-testid="activation-deactivate">
            {t('activation.deactivate')}
          </Button>
        </Popconfirm>
      </Space>
    </Space>
  );
}
