import { useState } from 'react';
import { Drawer, Progress, Segmented, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { TrophyFilled } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { ExportButton } from '../data/ExportButton';
import type { IncentiveRow } from './entities';
import { formatValue, tierProgress } from './format';

type Standing = { rank: number; id: number; name: string; shopName: string; value: number; tier: number; next: number | null };
type Settled = { periodKey: string; from: string; to: string; participantId: number; name: string; shopName: string; value: number; tier: number; reward: string; rewardFen: number };
const MEDALS = ['#d4a017', '#9aa4ad', '#b0703c'];

/** A scheme's standings in the current period (ranks of the whole scheme) and who earned what in ended periods. */
export function ProgressDrawer({ scheme, canExport, onClose }: { scheme: IncentiveRow | null; canExport: boolean; onClose: () => void }) {
  const { t } = useTranslation('incentives');
  const [view, setView] = useState<'progress' | 'settlements'>('progress');
  const [pageNum, setPageNum] = useState(1);
  const progress = useQuery({
    queryKey: ['incentive', scheme?.id, 'progress', pageNum],
    queryFn: () => call(api.incentive.progress, { id: scheme!.id, pageNum, pageSize: PAGE_SIZE }),
    enabled: !!scheme && view === 'progress', placeholderData: keepPreviousData,
  });
  const settled = useQuery({
    queryKey: ['incentive', scheme?.id, 'settlements', pageNum],
    queryFn: () => call(api.incentive.settlements, { id: scheme!.id, pageNum, pageSize: PAGE_SIZE }),
    enabled: !!scheme && view === 'settlements', placeholderData: keepPreviousData,
  });
  if (!scheme) return <Drawer open={false} />;
  const value = (v: number) => formatValue(scheme.metric, v, t);
  const tierTag = (tier: number) => (tier >= 0 ? <Tag color="gold">{scheme.tiers[tier]?.reward}</Tag> : <Tag>{t('tier.none')}</Tag>);
  return (
    <Drawer open onClose={onClose} size="large" destroyOnHidden title={t('progress.title', { name: scheme.name })} data-testid="incentive-progress"
      extra={canExport ? <ExportButton path="incentive/export" kind={view} body={{ id: scheme.id }} /> : null}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Segmented value={view} onChange={(v) => { setView(v as typeof view); setPageNum(1); }}
          options={[{ value: 'progress', label: t('progress.current') }, { value: 'settlements', label: t('progress.settled') }]} />
        {view === 'progress' ? (
          !progress.data ? <Skeleton active /> : (
            <>
              <Typography.Text type="secondary" data-testid="incentive-period">
                {t('progress.period', { from: progress.data.period.from, to: progress.data.period.to, reached: progress.data.reachedCount, total: progress.data.total })}
              </Typography.Text>
              <Table<Standing>
                rowKey="id" size="small" dataSource={progress.data.list as Standing[]} data-testid="incentive-standings"
                pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: progress.data.total, onChange: setPageNum, showSizeChanger: false }}
                columns={[
                  { key: 'rank', title: t('progress.rank'), width: 70, render: (_, s) => (s.rank <= 3 ? <Space size={4}><TrophyFilled style={{ color: MEDALS[s.rank - 1] }} aria-hidden />{s.rank}</Space> : s.rank) },
                  { key: 'name', title: t('progress.name'), render: (_, s) => <>{s.name}{scheme.level === 'employee' ? <Typography.Text type="secondary"> · {s.shopName}</Typography.Text> : null}</> },
                  { key: 'value', title: t('progress.value'), align: 'right', render: (_, s) => value(s.value) },
                  { key: 'tier', title: t('progress.tier'), render: (_, s) => tierTag(s.tier) },
                  { key: 'next', title: t('progress.toNext'), width: 180, render: (_, s) => (
                    s.next === null ? <Tag color="success">{t('progress.top')}</Tag>
                      : <Progress percent={tierProgress(s.value, s.tier, s.next, scheme.tiers)} size="small" format={() => value(s.next!)} aria-label={t('progress.toNextOf', { value: value(s.next!) })} />) },
                ]}
              />
            </>
          )
        ) : !settled.data ? <Skeleton active /> : (
          <Table<Settled>
            rowKey={(r) => `${r.periodKey}-${r.participantId}`} size="small" dataSource={settled.data.list as Settled[]} data-testid="incentive-settlements"
            locale={{ emptyText: t('progress.noSettlement') }}
            pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: settled.data.total, onChange: setPageNum, showSizeChanger: false }}
            columns={[
              { key: 'period', title: t('progress.periodCol'), render: (_, r) => (r.from === r.to ? r.from : `${r.from} ~ ${r.to}`) },
              { key: 'name', title: t('progress.name'), render: (_, r) => r.name },
              { key: 'value', title: t('progress.value'), align: 'right', render: (_, r) => value(r.value) },
              { key: 'reward', title: t('progress.reward'), render: (_, r) => (r.tier >= 0 ? <>{r.reward}{r.rewardFen ? ` · ¥${(r.rewardFen / 100).toFixed(2)}` : ''}</> : '—') },
            ]}
          />
        )}
      </Space>
    </Drawer>
  );
}
