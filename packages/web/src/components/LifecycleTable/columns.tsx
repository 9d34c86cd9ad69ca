import { Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../i18n/dayjs';
import { CONTENT_STATUS } from '@vitrine/contract';
import { DeviceStatusTag, StatusTag } from '../StatusTag';
import type { LifecycleTab } from './actions';
import type { ColumnSpec, LifecycleRow } from './types';

/** A valueEnum entry: "ns:key" is translated, anything else is a fixed label (e.g. "A"). */
export function enumLabel(t: TFunction, valueEnum: Record<string, string> | undefined, value: unknown): string {
  const raw = valueEnum?.[String(value)];
  if (raw === undefined) return value === null || value === undefined || value === '' ? '—' : String(value);
  return raw.includes(':') ? t(raw) : raw;
}

export const formatTime = (s: number | null | undefined) => (s ? dayjs.unix(s).format('YYYY-MM-DD HH:mm') : '—');
export const formatDate = (s: number | null | undefined) => (s ? dayjs.unix(s).format('YYYY-MM-DD') : '—');

function cell<Row extends LifecycleRow>(spec: ColumnSpec<Row>, row: Row, t: TFunction) {
  if (spec.render) return spec.render(row);
  const value = (row as Record<string, unknown>)[spec.key];
  switch (spec.kind) {
    case 'enum':
      return enumLabel(t, spec.valueEnum, value);
    case 'time':
      return formatTime(value as number | null);
    case 'date':
      return formatDate(value as number | null);
    case 'deviceStatus':
      return <DeviceStatusTag status={value as number} neverConnected={(row as { lastSeen?: number | null }).lastSeen === null} />;
    default:
      return value === null || value === undefined || value === '' ? '—' : String(value);
  }
}

/** The lifecycle status of a row as this tab sees it (draft status, application, or online). */
export function LifecycleStatus({ row, tab }: { row: LifecycleRow; tab: LifecycleTab }) {
  if (tab === 'enabled')
    return (
      <Space size={4}>
        <StatusTag status={row.online} />
        {row.deleted ? <StatusTagDeleted /> : null}
      </Space>
    );
  if (tab === 'review') return <StatusTag status={row.applyStatus ?? row.status} />;
  const tag = (
    <Space size={4}>
      <StatusTag status={row.status} />
      {row.draftDeleted ? <StatusTagDeleted /> : null}
    </Space>
  );
  // the reviewer's reason is read in the row itself (the whole of it on hover)
  return row.status === CONTENT_STATUS.rejected && row.reason ? (
    <Space direction="vertical" size={0}>
      {tag}
      <Typography.Text type="danger" className="lifecycle-reason" ellipsis={{ tooltip: row.reason }} data-testid={`reason-${row.id}`}>
        {row.reason}
      </Typography.Text>
    </Space>
  ) : tag;
}

function StatusTagDeleted() {
  const { t } = useTranslation('lifecycle');
  return <Tag color="default" data-testid="tag-deleted">{t('deleted')}</Tag>;
}

/** The entity's declared columns for a tab, then status, author and last change. */
export function buildColumns<Row extends LifecycleRow>(specs: ColumnSpec<Row>[], tab: LifecycleTab, t: TFunction): ColumnsType<Row> {
  const own: ColumnsType<Row> = specs
    .filter((s) => !s.tabs || s.tabs.includes(tab))
    .map((s) => ({ key: s.key, dataIndex: s.key, title: t(s.title), width: s.width, render: (_: unknown, row: Row) => cell(s, row, t) }));
  return [
    ...own,
    { key: 'lifecycleStatus', title: t('lifecycle:column.status'), width: 130, render: (_: unknown, row: Row) => <LifecycleStatus row={row} tab={tab} /> },
    { key: 'authorName', dataIndex: 'authorName', title: t('lifecycle:column.author'), width: 110 },
    { key: 'mtime', dataIndex: 'mtime', title: t('lifecycle:column.mtime'), width: 150, render: (v: number) => formatTime(v) },
  ];
}
