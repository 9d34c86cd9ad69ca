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
    <Tag className={toneClass(word.color)} data-testid={`status-${status}`}>
      {t(`status.${word.key}`)}
    </Tag>
  );
}

/**
 * antd's status and preset tags write green, amber and blue text at 2.2–3.7:1 on their tints; these
 * classes (global.css) keep the hue and reach WCAG AA 4.5:1 (issue 25 §3, e2e/a11y.e2e.ts).
 */
function toneClass(color: string): string | undefined {
  if (color === 'success' || color === 'green') return 'vt-tone vt-tone-ok';
  if (color === 'processing' || color === 'blue') return 'vt-tone vt-tone-info';
  if (color === 'error' || color === 'red') return 'vt-tone vt-tone-bad';
  if (color === 'warning' || color === 'orange' || color === 'gold') return 'vt-tone vt-tone-warn';
  return undefined;
}

/**
 * A device status (0 / 1 / 3 / 7) in the spec's colours. Statuses come from heartbeats only: an
 * offline device that never sent one says so ("never connected").
 */
export function DeviceStatusTag({
  status,
  neverConnected,
}: {
  status: number | null | undefined;
  neverConnected?: boolean;
}) {
  const { t } = useTranslation('device');
  const word = DEVICE_STATUS_WORDS[status ?? 0] ?? DEVICE_STATUS_WORDS[0];
  const never = neverConnected && (status ?? 0) === 0;
  return (
    // the spec's colour as the border and a dot; the words in dark text (white on green is 2.3:1)
    <Tag
      className="vt-device-status"
      style={{ borderColor: word.color }}
      data-testid={never ? 'device-status-never' : `device-status-${status ?? 0}`}
    >
      <span className="vt-status-dot" style={{ background: word.color }} aria-hidden />
      {t(never ? 'status.neverConnected' : `status.${word.key}`)}
    </Tag>
  );
}
