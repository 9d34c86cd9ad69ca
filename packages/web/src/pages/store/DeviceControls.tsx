import { useEffect, useState } from 'react';
import {
  App,
  Button,
  Descriptions,
  Divider,
  Drawer,
  Image,
  Popconfirm,
  Segmented,
  Slider,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS, MANAGE_ACTIONS, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { formatTime } from '../../components/LifecycleTable';
import { DEVICE_STATUS_WORDS, DeviceStatusTag } from '../../components/StatusTag';
import { enumLabel, keyEnum } from '../../i18n/keys';
import type { DeviceRow } from './entities';
import { DeviceActivation } from './DeviceActivation';
import { DeviceCamera } from './DeviceCamera';
import { DeviceHistory } from './DeviceHistory';
import { DeviceSetting, SETTING_WORDS } from './DeviceSetting';

const ACTION_WORDS = keyEnum('device:control', MANAGE_ACTIONS);

type Command = ResultOf<typeof api.device.commands>['list'][number];

/** Command states (pending, delivered, acknowledged, failed, expired) as tags. */
export const COMMAND_STATE_COLORS: Record<string, string> = {
  pending: 'gold',
  delivered: 'blue',
  acknowledged: 'green',
  failed: 'red',
  expired: 'default',
};

export const requestId = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** One of the controls, as the calls take it. */
export type ControlValue =
  | { control: 'ai'; ai: 0 | 1 }
  | { control: 'landscape'; direction: 0 | 1 }
  | { control: 'volume'; volume: number }
  | { control: 'manage'; action: (typeof MANAGE_ACTIONS)[number] };

/** Queues a control for some device ids (one call per kind). */
export async function sendControl(ids: number[], value: ControlValue | { control: 'virtual-status'; status: number }) {
  const base = { ids, requestId: requestId() };
  switch (value.control) {
    case 'ai':
      return call(api.device.ai, { ...base, ai: value.ai });
    case 'landscape':
      return call(api.device.landscape, { ...base, direction: value.direction });
    case 'volume':
      return call(api.device.volume, { ...base, volume: value.volume });
    case 'manage':
      return call(api.device.manage, { ...base, action: value.action });
    case 'virtual-status':
      return call(api.device.virtualStatus, { ...base, status: value.status });
  }
}

/** The controls of spec §7 (AI, orientation, volume, manage, virtual status), for one or many targets. */
export function ControlPanel({
  onSend,
  busy,
  initial,
  withVirtual,
}: {
  onSend: (value: ControlValue | { control: 'virtual-status'; status: number }) => void;
  busy: boolean;
  initial?: { volume?: number };
  withVirtual?: boolean;
}) {
  const { t } = useTranslation('device');
  const [volume, setVolume] = useState(initial?.volume ?? 50);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="control-panel">
      <Space wrap>
        <Typography.Text strong style={{ width: 120, display: 'inline-block' }}>
          {t('control.ai')}
        </Typography.Text>
        <Button
          size="small"
          disabled={busy}
          data-testid="control-ai-on"
          onClick={() => onSend({ control: 'ai', ai: 1 })}
        >
          {t('control.aiOn')}
        </Button>
        <Button
          size="small"
          disabled={busy}
          data-testid="control-ai-off"
          onClick={() => onSend({ control: 'ai', ai: 0 })}
        >
          {t('control.aiOff')}
        </Button>
      </Space>
      <Space wrap>
        <Typography.Text strong style={{ width: 120, display: 'inline-block' }}>
          {t('control.orientation')}
        </Typography.Text>
        <Button
          size="small"
          disabled={busy}
          data-testid="control-landscape"
          onClick={() => onSend({ control: 'landscape', direction: 1 })}
        >
          {t('orientation.1')}
        </Button>
        <Button
          size="small"
          disabled={busy}
          data-testid="control-portrait"
          onClick={() => onSend({ control: 'landscape', direction: 0 })}
        >
          {t('orientation.0')}
        </Button>
      </Space>
      <Space wrap align="center">
        <Typography.Text strong style={{ width: 120, display: 'inline-block' }}>
          {t('control.volume')}
        </Typography.Text>
        <Slider
          style={{ width: 160 }}
          min={0}
          max={100}
          value={volume}
          onChange={setVolume}
          ariaLabelForHandle={t('control.volume')}
          data-testid="control-volume-slider"
        />
        <Button
          size="small"
          type="primary"
          disabled={busy}
          data-testid="control-volume"
          onClick={() => onSend({ control: 'volume', volume })}
        >
          {t('control.applyVolume')} ({volume})
        </Button>
      </Space>
      <Space wrap>
        <Typography.Text strong style={{ width: 120, display: 'inline-block' }}>
          {t('control.manage')}
        </Typography.Text>
        {MANAGE_ACTIONS.map((action) => {
          const button = (
            <Button
              key={action}
              size="small"
              disabled={busy}
              data-testid={`control-${action}`}
              onClick={action === 'screenshot' ? () => onSend({ control: 'manage', action }) : undefined}
            >
              {t(`control.${action}`)}
            </Button>
          );
          // restarting or refreshing interrupts what the screen plays: asked once more
          return action === 'screenshot' ? (
            button
          ) : (
            <Popconfirm
              key={action}
              title={t(`control.confirm.${action}`)}
              okText={t(`control.${action}`)}
              onConfirm={() => onSend({ control: 'manage', action })}
            >
              {button}
            </Popconfirm>
          );
        })}
      </Space>
      {withVirtual ? (
        <Space wrap>
          <Typography.Text strong style={{ width: 120, display: 'inline-block' }}>
            {t('control.virtual')}
          </Typography.Text>
          <Segmented<number>
            data-testid="control-virtual"
            disabled={busy}
            options={Object.values(DEVICE_STATUS).map((s) => ({ value: s, label: <DeviceStatusTag status={s} /> }))}
            onChange={(status) => onSend({ control: 'virtual-status', status })}
          />
        </Space>
      ) : null}
    </Space>
  );
}

