import type { Perm } from '@vitrine/contract';
import { countOf } from '../../db/paging.js';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { localDay } from '../../lib/local-time.js';
import { listSql } from '../../lifecycle/lists.js';
import { Params } from '../../lifecycle/sql.js';
import type { EntityConfig } from '../../lifecycle/types.js';
import { hasPerm, type TenantCtx } from '../../plugins/context.js';
import { AD_CONTENT, AD_PLAN, COMMODITY } from '../../records/advert-entities.js';
import { DEVICE } from '../../records/device-entity.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from '../../records/store-entities.js';
import { INFORM, INFORM2 } from '../../records/inform-entities.js';
import { INCENTIVE } from '../../records/incentive-entity.js';
import * as inbox from '../inbox/queries.js';
import { hourWeightSql, visitCountsSql } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { saleHoursSql, saleLinesSql } from '../../stats/streams.js';

// stats/home: what a supervisor, store manager or shop assistant sees first — each part only when
// their job may view its area, every figure cut to their data range, nothing invented: visitors
// and plays from the screens, sales from sale/report, statuses from heartbeats.

const REVIEWED: EntityConfig[] = [
  SHOP,
  ET,
  EMPLOYEE,
  MEMBER,
  DEVICE,
  COMMODITY,
  AD_CONTENT,
  AD_PLAN,
  INFORM,
  INFORM2,
  INCENTIVE,
];
const DATA = '/data/count';

