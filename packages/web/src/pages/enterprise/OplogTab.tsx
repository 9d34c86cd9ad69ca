import { useState } from 'react';
import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { PagedTable } from '../../components/PagedTable';
import { ChangeTable, VerbTag, objectText } from '../../components/OpLog';
import { OplogFilters } from './OplogFilters';
import type { OplogFilter } from './oplogFilter';
import { formatTime, roleWord } from './shared';

type Row = ResultOf<typeof api.oplog.list>['list'][number];

export function OplogTab() {
  const { t } = useTranslation(['enterprise', 'oplog']);
  const { t: tLog } = useTranslation('oplog');
  const [filter, setFilter] = useState<OplogFilter>({});

  return (
    <div
      data-testid="ent-oplog"
      style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(220px, 280px) minmax(0, 1fr)' }}
    >
      <Card size="small" title={t('oplog.filters')}>
        <OplogFilters onFilter={setFilter} />
      </Card>
      <Card>
        <PagedTable<Row>
          size="small"
          source={{
            key: (pageNum) => keys.oplog.list({ ...filter, pageNum }),
            fetch: (page) => call(api.oplog.list, { ...filter, ...page }),
          }}
          empty={t('oplog.empty')}
          expandable={{
            rowExpandable: (r) => r.summary !== null,
            expandedRowRender: (r) => <ChangeTable entity={r.entity} summary={r.summary} />,
          }}
          // the browser shares the width by content (no ellipsis: a fixed layout cut the object to "ad-plan “…")
          columns={[
            { title: t('oplog.when'), key: 'time', width: 150, render: (_v, r) => formatTime(r.time) },
            { title: t('oplog.operator'), key: 'op', width: 110, render: (_v, r) => r.operator || '—' },
            {
              title: t('oplog.role'),
              key: 'role',
              width: 72,
              render: (_v, r) => r.roleName || (r.role ? roleWord(t, r.role) : '—'),
            },
            { title: t('oplog.verb'), key: 'verb', render: (_v, r) => <VerbTag verb={r.verb} summary={r.summary} /> },
            { title: t('oplog.entity'), key: 'entity', render: (_v, r) => objectText(r, tLog) },
            {
              title: t('oplog.source'),
              key: 'source',
              render: (_v, r) => t(`source.${r.source}`, { defaultValue: r.source }),
            },
          ]}
        />
      </Card>
    </div>
  );
}
