import { Card } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { findByPath } from '../../app/layout/menuTree';
import { hasBit } from '../../components/LifecycleTable/actions';
import { appStore } from '../../state/app';
import { useStore } from '../../state/store';
import { tierProgress } from '../incentives/format';
import { keys } from '../../api/keys';

type Mine = {
  id: number;
  name: string;
  tiers: { threshold: number }[];
  participants: number;
  me: { rank: number; value: number; tier: number; next: number | null } | null;
};

/** The running schemes I take part in (incentive/mine): how far to the next tier and my rank; nothing when there are none. */
export function HomeIncentives() {
  const { t } = useTranslation('home');
  const { authList } = useStore(appStore, 'authList');
  const menu = findByPath(authList, '/incentives');
  const allowed = menu ? hasBit(menu.weight, 'view') : false;
  const q = useQuery({
    queryKey: keys.incentive.mine(),
    queryFn: () => call(api.incentive.mine, {}),
    enabled: allowed,
  });
  const list = ((q.data?.list ?? []) as Mine[]).filter((s) => s.me).slice(0, 3);
  if (!allowed || !list.length) return null;
  return (
    <Card
      size="small"
      title={<Link to="/incentives">{t('dash.incentives')}</Link>}
      className="vt-home-devices"
      data-testid="home-incentives"
    >
      {list.map((s) => {
        const me = s.me!;
        const pct = tierProgress(me.value, me.tier, me.next, s.tiers);
        return (
          <div key={s.id} className="vt-home-incentive">
            <span className="vt-home-incentive-name">{s.name}</span>
            <div
              className="vt-home-bar"
              role="progressbar"
              aria-valuenow={pct}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={s.name}
            >
              <span style={{ width: `${pct}%` }} />
            </div>
            <span className="vt-text-secondary">
              {me.next === null ? t('dash.top') : t('dash.rank', { rank: me.rank, n: s.participants })}
            </span>
          </div>
        );
      })}
    </Card>
  );
}