export async function homeStats(deps: Deps, ctx: TenantCtx) {
  const can = (perm: Perm) => hasPerm(deps, ctx, perm);
  const [data, store, advert, inform] = await Promise.all([
    can({ menu: DATA, bit: 'view' }),
    can({ menu: DEVICE.menu, bit: 'view' }),
    can({ menu: AD_PLAN.menu, bit: 'view' }),
    can({ menu: INFORM.menu, bit: 'view' }),
  ]);
  const reviewing = (
    await Promise.all(REVIEWED.map(async (cfg) => ((await can({ menu: cfg.menu, bit: 'examine' })) ? cfg : null)))
  ).filter((c): c is EntityConfig => c !== null);
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const [{ tz }] = await q.query<{ tz: string }>('select time_zone as tz from enterprises where id = $1', [
      scope.enterpriseId,
    ]);
    const { day: today, minute } = localDay(tz, new Date());
    // today so far is compared with yesterday up to the same time (issue 25 §6): its full hours, and
    // the running hour in proportion, so 06:00 is not a part day against a whole one
    const hour = Math.floor(minute / 60);
    const part = (minute % 60) / 60;
    const dayBefore = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const cut = { day: dayBefore(1), hour, part };
    const p = new Params([scope.enterpriseId, dayBefore(6), today]);
    const shops = shopScopeSql('$1', ctx.range, undefined, p.add);

    let visitors = null;
    if (data) {
      const rows = await q.query<{ day: string; visits: number }>(
        `select to_char(local_day, 'YYYY-MM-DD') as day, sum(visits)::int as visits from (${visitCountsSql('$2', '$3')}) v
          where shop_id in (${shops}) group by local_day`,
        p.values,
      );
      const by = new Map(rows.map((r) => [r.day, r.visits]));
      const days = [6, 5, 4, 3, 2, 1, 0].map((n) => ({ day: dayBefore(n), visits: by.get(dayBefore(n)) ?? 0 }));
      const hours = Array.from({ length: hour }, (_, h) => `h${h}`).join(' + ') || '0';
      const yp = new Params([...p.values]); // its own parameters: later statements share p's
      const [{ n }] = await q.query<{ n: number }>(
        `select coalesce(sum(n), 0)::float8 as n from (
           select ${hours} + h${hour} * ${yp.add(part)}::float8 as n from visit_rollup_daily
            where enterprise_id = $1 and local_day = ${yp.add(dayBefore(1))}::date and shop_id in (${shops})
           union all
           select ${hourWeightSql(cut, yp.add)} from visit_events
            where enterprise_id = $1 and local_day = ${yp.add(dayBefore(1))}::date and shop_id in (${shops})
              and id > coalesce((select last_id from stats_watermarks where enterprise_id = $1 and stream = 'visits'), 0)) y
          where $2::date <= $3::date`,
        yp.values,
      );
      visitors = { today: days[6].visits, yesterday: Math.round(n), days };
    }
    let sales = null;
    if (data) {
      const rows = await q.query<{ day: string; amount: number; quantity: number; orders: number }>(
        `select to_char(local_day, 'YYYY-MM-DD') as day, coalesce(sum(amount), 0)::float8 as amount,
                coalesce(sum(quantity), 0)::int as quantity, coalesce(sum(lines), 0)::int as orders
           from (${saleLinesSql('greatest($2::date, $3::date - 1)', '$3')}) l where shop_id in (${shops}) group by local_day`,
        p.values,
      );
      const of = (day: string) => {
        const r = rows.find((x) => x.day === day);
        return { amount: Number(r?.amount ?? 0), quantity: r?.quantity ?? 0, orders: r?.orders ?? 0 };
      };
      const yp = new Params([...p.values]);
      const [y] = await q.query<{ amount: number; quantity: number; orders: number }>(
        `select coalesce(sum(amount * w), 0)::float8 as amount, coalesce(sum(quantity * w), 0)::float8 as quantity,
                coalesce(sum(lines * w), 0)::float8 as orders
           from (select amount, quantity, lines, ${hourWeightSql(cut, yp.add)} as w
                   from (${saleHoursSql(yp.add(dayBefore(1)), yp.add(dayBefore(1)))}) h where shop_id in (${shops})) y
          where $2::date <= $3::date`,
        yp.values,
      );
      sales = {
        today: of(today),
        yesterday: { amount: Math.round(y.amount), quantity: Math.round(y.quantity), orders: Math.round(y.orders) },
      };
    }
    let devices = null;
    if (store) {
      const rows = await q.query<{ status: number; never: boolean; n: number }>(
        `select d.device_status as status, (dp.device_id is null) as never, count(*)::int as n from devices d
           left join device_presence dp on dp.enterprise_id = d.enterprise_id and dp.device_id = d.id
          where d.enterprise_id = $1 and d.live_version is not null and d.deleted_at is null and d.shop_id in (${shops})
            and $2::date <= $3::date group by 1, 2`,
        p.values,
      );
      const byStatus: Record<string, number> = { 0: 0, 1: 0, 3: 0, 7: 0 };
      for (const r of rows) byStatus[String(r.status)] = (byStatus[String(r.status)] ?? 0) + r.n;
      devices = {
        byStatus,
        never: rows.filter((r) => r.never).reduce((s, r) => s + r.n, 0),
        total: rows.reduce((s, r) => s + r.n, 0),
      };
    }
    let plans = null;
    if (advert) {
      plans = {
        live: await countOf(
          q,
          listSql(AD_PLAN, scope, ctx.user.id, 'enabled', { pageNum: 1, pageSize: 1, status: 302 } as never),
        ),
      };
    }
    const review = [];
    for (const cfg of reviewing) {
      const count = await countOf(q, listSql(cfg, scope, ctx.user.id, 'review', { pageNum: 1, pageSize: 1 } as never));
      if (count) review.push({ entity: cfg.entity, count });
    }
    let notifications = null;
    if (inform) {
      // what was sent to me and waits for me: notifications to confirm (overdue ones too), announcements to read
      const [r] = await q.query<{ to_confirm: number; overdue: number; to_read: number }>(
        `select count(*) filter (where r.entity = 'inform' and r.confirmed_at is null)::int as to_confirm,
                count(*) filter (where r.entity = 'inform' and r.confirmed_at is null and i.deadline < extract(epoch from now()))::int as overdue,
                count(*) filter (where r.entity = 'inform2' and r.read_at is null)::int as to_read
           from inform_receipts r
           left join informs i on r.entity = 'inform' and i.enterprise_id = r.enterprise_id and i.id = r.record_id
           left join informs2 j on r.entity = 'inform2' and j.enterprise_id = r.enterprise_id and j.id = r.record_id
          where r.enterprise_id = $1 and r.user_id = $2 and coalesce(i.online, j.online) = 302 and coalesce(i.deleted_at, j.deleted_at) is null`,
        [scope.enterpriseId, ctx.user.id],
      );
      notifications = { toConfirm: r.to_confirm, overdue: r.overdue, toRead: r.to_read };
    }
    const unread = await inbox.unreadCount(q, { enterpriseId: scope.enterpriseId, userId: ctx.user.id });
    return { visitors, sales, devices, plans, review, notifications, unread };
  });
}
