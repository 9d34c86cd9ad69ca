import { Button, Card, Table, type TableColumnsType } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONTENT_STATUS } from '@vitrine/contract';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import type { LifecycleTab } from './actions';
import type { LifecycleCalls, LifecycleRow } from './types';

/** The list whose actions fit the record's head version: in review, a draft of its author, or enabled. */
export function tabOf(status: number | null | undefined, tabs: readonly LifecycleTab[]): LifecycleTab {
  const wanted: LifecycleTab =
    status === CONTENT_STATUS.submitted ? 'review' : status === CONTENT_STATUS.approved ? 'enabled' : 'mine';
  return tabs.includes(wanted) ? wanted : 'enabled';
}

/**
 * The record a message points to (`?record=`), shown above the lists with the actions its state allows,
 * so a review request opens the record to review rather than a list to search.
 */
export function FocusedRecord<Row extends LifecycleRow>({
  entity,
  calls,
  id,
  tabs,
  columnsOf,
  onClose,
}: {
  entity: string;
  calls: LifecycleCalls;
  id: number;
  tabs: readonly LifecycleTab[];
  columnsOf: (tab: LifecycleTab) => TableColumnsType<Row>;
  onClose: () => void;
}) {
  const { t } = useTranslation('lifecycle');
  const record = useQuery({
    queryKey: keys.lifecycle.detail(entity, id),
    queryFn: () => call(calls.get, { id }) as Promise<Row>,
    retry: false,
  });
  // unreachable (another enterprise, outside the range): the client has already said why
  if (record.isError) return null;
  const row = record.data;
  return (
    <Card
      size="small"
      className="lifecycle-focused"
      data-testid="focused-record"
      style={{ marginBottom: 12 }}
      title={t('focused.title')}
      extra={
        <Button type="text" size="small" icon={<CloseOutlined />} onClick={onClose} data-testid="focused-close">
          {t('focused.close')}
        </Button>
      }
    >
      <Table<Row>
        rowKey="id"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        loading={record.isLoading}
        dataSource={row ? [row] : []}
        columns={columnsOf(tabOf(row?.status, tabs))}
      />
    </Card>
  );
}
