import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATUS_WORDS, STATUS_WORDS } from './statusWords';

/** A lifecycle / online / message status in the spec's words (§4). Unknown codes show the number. */
export function StatusTag({ status }: { status: number | null | undefined }) {
  const { t } = useTranslation('lifecycle');
  if (status === null || status === undefined) return null;
  const word = STATUS_WORDS[status];
  if (!word) return <Tag data-testid={`status-${status}`}>{status}</Tag>;
  return (
    <Tag color={word.color} data-testid={`status-${status}`}>
      {t(`status.${word.key}`)}
    </Tag>
  );
}

/**
 * A device status (0 / 1 / 3 / 7) in the spec's colours. Statuses come from heartbeats only: an
 * offline device that never sent one says so ("never connected").
 */
export function DeviceStatusTag({ status, neverConnected }: { status: number | null | undefined; neverConnected?: boolean }) {
  const { t } = useTranslation('device');
  const word = DEVICE_STATUS_WORDS[status ?? 0] ?? DEVICE_STATUS_WORDS[0];
  const never = neverConnected && (status ?? 0) === 0;
  return (
    <Tag color={word.color} data-testid={never ? 'device-status-never' : `device-status-${status ?? 0}`}>
      {t(never ? 'status.neverConnected' : `status.${word.key}`)}
    </Tag>
  );
}
