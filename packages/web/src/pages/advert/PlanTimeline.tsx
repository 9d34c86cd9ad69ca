import { Alert, Drawer, Empty, Spin, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { dayjs } from '../../i18n/dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';

dayjs.extend(utc);
dayjs.extend(timezone);

const DAY = 86_400;
const PALETTE = ['#1677ff', '#52c41a', '#fa8c16', '#722ed1', '#eb2f96', '#13c2c2', '#faad14', '#2f54eb'];

/** A screen's next 7 local days as bars per day: which plan plays when (ad-plan/timeline, the device API's resolution). */
export function PlanTimeline({
  device,
  onClose,
}: {
  device: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('advert');
  const data = useQuery({
    queryKey: keys.plan.timeline(device?.id),
    queryFn: () => call(api['ad-plan'].timeline, { deviceId: device!.id }),
    enabled: !!device,
  });
  const tl = data.data;
  const start = tl ? dayjs().tz(tl.timezone).startOf('day') : null;
  const days = start ? Array.from({ length: 7 }, (_, i) => start.add(i, 'day')) : [];
  const colour = (planId: number) => PALETTE[planId % PALETTE.length];
  // plans by name, not number (issue 25 §5); an unnamed one (deleted meanwhile) keeps its number
  const nameOf = (planId: number) => tl?.plans.find((p) => p.id === planId)?.name ?? t('timeline.plan', { id: planId });
  const shown = tl ? [...new Set(tl.segments.map((s) => s.planId))] : [];
  const hhmm = (at: number) => (tl ? dayjs.unix(at).tz(tl.timezone).format('HH:mm') : '');
  const FALLBACK = '#f0f0f0';
  return (
    <Drawer
      open={!!device}
      onClose={onClose}
      size={760}
      title={t('timeline.title', { name: device?.name ?? '' })}
      destroyOnHidden
    >
      <Spin spinning={data.isFetching}>
        {tl ? (
          <div data-testid="plan-timeline">
            <Typography.Paragraph type="secondary">
              {t('timeline.timezone', { tz: tl.timezone })}
              {tl.fallback ? ` · ${t('timeline.fallback', { name: nameOf(tl.fallback.planId) })}` : ''}
            </Typography.Paragraph>
            {!tl.segments.length && !tl.fallback ? <Alert type="info" showIcon title={t('timeline.nothing')} /> : null}
            {days.map((d) => {
              const from = d.unix();
              const segs = tl.segments.filter((s) => s.to > from && s.from < from + DAY);
              return (
                <div key={from} style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '6px 0' }}>
                  <div style={{ width: 90, flex: 'none' }}>{d.format('MM-DD ddd')}</div>
                  <div
                    style={{
                      position: 'relative',
                      flex: 1,
                      height: 22,
                      background: tl.fallback ? FALLBACK : '#fafafa',
                      borderRadius: 4,
                    }}
                  >
                    {segs.map((s) => {
                      const a = Math.max(s.from, from) - from;
                      const b = Math.min(s.to, from + DAY) - from;
                      return (
                        <Tooltip
                          key={`${s.from}-${s.planId}`}
                          title={`${nameOf(s.planId)} · ${hhmm(s.from)}–${hhmm(s.to)}`}
                        >
                          <div
                            style={{
                              position: 'absolute',
                              left: `${(a / DAY) * 100}%`,
                              width: `${((b - a) / DAY) * 100}%`,
                              top: 0,
                              bottom: 0,
                              background: colour(s.planId),
                              borderRadius: 3,
                            }}
                          />
                        </Tooltip>
                      );
                    })}
                  </div>
                </div>
              );
            })}
            <div
              style={{ display: 'flex', marginLeft: 98, justifyContent: 'space-between', color: '#999', fontSize: 12 }}
            >
              {['00:00', '06:00', '12:00', '18:00', '24:00'].map((h) => (
                <span key={h}>{h}</span>
              ))}
            </div>
            {shown.length || tl.fallback ? (
              <div
                data-testid="timeline-legend"
                aria-label={t('timeline.legend')}
                style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', marginTop: 12, marginLeft: 98 }}
              >
                {shown.map((id) => (
                  <Swatch key={id} colour={colour(id)} label={nameOf(id)} />
                ))}
                {tl.fallback ? (
                  <Swatch colour={FALLBACK} label={t('timeline.fallback', { name: nameOf(tl.fallback.planId) })} />
                ) : null}
              </div>
            ) : null}
          </div>
        ) : data.isError ? (
          <Empty />
        ) : null}
      </Spin>
    </Drawer>
  );
}

function Swatch({ colour, label }: { colour: string; label: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
      <span
        aria-hidden
        style={{ width: 12, height: 12, borderRadius: 2, background: colour, border: '1px solid #d9d9d9' }}
      />
      {label}
    </span>
  );
}
