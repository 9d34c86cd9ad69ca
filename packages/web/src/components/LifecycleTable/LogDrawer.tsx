import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResultOf } from '@vitrine/contract';
import type { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../PagedTable';
import { ChangeTable, VerbTag } from '../OpLog';
import { formatTime } from './columns';
import type { LifecycleCalls } from './types';

/** Every entity's log has the same shape (contract `lifecycleCalls`). */
type LogPage = ResultOf<typeof api.shop.logs>;
type LogRow = LogPage['list'][number];

/** The operation log of one record (logs, GET), with the spec's verbs. */
export function LogDrawer({
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
  const { t } = useTranslation(['lifecycle', 'oplog']);
  return (
    <Drawer open={id !== null} onClose={onClose} size={560} title={t('logs.title', { name: title })} destroyOnHidden>
      <PagedTable<LogRow>
        testId="log-table"
        size="small"
        source={{
          key: (pageNum) => keys.lifecycle.logs(entity, id ?? 0, pageNum),
          fetch: (page) => call(calls.logs, { id, ...page }) as Promise<LogPage>,
          enabled: id !== null,
        }}
        expandable={{
          rowExpandable: (r) => r.summary !== null,
          expandedRowRender: (r) => <ChangeTable entity={entity} summary={r.summary} />,
        }}
        columns={[
          { key: 'ctime', dataIndex: 'ctime', title: t('logs.time'), render: (v: number) => formatTime(v) },
          {
            key: 'verb',
            dataIndex: 'verb',
            title: t('logs.verb'),
            render: (v: string, r) => <VerbTag verb={v} summary={r.summary} />,
          },
          { key: 'user', dataIndex: 'userName', title: t('logs.user') },
          {
            key: 'source',
            dataIndex: 'source',
            title: t('logs.source'),
            render: (v: string) => t(`filter:source.${v}`, { defaultValue: v }),
          },
        ]}
      />
    </Drawer>
  );
}
