import { Drawer, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { StatusTag } from '../StatusTag';
import { formatTime } from './columns';
import type { LifecycleCalls, LifecycleRow } from './types';

/** Every version of a record, newest first (history). */
export function HistoryDrawer({
  entity,
  calls,
  id,
  title,
  onClose,
}: {
  entity: string;
  calls: LifecycleCalls;
  id: number | null;
  title: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('lifecycle');
  const history = useQuery({
    queryKey: keys.lifecycle.history(entity, id ?? 0),
    queryFn: () => call(calls.history, { id }) as Promise<{ list: LifecycleRow[] }>,
    enabled: id !== null,
  });
  return (
    <Drawer open={id !== null} onClose={onClose} size={640} title={t('history.title', { name: title })} destroyOnHidden>
      <Table<LifecycleRow>
        data-testid="history-table"
        rowKey="version"
        size="small"
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        pagination={false}
        columns={[
          {
            key: 'version',
            dataIndex: 'version',
            title: t('history.version'),
            width: 70,
            render: (v: number, row) => (row.liveVersion === v ? `v${v} ★` : `v${v}`),
          },
          { key: 'status', title: t('column.status'), render: (_, row) => <StatusTag status={row.status} /> },
          { key: 'author', dataIndex: 'authorName', title: t('column.author') },
          { key: 'reviewer', dataIndex: 'reviewerName', title: t('history.reviewer'), render: (v: string) => v || '—' },
          { key: 'reason', dataIndex: 'reason', title: t('history.reason'), render: (v: string) => v || '—' },
          { key: 'mtime', dataIndex: 'mtime', title: t('column.mtime'), render: (v: number) => formatTime(v) },
        ]}
      />
    </Drawer>
  );
}
