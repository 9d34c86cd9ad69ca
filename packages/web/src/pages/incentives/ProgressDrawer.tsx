import { useState } from 'react';
import { Drawer, Progress, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { TrophyFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { ExportButton } from '../data/ExportButton';
import type { IncentiveRow } from './entities';
import { formatValue, tierProgress } from './format';
import { keys } from '../../api/keys';
import { PagedTable, usePaged } from '../../components/PagedTable';
import type { ResultOf } from '@vitrine/contract';

type Standing = ResultOf<typeof api.incentive.progress>['list'][number];
type Settled = ResultOf<typeof api.incentive.settlements>['list'][number];
const MEDALS = ['#d4a017', '#9aa4ad', '#b0703c'];

/** A scheme's standings in the current period (ranks of the whole scheme) and who earned what in ended periods. */
export function ProgressDrawer({
  scheme,
  canExport,
  onClose,
}: {
  scheme: IncentiveRow | null;
  canExport: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('incentives');
  const [view, setView] = useState<'progress' | 'settlements'>('progress');
  const progress = usePaged({
    key: (pageNum) => keys.incentive.progress(scheme?.id, pageNum),
    fetch: (page) => call(api.incentive.progress, { id: scheme!.id, ...page }),
    enabled: !!scheme && view === 'progress',
  });
  const settled = usePaged({
    key: (pageNum) => keys.incentive.settlements(scheme?.id, pageNum),
    fetch: (page) => call(api.incentive.settlements, { id: scheme!.id, ...page }),
    enabled: !!scheme && view === 'settlements',
  });
  if (!scheme) return <Drawer open={false} />;
  const value = (v: number) => formatValue(scheme.metric, v, t);
  const tierTag = (tier: number) =>
    tier >= 0 ? <Tag color="gold">{scheme.tiers[tier]?.reward}</Tag> : <Tag>{t('tier.none')}</Tag>;
  return (
    <Drawer
      open
      onClose={onClose}
      size="large"
      destroyOnHidden
      title={t('progress.title', { name: scheme.name })}
      data-testid="incentive-progress"
      extra={canExport ? <ExportButton path="incentive/export" kind={view} body={{ id: scheme.id }} /> : null}
    >
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Segmented
          value={view}
          onChange={(v) => setView(v as typeof view)}
          options={[
            { value: 'progress', label: t('progress.current') },
            { value: 'settlements', label: t('progress.settled') },
          ]}
        />
        {view === 'progress' ? (
          !progress.query.data ? (
            <Skeleton active />
          ) : (
            <>
              <Typography.Text type="secondary" data-testid="incentive-period">
                {t('progress.period', {
                  from: progress.query.data.period.from,
                  to: progress.query.data.period.to,
                  reached: progress.query.data.reachedCount,
                  total: progress.query.data.total,
                })}
              </Typography.Text>
              <PagedTable<Standing>
                size="small"
                source={progress}
                testId="incentive-standings"
                columns={[
                  {
                    key: 'rank',
                    title: t('progress.rank'),
                    width: 70,
                    render: (_, s) =>
                      s.rank <= 3 ? (
                        <Space size={4}>
                          <TrophyFilled style={{ color: MEDALS[s.rank - 1] }} aria-hidden />
                          {s.rank}
                        </Space>
                      ) : (
                        s.rank
                      ),
                  },
                  {
                    key: 'name',
                    title: t('progress.name'),
                    render: (_, s) => (
                      <>
                        {s.name}
                        {scheme.level === 'employee' ? (
                          <Typography.Text type="secondary"> · {s.shopName}</Typography.Text>
                        ) : null}
                      </>
                    ),
                  },
                  { key: 'value', title: t('progress.value'), align: 'right', render: (_, s) => value(s.value) },
                  { key: 'tier', title: t('progress.tier'), render: (_, s) => tierTag(s.tier) },
                  {
                    key: 'next',
                    title: t('progress.toNext'),
                    width: 180,
                    render: (_, s) =>
                      s.next === null ? (
                        <Tag color="success">{t('progress.top')}</Tag>
                      ) : (
                        <Progress
                          percent={tierProgress(s.value, s.tier, s.next, scheme.tiers)}
                          size="small"
                          format={() => value(Math.max(0, s.next! - s.value))}
                          aria-label={t('progress.toNextOf', {
                            gap: value(Math.max(0, s.next! - s.value)),
                            value: value(s.next!),
                          })}
                        />
                      ),
                  },
                ]}
              />
            </>
          )
        ) : !settled.query.data ? (
          <Skeleton active />
        ) : (
          <PagedTable<Settled>
            rowKey={(r) => `${r.periodKey}-${r.participantId}`}
            size="small"
            source={settled}
            testId="incentive-settlements"
            empty={t('progress.noSettlement')}
            columns={[
              {
                key: 'period',
                title: t('progress.periodCol'),
                render: (_, r) => (r.from === r.to ? r.from : `${r.from} ~ ${r.to}`),
              },
              { key: 'name', title: t('progress.name'), render: (_, r) => r.name },
              { key: 'value', title: t('progress.value'), align: 'right', render: (_, r) => value(r.value) },
              {
                key: 'reward',
                title: t('progress.reward'),
                render: (_, r) =>
                  r.tier >= 0 ? (
                    <>
                      {r.reward}
                      {r.rewardFen ? ` · ¥${(r.rewardFen / 100).toFixed(2)}` : ''}
                    </>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}
