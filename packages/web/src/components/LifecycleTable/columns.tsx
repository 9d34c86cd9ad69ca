import { Descriptions, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { CONTENT_STATUS } from '@vitrine/contract';
import { DeviceStatusTag, StatusTag } from '../StatusTag';
import type { LifecycleTab } from './actions';
import { enumLabel, translate, type Namespace } from '../../i18n/keys';
import type { ColumnSpec, LifecycleRow } from './types';

export { enumLabel };

import { formatDate, formatTime } from '../../i18n/time';
export { formatDate, formatTime };

function cell<Row extends LifecycleRow>(spec: ColumnSpec<Row>, row: Row, t: TFunction<Namespace>) {
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
      return (
        <DeviceStatusTag
          status={value as number}
          neverConnected={(row as { lastSeen?: number | null }).lastSeen === null}
        />
      );
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
      <Typography.Text
        type="danger"
        className="lifecycle-reason"
        ellipsis={{ tooltip: row.reason }}
        data-testid={`reason-${row.id}`}
      >
        {row.reason}
      </Typography.Text>
    </Space>
  ) : (
    tag
  );
}

function StatusTagDeleted() {
  const { t } = useTranslation('lifecycle');
  return (
    <Tag color="default" data-testid="tag-deleted">
      {t('deleted')}
    </Tag>
  );
}

/**
 * The entity's declared columns for a tab, then status; the author where a reviewer scans for it
 * (in review), the last change where drafts are sorted by it (mine). The rest is in the row's details.
 */
export function buildColumns<Row extends LifecycleRow>(
  specs: ColumnSpec<Row>[],
  tab: LifecycleTab,
  t: TFunction<['lifecycle']>,
): ColumnsType<Row> {
  const own: ColumnsType<Row> = specs
    .filter((s) => !s.tabs || s.tabs.includes(tab))
    .map((s) => ({
      key: s.key,
      dataIndex: s.key,
      title: translate(t, s.title),
      width: s.width,
      render: (_: unknown, row: Row) => cell(s, row, t),
    }));
  return [
    ...own,
    {
      key: 'lifecycleStatus',
      title: t('lifecycle:column.status'),
      render: (_: unknown, row: Row) => <LifecycleStatus row={row} tab={tab} />,
    },
    ...(tab === 'review' ? [{ key: 'authorName', dataIndex: 'authorName', title: t('lifecycle:column.author') }] : []),
    ...(tab === 'mine'
      ? [
          {
            key: 'mtime',
            dataIndex: 'mtime',
            title: t('lifecycle:column.mtime'),
            className: 'lifecycle-nowrap',
            render: (v: number) => formatTime(v),
          },
        ]
      : []),
  ];
}

/** A row's details: the columns not shown in the table, its author and last change (issue 25 §3). */
export function RowDetails<Row extends LifecycleRow>({
  row,
  specs,
  tab,
}: {
  row: Row;
  specs: ColumnSpec<Row>[];
  tab: LifecycleTab;
}) {
  const { t } = useTranslation(['lifecycle', 'store', 'device']);
  const items = specs
    .filter((s) => !s.tabs || s.tabs.includes(tab))
    .map((s) => ({ key: s.key, label: translate(t, s.title), children: cell(s, row, t) }));
  if (tab !== 'review')
    items.push({ key: 'authorName', label: t('lifecycle:column.author'), children: row.authorName || '—' });
  if (tab !== 'mine') items.push({ key: 'mtime', label: t('lifecycle:column.mtime'), children: formatTime(row.mtime) });
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={items}
      data-testid={`row-details-${row.id}`}
      className="lifecycle-details"
    />
  );
}
