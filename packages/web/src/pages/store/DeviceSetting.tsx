import { Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ResultOf } from '@vitrine/contract';
import type { api } from '../../api/routes';
import { enumLabel, keyEnum } from '../../i18n/keys';

type DeviceRow = ResultOf<typeof api.device.myList>['list'][number];

type Kind = 'volume' | 'direction' | 'ai';
/** The words of the settings that have words. */
export const SETTING_WORDS = { ai: keyEnum('device:ai', [1, 0]), direction: keyEnum('device:orientation', [1, 0]) };

/**
 * A screen setting as it is (issue 25 §5): what the screen acknowledged applying, else the configured
 * value; a newer value still on its way shows beside it until the screen confirms it.
 */
export function DeviceSetting({ row, kind }: { row: DeviceRow; kind: Kind }) {
  const { t } = useTranslation('device');
  const configured = kind === 'volume' ? row.volume : kind === 'ai' ? row.ai : row.orientation;
  const shown = row.reported?.[kind] ?? configured;
  const pending = row.pending?.[kind];
  const text = (v: number) => (kind === 'volume' ? String(v) : enumLabel(t, SETTING_WORDS[kind], v));
  return (
    <span data-testid={`setting-${kind}-${row.id}`}>
      {text(shown)}
      {pending !== undefined && pending !== shown ? (
        <Tooltip title={t('setting.pending', { value: text(pending) })}>
          <Tag
            icon={<SyncOutlined spin />}
            color="processing"
            style={{ marginLeft: 6 }}
            data-testid={`setting-${kind}-pending-${row.id}`}
          >
            {text(pending)}
          </Tag>
        </Tooltip>
      ) : null}
    </span>
  );
}
