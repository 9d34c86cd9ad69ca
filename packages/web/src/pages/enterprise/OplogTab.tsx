import { useState } from 'react';
import { Card, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api, PAGE_SIZE, type ResultOf } from '@vitrine/contract';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { OplogFilters } from './OplogFilters';
import type { OplogFilter } from './oplogFilter';
import { formatTime } from './shared';

type Row = ResultOf<typeof api.oplog.list>['list'][number];

function summaryText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function OplogTab() {
  const { t } = useTranslation('enterprise');
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
            expandedRowRender: (r) => (
              <div style={{ display: 'grid', gap: 4 }}>
                <Typography.Text type="secondary">{t('oplog.before')}: <code>{summaryText(r.summary?.before) || '—'}</code></Typography.Text>
                <Typography.Text type="secondary">{t('oplog.after')}: <code>{summaryText(r.summary?.after) || '—'}</code></Typography.Text>
              </div>
            ),
          }}
          columns={[
            { title: t('oplog.when'), key: 'time', width: 150, render: (_v, r) => formatTime(r.time) },
            { title: t('oplog.operator'), key: 'op', render: (_v, r) => r.operator || '—' },
            { title: t('oplog.role'), key: 'role', render: (_v, r) => r.roleName || (r.role ? t(`role.${r.role}`) : '—') },
            { title: t('oplog.verb'), key: 'verb', render: (_v, r) => <Tag>{t(`verb.${r.verb}`, { defaultValue: r.verb })}</Tag> },
            { title: t('oplog.entity'), key: 'entity', render: (_v, r) => `${t(`entity.${r.entity}`, { defaultValue: r.entity })} #${r.entityId}` },
            { title: t('oplog.source'), key: 'source', width: 90, render: (_v, r) => t(`source.${r.source}`, { defaultValue: r.source }) },
          ]}
        />
      </Card>
    </div>
  );
}
