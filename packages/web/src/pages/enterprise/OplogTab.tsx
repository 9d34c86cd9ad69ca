import { useState } from 'react';
import { Card, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { ChangeTable, objectText } from '../../components/OpLog';
import { OplogFilters } from './OplogFilters';
import type { OplogFilter } from './oplogFilter';
import { formatTime } from './shared';

type Row = ResultOf<typeof api.oplog.list>['list'][number];

export function OplogTab() {
  const { t } = useTranslation(['enterprise', 'oplog']);
  const [filter, setFilter] = useState<OplogFilter>({});
  const [pageNum, setPageNum] = useState(1);
  const body = { ...filter, pageNum, pageSize: PAGE_SIZE };
  const list = useQuery({ queryKey: keys.oplog.list(body), queryFn: () => call(api.oplog.list, body) });

  return (
    <div data-testid="ent-oplog" style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(220px, 280px) 1fr' }}>
      <Card size="small" title={t('oplog.filters')}>
        <OplogFilters
          onFilter={(f) => {
            setFilter(f);
            setPageNum(1);
          }}
        />
      </Card>
      <Card>
        <Table<Row>
          rowKey="id"
          size="small"
          loading={list.isPending}
          dataSource={list.data?.list ?? []}
          locale={{ emptyText: t('oplog.empty') }}
          scroll={{ x: 900 }}
          pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
          expandable={{
            rowExpandable: (r) => r.summary !== null,
            expandedRowRender: (r) => <ChangeTable entity={r.entity} summary={r.summary} />,
          }}
          columns={[
            { title: t('oplog.when'), key: 'time', width: 150, render: (_v, r) => formatTime(r.time) },
            { title: t('oplog.operator'), key: 'op', render: (_v, r) => r.operator || '—' },
            { title: t('oplog.role'), key: 'role', render: (_v, r) => r.roleName || (r.role ? t(`role.${r.role}`) : '—') },
            { title: t('oplog.verb'), key: 'verb', render: (_v, r) => <Tag>{t(`oplog:verb.${r.verb}`, { defaultValue: r.verb })}</Tag> },
            { title: t('oplog.entity'), key: 'entity', ellipsis: true, render: (_v, r) => objectText(r, t) },
            { title: t('oplog.source'), key: 'source', width: 90, render: (_v, r) => t(`source.${r.source}`, { defaultValue: r.source }) },
          ]}
        />
      </Card>
    </div>
  );
}
