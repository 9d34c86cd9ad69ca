import { useState } from 'react';
import { Drawer, Empty, Image, Progress, Segmented, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type InformEntity, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { formatTime } from '../../components/LifecycleTable/columns';
import { enumLabel } from '../../i18n/keys';
import { ROLE_ENUM } from './fields';
import { keys } from '../../api/keys';
import { PagedTable, usePaged } from '../../components/PagedTable';

type State = 'all' | 'done' | 'pending';
type Person = ResultOf<typeof api.inform.receipts>['list'][number];

/** Who received a sent record: totals, progress per shop, and each person (done when, or not yet). */
export function ReceiptsDrawer({
  entity,
  record,
  onClose,
}: {
  entity: InformEntity;
  record: { id: number; title: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('inform');
  const [state, setState] = useState<State>('all');
  const q = usePaged({
    key: (pageNum) => keys.inform.receipts(entity, record?.id, state, pageNum),
    fetch: (page) => call(api[entity].receipts, { id: record!.id, state, ...page }),
    enabled: !!record,
  });
  const doneWord = t(entity === 'inform' ? 'state.confirmed' : 'state.read');
  const doneAt = (p: Person) => (entity === 'inform' ? p.confirmedAt : p.readAt);
  const data = q.query.data;
  return (
    <Drawer
      open={!!record}
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={t('receipts.title', { title: record?.title ?? '' })}
      data-testid="receipts-drawer"
    >
      {!data ? (
        <Skeleton active />
      ) : data.summary.total === 0 ? (
        <Empty description={t('receipts.none')} />
      ) : (
        <Space orientation="vertical" size={20} style={{ width: '100%' }}>
          <Space size={40} wrap>
            <Statistic title={t('receipts.total')} value={data.summary.total} />
            <Statistic title={doneWord} value={data.summary.done} />
            <Statistic
              title={t(entity === 'inform' ? 'state.toConfirm' : 'state.unread')}
              value={data.summary.pending}
            />
            {data.summary.overdue ? (
              <Statistic
                title={t('state.overdue')}
                value={data.summary.overdue}
                styles={{ content: { color: '#c41d1d' } }}
              />
            ) : null}
          </Space>
          <div data-testid="receipts-shops">
            <Typography.Title level={5}>{t('receipts.byShop')}</Typography.Title>
            {data.byShop.map((s) => (
              <div
                key={s.shopId ?? 0}
                style={{ display: 'grid', gridTemplateColumns: '180px 1fr 64px', alignItems: 'center', gap: 12 }}
              >
                <Typography.Text ellipsis>{s.shopName || t('receipts.headOffice')}</Typography.Text>
                <Progress
                  percent={Math.round((s.done / s.total) * 100)}
                  showInfo={false}
                  aria-label={`${s.shopName || t('receipts.headOffice')} ${s.done}/${s.total}`}
                />
                <Typography.Text>
                  {s.done}/{s.total}
                </Typography.Text>
              </div>
            ))}
          </div>
          <Segmented<State>
            value={state}
            onChange={setState}
            options={[
              { value: 'all', label: t('receipts.all') },
              { value: 'done', label: doneWord },
              { value: 'pending', label: t(entity === 'inform' ? 'state.toConfirm' : 'state.unread') },
            ]}
          />
          <PagedTable<Person>
            rowKey="userId"
            size="small"
            source={q}
            testId="receipts-people"
            columns={[
              {
                key: 'name',
                title: t('receipts.person'),
                render: (_, p) => (
                  <>
                    {p.name} <Tag>{enumLabel(t, ROLE_ENUM, p.role)}</Tag>
                  </>
                ),
              },
              {
                key: 'shop',
                title: t('receipts.shop'),
                render: (_, p) => p.shopName || t('receipts.headOffice'),
                ellipsis: true,
              },
              {
                key: 'state',
                title: t('receipts.state'),
                render: (_, p) =>
                  doneAt(p) ? (
                    <Tag color="success">
                      {doneWord} {formatTime(doneAt(p))}
                    </Tag>
                  ) : (
                    <Tag color="warning">
                      {t('receipts.notYet')}
                      {p.remindedAt ? ` · ${t('receipts.reminded')}` : ''}
                    </Tag>
                  ),
              },
              ...(entity === 'inform'
                ? [
                    {
                      key: 'reply',
                      title: t('receipts.reply'),
                      ellipsis: true,
                      render: (_: unknown, p: Person) => (
                        <Space size={6}>
                          {p.reply || '—'}
                          {p.photoUrl ? (
                            <Image src={p.photoUrl} width={32} height={32} alt={t('receipts.photo')} />
                          ) : null}
                        </Space>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Space>
      )}
    </Drawer>
  );
}
