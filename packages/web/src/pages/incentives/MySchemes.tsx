import { Card, Col, Progress, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { EmptyState } from '../../components/EmptyState';
import { formatValue, METRIC_WORDS, OP_SYMBOLS, tierProgress } from './format';
import { enumLabel } from '../../i18n/keys';

type Tier = { threshold: number; reward: string; rewardFen: number };
type Mine = {
  id: number;
  name: string;
  metric: string;
  level: string;
  op: number;
  tiers: Tier[];
  participants: number;
  period: { from: string; to: string };
  me: { rank: number; value: number; tier: number; next: number | null; name: string } | null;
};

/** The running schemes I take part in: my value, the tier I reached, how far the next one is, my rank. */
export function MySchemes() {
  const { t } = useTranslation('incentives');
  const q = useQuery({ queryKey: keys.incentive.mine(), queryFn: () => call(api.incentive.mine, {}) });
  if (q.isLoading) return <Skeleton active paragraph={{ rows: 4 }} />;
  const list = (q.data?.list ?? []) as Mine[];
  if (!list.length)
    return (
      <EmptyState
        testId="incentives-mine-empty"
        icon={<TrophyOutlined />}
        title={t('mine.empty')}
        description={t('mine.emptyHelp')}
      />
    );
  return (
    <Row gutter={[16, 16]} data-testid="incentives-mine">
      {list.map((s) => {
        const me = s.me;
        const value = (v: number) => formatValue(s.metric, v, t);
        const percent = me ? tierProgress(me.value, me.tier, me.next, s.tiers) : 0;
        return (
          <Col key={s.id} xs={24} lg={12}>
            <Card
              title={s.name}
              data-testid={`mine-${s.id}`}
              extra={
                <Typography.Text type="secondary">
                  {s.period.from === s.period.to ? s.period.from : `${s.period.from} ~ ${s.period.to}`}
                </Typography.Text>
              }
            >
              {me ? (
                <Space orientation="vertical" size={12} style={{ width: '100%' }}>
                  <Space size={40} wrap>
                    <Statistic title={enumLabel(t, METRIC_WORDS, s.metric)} value={value(me.value)} />
                    <Statistic title={t('mine.rank')} value={`${me.rank} / ${s.participants}`} />
                  </Space>
                  <Progress
                    percent={percent}
                    status={me.next === null ? 'success' : 'active'}
                    aria-label={t('mine.progress')}
                  />
                  <Typography.Text>
                    {me.next === null
                      ? t('mine.top')
                      : t('mine.toNext', {
                          gap: value(Math.max(0, me.next - me.value)),
                          reward: s.tiers[me.tier + 1]?.reward ?? '',
                        })}
                  </Typography.Text>
                  <Space wrap size={6}>
                    {s.tiers.map((tier, i) => (
                      <Tag key={i} color={me.tier >= i ? 'gold' : undefined}>
                        {OP_SYMBOLS[s.op]} {value(tier.threshold)} · {tier.reward}
                      </Tag>
                    ))}
                  </Space>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('mine.shopOnly')}</Typography.Text>
              )}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}
