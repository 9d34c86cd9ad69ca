import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { APPLY_STATUS, ROLE, ROLES } from '@vitrine/contract';
import { oneOf } from '../../i18n/keys';
export { useErrorToast } from '../../components/ErrorToast';

export { formatTime } from '../../i18n/time';

const ROLE_COLORS: Record<number, string> = {
  [ROLE.assistant]: 'blue',
  [ROLE.manager]: 'geekblue',
  [ROLE.supervisor]: 'purple',
};

/** Role 1 shop assistant / 2 store manager / 3 supervisor, in the UI's language; any other number as is. */
export function roleWord(t: TFunction<'enterprise'>, role: number): string {
  const known = oneOf(ROLES, role);
  return known ? t(`role.${known}`) : String(role);
}

export function RoleTag({ role }: { role: number }) {
  const { t } = useTranslation('enterprise');
  return <Tag color={ROLE_COLORS[role] ?? 'default'}>{roleWord(t, role)}</Tag>;
}

export function ApplyStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('enterprise');
  const color = status === APPLY_STATUS.approved ? 'green' : status === APPLY_STATUS.rejected ? 'red' : 'orange';
  return <Tag color={color}>{t(`applyStatus.${status}`, { defaultValue: String(status) })}</Tag>;
}
