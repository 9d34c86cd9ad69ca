import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Skeleton, Statistic, Table, Typography } from 'antd';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { Chart } from '../../components/Chart/Chart';
import { EmptyState } from '../../components/EmptyState';
import { salesTrendOption } from './charts';
import { change } from './filter';
import { Kpi } from './Kpi';

type Sales = ResultOf<typeof api.stats.sale>;
const yuan = (fen: number) =>
  (fen / 100).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The sales tab of /data/count: what the point-of-sale systems reported, in the same filter. */
export function SalesPanel({ body }: { body: { from: string; to: string; group: string } }) {
  const { t } = useTranslation('data');
  const stats = useQuery({ queryKey: keys.stats.sale(body), queryFn: () => call(api.stats.sale, body as never) });
  const r: Sales | undefined = stats.data;
  if (stats.isPending)
    return (
      <Card data-testid="sales-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (stats.isError || !r)
    return (
      <Card>
        <EmptyState title={t('error')} />
      </Card>
    );
  if (r.summary.orders === 0 && r.previous.orders === 0) {
    return (
      <Card>
        <EmptyState testId="sales-empty" title={t('sales.emptyTitle')} description={t('sales.emptyHint')} />
      </Card>
    );
  }
  const visits = r.byShop.reduce((s, x) => s + x.visits, 0);
  const per100 = visits ? Math.round((r.summary.orders * 1000) / visits) / 10 : 0;
  return (
    <div data-testid="sales-panel">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Kpi
            testId="kpi-amount"
            title={t('sales.amount')}
            prefix="¥"
            precision={2}
            value={r.summary.amount / 100}
            delta={change(r.summary.amount, r.previous.amount)}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            testId="kpi-orders"
            title={t('sales.orders')}
            value={r.summary.orders}
            delta={change(r.summary.orders, r.previous.orders)}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Kpi
            testId="kpi-quantity"
            title={t('sales.quantity')}
            value={r.summary.quantity}
            delta={change(r.summary.quantity, r.previous.quantity)}
          />
        </Col>
        <Col xs={12} lg={6}>
          <Card size="small" data-testid="kpi-per100">
            <Statistic title={t('sales.per100')} value={per100} precision={1} />
            <Typography.Text type="secondary">{t('sales.per100Hint')}</Typography.Text>
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('sales.trend')} style={{ marginTop: 16 }}>
        <Chart testId="chart-sales" label={t('sales.trend')} option={salesTrendOption(r, t)} />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('sales.byShop')}>
            <Table
              rowKey="shopId"
              size="small"
              data-testid="sales-shops"
              dataSource={r.byShop}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                {
                  title: t('byShop.shop'),
                  key: 'shop',
                  ellipsis: true,
                  render: (_v, s) => <Link to={`/store/manage_details?id=${s.shopId}`}>{s.shopName}</Link>,
                },
                {
                  title: t('sales.amount'),
                  key: 'amount',
                  width: 120,
                  align: 'right',
                  render: (_v, s) => yuan(s.amount),
                  sorter: (a, b) => a.amount - b.amount,
                  defaultSortOrder: 'descend',
                },
                { title: t('sales.orders'), dataIndex: 'orders', key: 'orders', width: 80, align: 'right' },
                { title: t('kpi.visits'), dataIndex: 'visits', key: 'visits', width: 90, align: 'right' },
                {
                  title: t('sales.per100'),
                  dataIndex: 'per100',
                  key: 'per100',
                  width: 110,
                  align: 'right',
                  sorter: (a, b) => a.per100 - b.per100,
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('sales.byProduct')}>
            <Table
              rowKey="productId"
              size="small"
              data-testid="sales-products"
              dataSource={r.byProduct}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                { title: t('sales.product'), key: 'name', ellipsis: true, render: (_v, p) => `${p.name} · ${p.code}` },
                {
                  title: t('sales.amount'),
                  key: 'amount',
                  width: 120,
                  align: 'right',
                  render: (_v, p) => yuan(p.amount),
                },
                { title: t('sales.quantity'), dataIndex: 'quantity', key: 'quantity', width: 90, align: 'right' },
              ]}
            />
          </Card>
          <Card size="small" title={t('sales.byEmployee')} style={{ marginTop: 16 }}>
            <Table
              rowKey="employeeId"
              size="small"
              data-testid="sales-employees"
              dataSource={r.byEmployee}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              columns={[
                {
                  title: t('sales.employee'),
                  key: 'name',
                  ellipsis: true,
                  render: (_v, e) => `${e.name} · ${e.shopName}`,
                },
                {
                  title: t('sales.amount'),
                  key: 'amount',
                  width: 120,
                  align: 'right',
                  render: (_v, e) => yuan(e.amount),
                },
                { title: t('sales.orders'), dataIndex: 'orders', key: 'orders', width: 80, align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
