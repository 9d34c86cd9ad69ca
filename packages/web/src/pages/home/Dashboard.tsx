import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeIncentives } from './HomeIncentives';
import { homeQuery } from './homeQuery';
import { Card, Skeleton } from 'antd';
import { Cell, Grid } from './Grid';
import { type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { DEVICE_STATUS_COLORS } from '../../components/StatusTag/statusWords';
import { pageDenied } from '../../app/layout/menuTree';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { enumLabel, keyEnum } from '../../i18n/keys';

type Home = ResultOf<typeof api.stats.home>;

/** Seven days as a small line (no chart library on the first screen). */
function Spark({ values, testId }: { values: number[]; testId: string }) {
  const max = Math.max(1, ...values);
  const points = values.map((v, i) => `${(i / Math.max(1, values.length - 1)) * 100},${28 - (v / max) * 26}`).join(' ');
  return (
    <svg
      viewBox="0 0 100 30"
      preserveAspectRatio="none"
      width="100%"
      height={36}
      data-testid={testId}
      role="img"
      aria-hidden
    >
      <polyline points={points} fill="none" stroke="#2f5bea" strokeWidth={2} vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

function Figure({
  label,
  value,
  sub,
  to,
  testId,
}: {
  label: string;
  value: string | number;
  sub?: string;
  to?: string;
  testId: string;
}) {
  const body = (
    <Card size="small" hoverable={!!to} data-testid={testId} className="vt-home-figure">
      <span className="vt-text-secondary">{label}</span>
      <div className="vt-home-figure-value">{value}</div>
      {sub ? <span className="vt-text-secondary vt-home-figure-sub">{sub}</span> : null}
    </Card>
  );
  return to ? <Link to={to}>{body}</Link> : body;
}

const yuan = (fen: number) => `¥${(fen / 100).toLocaleString(undefined, { maximumFractionDigits: 0 })}`;
const delta = (now: number, before: number) => (before ? Math.round(((now - before) / before) * 100) : null);

/**
 * While stats/home loads: the cards the role will see (the server shows an area's figures to whoever
 * may view its page), in the same grid and heights, so nothing below moves when they arrive (CLS).
 */
function DashboardSkeleton() {
  const { authList } = useStore(appStore, 'authList');
  const may = (path: string) => !pageDenied(authList, path);
  const card = (testId: string, className = 'vt-home-figure vt-home-skeleton') => (
    <Card size="small" className={className} data-testid={testId}>
      <Skeleton active title={false} paragraph={{ rows: 2 }} />
    </Card>
  );
  return (
    <div className="vt-home-dashboard" data-testid="home-dashboard-loading" aria-busy>
      <Grid>
        {may('/data/count') ? (
          <Cell xs={24} md={12} xl={8}>
            {card('skeleton-visitors', 'vt-home-figure vt-home-skeleton vt-home-skeleton-tall')}
          </Cell>
        ) : null}
        {may('/data/count') ? (
          <Cell xs={24} md={12} xl={8}>
            {card('skeleton-sales')}
          </Cell>
        ) : null}
        {may('/advert') ? (
          <Cell xs={12} md={6} xl={4}>
            {card('skeleton-plans')}
          </Cell>
        ) : null}
        {may('/inform') ? (
          <Cell xs={12} md={6} xl={4}>
            {card('skeleton-inform')}
          </Cell>
        ) : null}
        <Cell xs={12} md={6} xl={4}>
          {card('skeleton-unread', 'vt-home-figure vt-home-skeleton vt-home-skeleton-short')}
        </Cell>
      </Grid>
      {may('/store') ? card('skeleton-devices', 'vt-home-devices vt-home-skeleton vt-home-skeleton-devices') : null}
    </div>
  );
}

/** The morning figures of /home (stats/home): only what the caller's job may see, all reported. */
/** The entities whose records the server counts for review (server: domains/sales/home.ts), by name. */
const REVIEW_WORDS = keyEnum('home:dash.entity', [
  'shop',
  'et',
  'employee',
  'member',
  'device',
  'commodity',
  'ad-content',
  'ad-plan',
  'inform',
  'inform2',
  'incentive',
]);
/** The page where each entity's records wait for review (default /store/store). */
const REVIEW_PAGE: Record<string, string> = {
  commodity: '/advert',
  'ad-content': '/advert',
  'ad-plan': '/advert',
  inform: '/inform',
  inform2: '/inform',
  incentive: '/incentives',
};

export function Dashboard() {
  const { t } = useTranslation('home');
  const home = useQuery({ ...homeQuery(), refetchInterval: 60_000 });
  if (home.isPending) return <DashboardSkeleton />;
  const r: Home | undefined = home.data;
  if (!r) return null;
  const vs = (now: number, before: number) => {
    const d = delta(now, before);
    return d === null ? t('dash.noYesterday') : t('dash.vsYesterday', { sign: d >= 0 ? '+' : '−', pct: Math.abs(d) });
  };
  return (
    <div className="vt-home-dashboard" data-testid="home-dashboard">
      <Grid>
        {r.visitors ? (
          <Cell xs={24} md={12} xl={8}>
            <Link to="/data/count?days=7">
              <Card size="small" hoverable data-testid="home-visitors" className="vt-home-figure">
                <span className="vt-text-secondary">{t('dash.visitorsToday')}</span>
                <div className="vt-home-figure-value">{r.visitors.today.toLocaleString()}</div>
                <span className="vt-text-secondary vt-home-figure-sub">
                  {vs(r.visitors.today, r.visitors.yesterday)} ·{' '}
                  {t('dash.week', { n: r.visitors.days.reduce((s, d) => s + d.visits, 0).toLocaleString() })}
                </span>
                <Spark values={r.visitors.days.map((d) => d.visits)} testId="home-visitors-trend" />
              </Card>
            </Link>
          </Cell>
        ) : null}
        {r.sales ? (
          <Cell xs={24} md={12} xl={8}>
            <Figure
              testId="home-sales"
              label={t('dash.salesToday')}
              value={yuan(r.sales.today.amount)}
              to="/data/count?tab=sales&days=7"
              sub={`${t('dash.orders', { count: r.sales.today.orders })} · ${vs(r.sales.today.amount, r.sales.yesterday.amount)}`}
            />
          </Cell>
        ) : null}
        {r.plans ? (
          <Cell xs={12} md={6} xl={4}>
            <Figure testId="home-plans" label={t('dash.livePlans')} value={r.plans.live} to="/advert?entity=ad-plan" />
          </Cell>
        ) : null}
        {r.notifications ? (
          <Cell xs={12} md={6} xl={4}>
            <Figure
              testId="home-inform"
              label={t('dash.toConfirm')}
              value={r.notifications.toConfirm}
              to="/inform?tab=received"
              sub={[
                r.notifications.overdue
                  ? t('dash.overdue', { n: r.notifications.overdue })
                  : r.notifications.toConfirm
                    ? ''
                    : t('dash.allDone'),
                r.notifications.toRead ? t('dash.toRead', { count: r.notifications.toRead }) : '',
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </Cell>
        ) : null}
        <Cell xs={12} md={6} xl={4}>
          <Figure testId="home-unread" label={t('dash.unread')} value={r.unread} to="/news" />
        </Cell>
      </Grid>
      {r.devices ? (
        <Card
          size="small"
          title={t('dash.screens', { n: r.devices.total })}
          className="vt-home-devices"
          data-testid="home-devices"
        >
          <div className="vt-home-status-row">
            {([7, 1, 3, 0] as const).map((code) => (
              <Link
                key={code}
                to={`/store/store?entity=device&status=${code}`}
                className="vt-home-status"
                data-testid={`home-devices-${code}`}
              >
                <span className="vt-home-status-dot" style={{ background: DEVICE_STATUS_COLORS[code] }} />
                <span>{t(`dash.status.${code}`)}</span>
                <strong>{r.devices!.byStatus[String(code)] ?? 0}</strong>
              </Link>
            ))}
            {r.devices.never ? (
              <span className="vt-text-secondary">{t('dash.never', { n: r.devices.never })}</span>
            ) : null}
          </div>
        </Card>
      ) : null}
      <HomeIncentives />
      {r.review.length ? (
        <Card size="small" title={t('dash.review')} className="vt-home-devices" data-testid="home-review">
          <div className="vt-home-status-row">
            {r.review.map((x) => (
              <Link
                key={x.entity}
                to={`${REVIEW_PAGE[x.entity] ?? '/store/store'}?entity=${x.entity}&tab=review`}
                className="vt-home-status"
              >
                <span>{enumLabel(t, REVIEW_WORDS, x.entity)}</span>
                <strong>{x.count}</strong>
              </Link>
            ))}
          </div>
        </Card>
      ) : null}
    </div>
  );
}
