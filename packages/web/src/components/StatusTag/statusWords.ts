import { APPLY_STATUS, CONTENT_STATUS, DEVICE_STATUS, MESSAGE_STATUS, ONLINE_STATUS } from '@vitrine/contract';
import type { KeysUnder } from '../../i18n/keys';

/**
 * The spec's audit words (§4) and device colours, defined once. `key` is an i18n key of the
 * `lifecycle` namespace (`status.*`) or the `device` namespace (`status.*`); `color` an antd Tag colour.
 */
export type StatusWord<K extends string> = { key: K; color: string };

/** Content / template (101–104), application (201–203), online (301/302), message (401/402). */
export const STATUS_WORDS: Record<number, StatusWord<KeysUnder<'lifecycle', 'status'>>> = {
  [CONTENT_STATUS.draft]: { key: 'draft', color: 'default' },
  [CONTENT_STATUS.submitted]: { key: 'toBeReviewed', color: 'processing' },
  [CONTENT_STATUS.approved]: { key: 'approve', color: 'success' },
  [CONTENT_STATUS.rejected]: { key: 'reject', color: 'error' },
  [APPLY_STATUS.pending]: { key: 'toBeReviewed', color: 'processing' },
  [APPLY_STATUS.approved]: { key: 'approve', color: 'success' },
  [APPLY_STATUS.rejected]: { key: 'deny', color: 'error' },
  [ONLINE_STATUS.online]: { key: 'list', color: 'green' },
  [ONLINE_STATUS.offline]: { key: 'delist', color: 'default' },
  [MESSAGE_STATUS.unread]: { key: 'unread', color: 'blue' },
  [MESSAGE_STATUS.read]: { key: 'read', color: 'default' },
};

/** Spec §4: offline red, online-but-abnormal blue, playback-abnormal amber, normal green. */
export const DEVICE_STATUS_COLORS: Record<number, string> = {
  [DEVICE_STATUS.offline]: '#f5222d',
  [DEVICE_STATUS.abnormal]: '#1677ff',
  [DEVICE_STATUS.playbackAbnormal]: '#faad14',
  [DEVICE_STATUS.normal]: '#52c41a',
};

export const DEVICE_STATUS_WORDS: Record<number, StatusWord<KeysUnder<'device', 'status'>>> = {
  [DEVICE_STATUS.offline]: { key: 'offline', color: DEVICE_STATUS_COLORS[DEVICE_STATUS.offline] },
  [DEVICE_STATUS.abnormal]: { key: 'abnormal', color: DEVICE_STATUS_COLORS[DEVICE_STATUS.abnormal] },
  [DEVICE_STATUS.playbackAbnormal]: {
    key: 'playbackAbnormal',
    color: DEVICE_STATUS_COLORS[DEVICE_STATUS.playbackAbnormal],
  },
  [DEVICE_STATUS.normal]: { key: 'normal', color: DEVICE_STATUS_COLORS[DEVICE_STATUS.normal] },
};