/** A device's command queue (device/commands): refreshed by the live feed (useDeviceFeed), and each minute should it be down. */
export function CommandList({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('device');
  // command parameters in words: "音量 30", "屏幕方向 竖屏", "AI 获客 开启"
  const word = (k: string, v: unknown) => {
    if (k === 'direction' || k === 'orientation')
      return `${t('control.orientation')} ${enumLabel(t, SETTING_WORDS.direction, v)}`;
    if (k === 'ai') return `${t('control.ai')} ${enumLabel(t, SETTING_WORDS.ai, v)}`;
    if (k === 'volume') return `${t('control.volume')} ${String(v)}`;
    if (k === 'status')
      return `${t('control.virtual')} ${t(`status.${(DEVICE_STATUS_WORDS[Number(v)] ?? DEVICE_STATUS_WORDS[0]).key}`)}`;
    if (k === 'action') return enumLabel(t, ACTION_WORDS, v);
    return `${k} ${String(v)}`;
  };
  const payloadText = (c: Command) =>
    Object.entries(c.payload)
      .map(([k, v]) => word(k, v))
      .join('，');
  return (
    <PagedTable<Command>
      testId="command-table"
      size="small"
      source={{
        key: (pageNum) => keys.device.commands(deviceId, pageNum),
        fetch: (page) => call(api.device.commands, { id: deviceId, ...page }),
        refetchInterval: 60_000,
      }}
      empty={t('command.empty')}
      columns={[
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('command.kind'),
          render: (v: string) => t(`command.kinds.${v}`, { defaultValue: v }),
        },
        { key: 'payload', title: t('command.payload'), render: (_, c) => payloadText(c) },
        {
          key: 'state',
          dataIndex: 'state',
          title: t('command.state'),
          render: (v: string) => (
            <Tag color={COMMAND_STATE_COLORS[v]} data-testid={`command-state-${v}`}>
              {t(`command.states.${v}`, { defaultValue: v })}
            </Tag>
          ),
        },
        {
          key: 'shot',
          title: t('command.screenshot'),
          render: (_, c) =>
            c.screenshotUrl ? (
              <Image
                width={64}
                src={c.screenshotUrl}
                alt={t('command.screenshot')}
                data-testid={`command-shot-${c.id}`}
              />
            ) : null,
        },
        { key: 'ctime', dataIndex: 'ctime', title: t('command.ctime'), render: (v: number) => formatTime(v) },
        { key: 'done', title: t('command.done'), render: (_, c) => formatTime(c.doneAt ?? c.deliveredAt) },
      ]}
    />
  );
}

/** One device: facts, activation, status history, remote control, and its commands with their state. */
export function DeviceDrawer({
  device,
  onClose,
  canControl,
}: {
  device: DeviceRow | null;
  onClose: () => void;
  canControl: boolean;
}) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  // a screen with a live socket heartbeats at once when its drawer opens: the status, the settings it
  // applied and its camera come fresh (the feed refreshes the list when that heartbeat lands)
  const deviceId = device?.id;
  useEffect(() => {
    if (deviceId !== undefined) void call(api.device.collect, { id: deviceId }).catch(() => undefined);
  }, [deviceId]);

  const send = async (value: Parameters<typeof sendControl>[1]) => {
    if (!device) return;
    setBusy(true);
    try {
      const res = await sendControl([device.id], value);
      void message.success(t('control.queued', { count: res.count }));
      await client.invalidateQueries({ queryKey: keys.device.commandsOf(device.id) });
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      open={device !== null}
      onClose={onClose}
      size={640}
      title={device ? `${device.name} · ${device.code}` : ''}
      destroyOnHidden
    >
      {device ? (
        <div data-testid="device-drawer">
          <Descriptions size="small" column={2}>
            <Descriptions.Item label={t('field.deviceStatus')}>
              <DeviceStatusTag status={device.deviceStatus} neverConnected={device.lastSeen === null} />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.type')}>{t(`type.${device.type}`)}</Descriptions.Item>
            <Descriptions.Item label={t('field.orientation')}>
              <DeviceSetting row={device} kind="direction" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.volume')}>
              <DeviceSetting row={device} kind="volume" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.ai')}>
              <DeviceSetting row={device} kind="ai" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.shop')}>{device.shopName}</Descriptions.Item>
            <Descriptions.Item label={t('field.appVersion')}>{device.appVersion || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.lastSeen')}>{formatTime(device.lastSeen)}</Descriptions.Item>
          </Descriptions>
          {canControl ? (
            <>
              <Divider titlePlacement="start">{t('activation.title')}</Divider>
              <DeviceActivation deviceId={device.id} />
            </>
          ) : null}
          <Divider titlePlacement="start">{t('camera.title')}</Divider>
          <DeviceCamera deviceId={device.id} ai={device.ai} />
          <Divider titlePlacement="start">{t('history.title')}</Divider>
          <DeviceHistory deviceId={device.id} />
          {canControl ? (
            <>
              <Divider titlePlacement="start">{t('control.title')}</Divider>
              <ControlPanel
                busy={busy}
                initial={{ volume: device.reported.volume ?? device.volume }}
                withVirtual
                onSend={(v) => void send(v)}
              />
            </>
          ) : null}
          <Divider titlePlacement="start">{t('command.title')}</Divider>
          <CommandList deviceId={device.id} />
        </div>
      ) : null}
    </Drawer>
  );
}
