import { useState, type Key } from 'react';
import { App, Button, Modal, Radio, Space, Typography } from 'antd';
import { ControlOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { ApiError, call } from '../../api/client';
import { toQuery, type FilterObject } from '../../components/FilterSidebar';
import { hasBit, LifecycleTable } from '../../components/LifecycleTable';
import { menuStore } from '../../state/menu';
import { useStore } from '../../state/store';
import { ControlPanel, DeviceDrawer, requestId, sendControl, type ControlValue } from './DeviceControls';
import { deviceConfig, type DeviceRow } from './entities';
import { keys } from '../../api/keys';
import { useDeviceFeed } from './useDeviceFeed';

type Target = 'selected' | 'filtered';

/** Bulk control: the selected devices, or every enabled device matching the filter (device/bulk). */
function BulkDialog({
  open,
  selected,
  filter,
  extra,
  onClose,
}: {
  open: boolean;
  selected: number[];
  filter: FilterObject;
  extra?: Record<string, string | number>;
  onClose: () => void;
}) {
  const { t } = useTranslation('device');
  const { message } = App.useApp();
  const client = useQueryClient();
  const [target, setTarget] = useState<Target>(selected.length ? 'selected' : 'filtered');
  const [busy, setBusy] = useState(false);

  const send = async (value: ControlValue | { control: 'virtual-status'; status: number }) => {
    setBusy(true);
    try {
      if (target === 'selected') {
        if (!selected.length) {
          void message.warning(t('control.noTarget'));
          return;
        }
        const res = await sendControl(selected, value);
        void message.success(t('control.queued', { count: res.count }));
      } else {
        const res = await call(api.device.bulk, {
          ...toQuery(filter),
          ...extra,
          value: JSON.stringify(value),
          requestId: requestId(),
        });
        void message.success(t('control.bulkQueued', { count: res.count }));
      }
      await client.invalidateQueries({ queryKey: keys.device.allCommands });
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.handled) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={t('control.bulk')} onCancel={onClose} footer={null} width={600} destroyOnHidden>
      <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="bulk-dialog">
        <Space>
          <Typography.Text strong>{t('control.target')}</Typography.Text>
          <Radio.Group value={target} onChange={(e) => setTarget(e.target.value as Target)}>
            <Radio value="selected" disabled={!selected.length}>
              {t('control.bulkSelected', { count: selected.length })}
            </Radio>
            <Radio value="filtered" data-testid="bulk-filtered">
              {t('control.bulkFiltered')}
            </Radio>
          </Radio.Group>
        </Space>
        <ControlPanel busy={busy} withVirtual onSend={(v) => void send(v)} />
      </Space>
    </Modal>
  );
}

/** The device lifecycle table with its status colours, per-device control and bulk control. */
export function DeviceTable({ filter, extra }: { filter: FilterObject; extra?: Record<string, string | number> }) {
  const { t } = useTranslation('device');
  const { nodePermissions } = useStore(menuStore);
  const canControl = hasBit(nodePermissions, 'publish');
  const [selected, setSelected] = useState<Key[]>([]);
  const [device, setDevice] = useState<DeviceRow | null>(null);
  const [bulk, setBulk] = useState(false);
  // statuses and command answers arrive as they happen (the server's live feed)
  useDeviceFeed();

  return (
    <>
      <LifecycleTable<DeviceRow>
        config={deviceConfig}
        filter={filter}
        extra={extra}
        selection={canControl ? { keys: selected, onChange: (keys) => setSelected(keys) } : undefined}
        rowExtra={(row) => (
          <Button
            key="control"
            type="link"
            size="small"
            icon={<ControlOutlined />}
            data-testid={`row-control-${row.id}`}
            onClick={() => setDevice(row)}
          >
            {t('control.open')}
          </Button>
        )}
        toolbar={
          canControl ? (
            <Button data-testid="bulk-open" icon={<ControlOutlined />} onClick={() => setBulk(true)}>
              {t('control.bulk')}
            </Button>
          ) : null
        }
      />
      <DeviceDrawer device={device} canControl={canControl} onClose={() => setDevice(null)} />
      {bulk ? (
        <BulkDialog open selected={selected.map(Number)} filter={filter} extra={extra} onClose={() => setBulk(false)} />
      ) : null}
    </>
  );
}
