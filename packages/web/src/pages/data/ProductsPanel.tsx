import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Card, Col, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { Chart } from '../../components/Chart/Chart';
import { EmptyState } from '../../components/EmptyState';
import { categoryOption, exposureOption } from './charts';
import { change } from './filter';
import { Kpi } from './Kpi';

type Pdt = ResultOf<typeof api.stats.pdt>;
type Comm = ResultOf<typeof api.stats.comm>;
const yuan = (fen: number) =>
  (fen / 100).toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function Delta({ now, before }: { now: number; before: number }) {
  const d = change(now, before);
  if (d === null) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Typography.Text type={d >= 0 ? 'success' : 'danger'}>
      {d >= 0 ? '+' : ''}
      {d}%
    </Typography.Text>
  );
}

/** The products tab of /data/count: each product's sales against the period before, categories, and what product ads did to sales. */
export function ProductsPanel({ body }: { body: { from: string; to: string; group: string } }) {
  const { t } = useTranslation('data');
  const pdt = useQuery({ queryKey: keys.stats.pdt(body), queryFn: () => call(api.stats.pdt, body as never) });
  const comm = useQuery({ queryKey: keys.stats.comm(body), queryFn: () => call(api.stats.comm, body as never) });
  if (pdt.isPending)
    return (
      <Card data-testid="products-loading">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  const r: Pdt | undefined = pdt.data;
  if (pdt.isError || !r)
    return (
      <Card>
        <EmptyState title={t('error')} />
      </Card>
    );
  if (!r.byProduct.length)
    return (
      <Card>
        <EmptyState testId="products-empty" title={t('sales.emptyTitle')} description={t('sales.emptyHint')} />
      </Card>
    );
  const e: Comm | undefined = comm.data;
  const before = r.byProduct.reduce((s, p) => s + p.previous.amount, 0);
  return (
    <div data-testid="products-panel">
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={8}>
          <Kpi
            testId="kpi-products"
            title={t('products.sold')}
            value={r.summary.products}
            delta={change(r.summary.products, r.byProduct.filter((p) => p.previous.orders > 0).length)}
          />
        </Col>
        <Col xs={12} lg={8}>
          <Kpi
            testId="kpi-products-amount"
            title={t('sales.amount')}
            prefix="¥"
            precision={2}
            value={r.summary.amount / 100}
            delta={change(r.summary.amount, before)}
          />
        </Col>
        <Col xs={24} lg={8}>
          <Kpi
            testId="kpi-products-quantity"
            title={t('sales.quantity')}
            value={r.summary.quantity}
            delta={change(
              r.summary.quantity,
              r.byProduct.reduce((s, p) => s + p.previous.quantity, 0),
            )}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('products.categories')}>
            <Chart testId="chart-categories" label={t('products.categories')} option={categoryOption(r, t)} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            title={t('products.exposure')}
            extra={<Typography.Text type="secondary">{t('products.exposureHint')}</Typography.Text>}
          >
            {!e ? (
              <Skeleton active />
            ) : e.list.length ? (
              <Chart testId="chart-exposure" label={t('products.exposure')} option={exposureOption(e, t)} />
            ) : (
              <EmptyState
                testId="exposure-empty"
                title={t('products.noExposure')}
                description={t('products.noExposureHint')}
              />
            )}
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('products.table')} style={{ marginTop: 16 }}>
        <Table
          rowKey="productId"
          size="small"
          data-testid="products-table"
          dataSource={r.byProduct}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            {
              title: t('sales.product'),
              key: 'name',
              ellipsis: true,
              render: (_v, p) => (
                <>
                  {p.name} <Typography.Text type="secondary">{p.code}</Typography.Text>
                </>
              ),
            },
            {
              title: t('products.category'),
              key: 'category',
              width: 110,
              render: (_v, p) => (p.category ? <Tag>{p.category}</Tag> : '—'),
            },
            {
              title: t('sales.amount'),
              key: 'amount',
              width: 120,
              align: 'right',
              render: (_v, p) => yuan(p.amount),
              sorter: (a, b) => a.amount - b.amount,
              defaultSortOrder: 'descend',
            },
            {
              title: t('products.change'),
              key: 'change',
              width: 90,
              align: 'right',
              render: (_v, p) => <Delta now={p.amount} before={p.previous.amount} />,
            },
            { title: t('products.share'), key: 'share', width: 80, align: 'right', render: (_v, p) => `${p.share}%` },
            { title: t('sales.quantity'), dataIndex: 'quantity', key: 'quantity', width: 80, align: 'right' },
            { title: t('sales.orders'), dataIndex: 'orders', key: 'orders', width: 80, align: 'right' },
          ]}
        />
      </Card>
      {e?.list.length ? (
        <Card size="small" title={t('products.exposure')} style={{ marginTop: 16 }}>
          <Table
            rowKey="productId"
            size="small"
            data-testid="exposure-table"
            dataSource={e.list}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            columns={[
              { title: t('sales.product'), key: 'name', ellipsis: true, render: (_v, p) => p.name },
              { title: t('ads.plays'), dataIndex: 'plays', key: 'plays', width: 90, align: 'right' },
              { title: t('products.shops'), dataIndex: 'shops', key: 'shops', width: 80, align: 'right' },
              {
                title: t('products.before'),
                key: 'before',
                width: 110,
                align: 'right',
                render: (_v, p) => p.before.quantity,
              },
              {
                title: t('products.after'),
                key: 'after',
                width: 110,
                align: 'right',
                render: (_v, p) => p.after.quantity,
              },
              {
                title: t('products.lift'),
                key: 'lift',
                width: 90,
                align: 'right',
                render: (_v, p) => (p.lift === null ? '—' : `${p.lift > 0 ? '+' : ''}${p.lift}%`),
              },
            ]}
          />
        </Card>
      ) : null}
    </div>
  );
}
