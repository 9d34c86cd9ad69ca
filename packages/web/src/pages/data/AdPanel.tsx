import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Skeleton, Table } from 'antd';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { Chart } from '../../components/Chart/Chart';
import { EmptyState } from '../../components/EmptyState';
import { playsTrendOption } from './charts';
import { change } from './filter';
import { Kpi } from './Kpi';
import { AD_TYPES } from '@vitrine/contract';
import { enumLabel, keyEnum } from '../../i18n/keys';

const AD_TYPE_WORDS = keyEnum('data:adType', AD_TYPES);

const hours = (s: number) => Math.round(s / 360) / 10;

/** The advertising tab of /data/count: what the screens reported playing, in the same filter. */
export function AdPanel({ body }: { body: { from: string; to: string; group: string } }) {
  const { t } = useTranslation('data');
  const stats = useQuery({ queryKey: keys.stats.ad(body), queryFn: () => call(api.stats.ad, body as never) });
  const r = stats.data;
  if (stats.isPending)
    return (
      <Card data-testid="ads-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (stats.isError || !r)
    return (
      <Card>
        <EmptyState title={t('error')} />
      </Card>
    );
  if (r.summary.plays === 0 && r.previous.plays === 0) {
    return (
      <Card>
        <EmptyState
          testId="ads-empty"
          title={t('ads.emptyTitle')}
          description={t('ads.emptyHint')}
          actions={<Link to="/advert?entity=ad-plan">{t('ads.toPlans')}</Link>}
        />
      </Card>
    );
  }
  const cols = [
    { title: t('ads.plays'), dataIndex: 'plays', key: 'plays', width: 90, align: 'right' as const },
    {
      title: t('ads.hours'),
      key: 'hours',
      width: 90,
      align: 'right' as const,
      render: (_v: unknown, x: { seconds: number }) => hours(x.seconds),
    },
    { title: t('ads.screens'), dataIndex: 'devices', key: 'devices', width: 90, align: 'right' as const },
  ];
  return (
    <div data-testid="ads-panel">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={8}>
          <Kpi
            testId="kpi-plays"
            title={t('ads.plays')}
            value={r.summary.plays}
            delta={change(r.summary.plays, r.previous.plays)}
          />
        </Col>
        <Col xs={12} lg={8}>
          <Kpi
            testId="kpi-hours"
            title={t('ads.hours')}
            value={hours(r.summary.seconds)}
            delta={change(r.summary.seconds, r.previous.seconds)}
          />
        </Col>
        <Col xs={12} lg={8}>
          <Kpi
            testId="kpi-screens"
            title={t('ads.screens')}
            value={r.summary.devices}
            delta={change(r.summary.devices, r.previous.devices)}
          />
        </Col>
      </Row>
      <Card size="small" title={t('ads.trend')} style={{ marginTop: 16 }}>
        <Chart testId="chart-plays" label={t('ads.trend')} option={playsTrendOption(r, t)} />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('ads.byContent')}>
            <Table
              rowKey="contentId"
              size="small"
              data-testid="ads-contents"
              dataSource={r.byContent}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                {
                  title: t('ads.content'),
                  key: 'name',
                  ellipsis: true,
                  render: (_v, c) => `${c.name} · ${enumLabel(t, AD_TYPE_WORDS, c.adType)}`,
                },
                ...cols,
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('ads.byPlan')}>
            <Table
              rowKey="planId"
              size="small"
              data-testid="ads-plans"
              dataSource={r.byPlan}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[{ title: t('ads.plan'), dataIndex: 'name', key: 'name', ellipsis: true }, ...cols]}
            />
          </Card>
          <Card size="small" title={t('ads.byShop')} style={{ marginTop: 16 }}>
            <Table
              rowKey="shopId"
              size="small"
              data-testid="ads-shops"
              dataSource={r.byShop}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                {
                  title: t('byShop.shop'),
                  key: 'shop',
                  ellipsis: true,
                  render: (_v, s) => <Link to={`/store/manage_details?id=${s.shopId}`}>{s.shopName}</Link>,
                },
                ...cols,
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
