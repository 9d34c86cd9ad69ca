import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams, Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button, Card, Col, DatePicker, Row, Segmented, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { dayjs } from '../../i18n/dayjs';
import { AGE_BUCKETS, STATS_GROUPS, STATS_SHORTCUT_DAYS, type PaResult } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { Chart } from '../../components/Chart/Chart';
import { EmptyState } from '../../components/EmptyState';
import { TreeDialog } from '../../components/TreeDialog/TreeDialog';
import { ageOption, genderOption, heatOption, trendOption } from './charts';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { bodyOf, change, GENDERS, readFilter, writeFilter, type CountFilter, type Gender } from './filter';
import { Kpi } from './Kpi';
import { AdPanel } from './AdPanel';
import { ExportButton } from './ExportButton';
import { hasBit } from '../../components/LifecycleTable/actions';
import { menuStore } from '../../state/menu';
import { SalesPanel } from './SalesPanel';
import { ProductsPanel } from './ProductsPanel';
import { SalesImport } from './SalesImport';

type ShopRow = PaResult['byShop'][number];

/** /data/count: visitor flow from what the screens reported — KPIs, trend, ages, genders, hours, shops. */
export default function CountPage() {
  const { t } = useTranslation('data');
  const [params, setParams] = useSearchParams();
  const timeZone = useStore(appStore).activeCom.timeZone;
  const bits = useStore(menuStore).nodePermissions;
  const filter = useMemo(() => readFilter(params, new Date(), timeZone), [params, timeZone]);
  const [picking, setPicking] = useState(false);
  const update = (f: Partial<CountFilter>) => setParams(writeFilter(f, params), { replace: true });
  const body = bodyOf(filter);
  const wanted = params.get('tab');
  const tab = wanted === 'sales' || wanted === 'ads' || wanted === 'products' ? wanted : 'visitors';
  const stats = useQuery({
    queryKey: keys.stats.pa(body),
    queryFn: () => call(api.stats.pa, body),
    enabled: tab === 'visitors',
  });
  const r = stats.data;
  // with a gender chosen, the female share says nothing (0 or 100 %): that gender's share of all visits instead
  const everyoneBody = bodyOf({ ...filter, gender: undefined });
  const everyone = useQuery({
    queryKey: keys.stats.pa(everyoneBody),
    queryFn: () => call(api.stats.pa, everyoneBody),
    enabled: tab === 'visitors' && filter.gender !== undefined,
  });
  const all = everyone.data;
  const share = r && all?.summary.visits ? Math.round((r.summary.visits * 100) / all.summary.visits) : 0;
  const shareBefore = r && all?.previous.visits ? Math.round((r.previous.visits * 100) / all.previous.visits) : 0;
  const actions = r ? AGE_BUCKETS.reduce((s, b) => s + r.summary[`age_act_${b}`], 0) : 0;
  const actionsBefore = r ? AGE_BUCKETS.reduce((s, b) => s + r.previous[`age_act_${b}`], 0) : 0;

  return (
    <div data-testid="count-page">
      <Space style={{ marginBottom: 12 }} size={16} align="center">
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="count-title">
          {t(`titles.${tab}`)}
        </Typography.Title>
        <Segmented<'visitors' | 'ads' | 'sales' | 'products'>
          data-testid="count-tab"
          value={tab}
          options={(['visitors', 'ads', 'sales', 'products'] as const).map((v) => ({ value: v, label: t(`tab.${v}`) }))}
          onChange={(v) => {
            const next = new URLSearchParams(params);
            if (v === 'visitors') next.delete('tab');
            else next.set('tab', v);
            setParams(next, { replace: true });
          }}
        />
        {tab === 'sales' && hasBit(bits, 'create') ? <SalesImport /> : null}
        {hasBit(bits, 'export') ? (
          <ExportButton
            kind={tab === 'ads' ? 'plays' : tab === 'sales' || tab === 'products' ? 'sales' : 'visits'}
            body={body}
          />
        ) : null}
      </Space>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Space wrap size={[16, 8]}>
          <Segmented<number | 'custom'>
            aria-label={t('filter.period')}
            value={filter.days ?? 'custom'}
            options={[
              ...STATS_SHORTCUT_DAYS.map((d) => ({ value: d, label: t('filter.lastDays', { count: d }) })),
              { value: 'custom', label: t('filter.custom'), disabled: true },
            ]}
            onChange={(v) => typeof v === 'number' && update({ days: v, group: v === 90 ? 'week' : 'day' })}
            data-testid="count-days"
          />
          <DatePicker.RangePicker
            aria-label={t('filter.dates')}
            allowClear={false}
            value={[dayjs(filter.from), dayjs(filter.to)]}
            disabledDate={(d) => d.isAfter(dayjs(), 'day')}
            onChange={(v) =>
              v?.[0] && v[1] && update({ days: null, from: v[0].format('YYYY-MM-DD'), to: v[1].format('YYYY-MM-DD') })
            }
          />
          <Segmented
            aria-label={t('filter.group')}
            value={filter.group}
            options={STATS_GROUPS.map((g) => ({ value: g, label: t(`group.${g}`) }))}
            onChange={(v) => update({ group: v })}
            data-testid="count-group"
          />
          <Select
            aria-label={t('filter.gender')}
            allowClear
            placeholder={t('filter.anyGender')}
            style={{ width: 130 }}
            value={filter.gender}
            onChange={(v?: Gender) => update({ gender: v })}
            options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
          />
          <Select
            aria-label={t('filter.deviceType')}
            allowClear
            placeholder={t('filter.anyDevice')}
            style={{ width: 150 }}
            value={filter.DeviceType}
            onChange={(v?: 'big' | 'pad') => update({ DeviceType: v })}
            options={(['big', 'pad'] as const).map((d) => ({ value: d, label: t(`deviceType.${d}`) }))}
          />
          <Button icon={<ApartmentOutlined />} onClick={() => setPicking(true)} data-testid="count-shops">
            {filter.scope ? t('filter.shopsChosen', { count: filter.shopCount }) : t('filter.allShops')}
          </Button>
          {filter.scope ? (
            <Button type="link" onClick={() => update({ scope: null })}>
              {t('filter.clearShops')}
            </Button>
          ) : null}
        </Space>
      </Card>
      <TreeDialog
        open={picking}
        mode="shops"
        value={filter.scope ?? undefined}
        onCancel={() => setPicking(false)}
        onOk={(range, count) => {
          setPicking(false);
          const empty = range.p.length + range.c.length + range.a.length + range.s.length === 0;
          update({ scope: empty ? null : range, shopCount: count });
        }}
      />

      {tab === 'sales' ? (
        <SalesPanel body={body} />
      ) : tab === 'products' ? (
        <ProductsPanel body={body} />
      ) : tab === 'ads' ? (
        <AdPanel body={body} />
      ) : stats.isPending ? (
        <Card data-testid="count-loading">
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : stats.isError || !r ? (
        <Card>
          <EmptyState title={t('error')} />
        </Card>
      ) : r.summary.visits === 0 && r.previous.visits === 0 ? (
        <Card>
          <EmptyState
            testId="count-empty"
            title={t('empty.title')}
            description={t('empty.description')}
            actions={
              <Link to="/store/store?entity=device">
                <Button type="primary">{t('empty.toDevices')}</Button>
              </Link>
            }
          />
        </Card>
      ) : (
        <>
          <Row gutter={[16, 16]}>
            <Col xs={12} lg={6}>
              <Kpi
                testId="kpi-visits"
                title={t('kpi.visits')}
                value={r.summary.visits}
                delta={change(r.summary.visits, r.previous.visits)}
              />
            </Col>
            <Col xs={12} lg={6}>
              <Kpi
                testId="kpi-actions"
                title={t('kpi.actions')}
                value={actions}
                delta={change(actions, actionsBefore)}
              />
            </Col>
            <Col xs={12} lg={6}>
              {filter.gender === undefined ? (
                <Kpi
                  testId="kpi-female"
                  title={t('kpi.female')}
                  value={r.summary.female_num}
                  suffix="%"
                  delta={change(r.summary.female_num, r.previous.female_num)}
                />
              ) : (
                <Kpi
                  testId="kpi-share"
                  title={t('kpi.share', { gender: t(`gender.${filter.gender}`) })}
                  value={share}
                  suffix="%"
                  delta={change(share, shareBefore)}
                  loading={everyone.isPending}
                />
              )}
            </Col>
            <Col xs={12} lg={6}>
              <Kpi
                testId="kpi-dwell"
                title={t('kpi.dwell')}
                value={r.summary.dwell}
                suffix={t('kpi.seconds')}
                delta={change(r.summary.dwell, r.previous.dwell)}
              />
            </Col>
          </Row>
          <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
            <Col xs={24} xl={16}>
              <Card size="small" title={t('chart.trend')}>
                <Chart testId="chart-trend" label={t('chart.trend')} option={trendOption(r, t)} />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card size="small" title={t('chart.gender')}>
                <Chart testId="chart-gender" label={t('chart.gender')} option={genderOption(r, t)} />
              </Card>
            </Col>
            <Col xs={24} xl={10}>
              <Card size="small" title={t('chart.age')}>
                <Chart testId="chart-age" label={t('chart.age')} option={ageOption(r, t)} />
              </Card>
            </Col>
            <Col xs={24} xl={14}>
              <Card size="small" title={t('chart.heat')}>
                <Chart testId="chart-heat" label={t('chart.heat')} option={heatOption(r, t)} height={300} />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('byShop.title')} style={{ marginTop: 16 }}>
            <Table<ShopRow>
              rowKey="shopId"
              size="small"
              data-testid="count-shops-table"
              dataSource={r.byShop}
              pagination={{ pageSize: 10, showSizeChanger: false }}
              scroll={{ x: 900 }}
              columns={[
                {
                  title: t('byShop.shop'),
                  key: 'shop',
                  ellipsis: true,
                  render: (_v, s) => <Link to={`/store/manage_details?id=${s.shopId}`}>{s.shopName}</Link>,
                },
                {
                  title: t('kpi.visits'),
                  dataIndex: 'visits',
                  key: 'visits',
                  width: 100,
                  sorter: (a, b) => a.visits - b.visits,
                  defaultSortOrder: 'descend',
                },
                ...AGE_BUCKETS.map((b) => ({ title: b, dataIndex: b, key: b, width: 80 })),
                { title: t('gender.2'), key: 'f', width: 80, render: (_v: unknown, s: ShopRow) => `${s.female_num}%` },
                { title: t('gender.1'), key: 'm', width: 80, render: (_v: unknown, s: ShopRow) => `${s.male_num}%` },
                {
                  title: t('kpi.dwell'),
                  key: 'dwell',
                  width: 110,
                  render: (_v: unknown, s: ShopRow) => (
                    <Tag>
                      {s.dwell} {t('kpi.seconds')}
                    </Tag>
                  ),
                },
              ]}
            />
          </Card>
        </>
      )}
    </div>
  );
}
