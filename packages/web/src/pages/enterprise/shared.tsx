import { useCallback } from 'react';
import { App, Tag } from 'antd';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import { APPLY_STATUS, ROLE } from '@vitrine/contract';
import { ApiError } from '../../api/client';

/** Shows a refusal the client has not already shown (the spec §8 catalogue handles its own). */
export function useErrorToast(): (err: unknown) => void {
  const { message } = App.useApp();
  return useCallback(
    (err: unknown) => {
      if (err instanceof ApiError && err.handled) return;
      void message.error(err instanceof Error ? err.message : String(err));
    },
    [message],
  );
}

export function formatTime(seconds: number | null | undefined): string {
  return seconds ? dayjs.unix(seconds).format('YYYY-MM-DD HH:mm') : '—';
}

const ROLE_COLORS: Record<number, string> = { [ROLE.assistant]: 'blue', [ROLE.manager]: 'geekblue', [ROLE.supervisor]: 'purple' };

/** Role 1 shop assistant / 2 store manager / 3 supervisor, in the UI's language. */
export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation('enterprise');
  return <Tag color={ROLE_COLORS[role] ?? 'default'}>{t(`role.${role}`, { defaultValue: String(role) })}</Tag>;
}

export function ApplyStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('enterprise');
  const color = status === APPLY_STATUS.approved ? 'green' : status === APPLY_STATUS.rejected ? 'red' : 'orange';
  return <Tag color={color}>{t(`applyStatus.${status}`, { defaultValue: String(status) })}</Tag>;
}
