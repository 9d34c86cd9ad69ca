import { ONLINE_STATUS as O, type Range } from '@vitrine/contract';
import type { Deps } from '../../deps.js';
import type { Q } from '../../db/client.js';
import { sendMessage } from '../../messages/send.js';
import { shopsInRange } from '../../lifecycle/range.js';
import { endedPeriods, periodOf } from './period.js';
import { SCHEME_COLS, standings, type Scheme, type Standing } from './standings.js';
import { timezoneOf } from './service.js';
import { localDayOf } from '../../lib/local-time.js';
import type { Row } from '../../db/schema/index.js';

// The incentive jobs at `now` (a plain function with its clock as an argument: tests drive it; the
// incentive job calls it every few minutes): a message to whoever reached a new tier of a running
// scheme, and the settlement of every period that ended — who earned what, recorded once.

const LINK = (id: number) => `/incentives?entity=incentive&record=${id}`;

/** Who hears that a participant reached a tier: the employee's own account (same phone), or a shop's managers. */
async function recipientsOf(q: Q, ent: number, s: Scheme, p: Standing): Promise<number[]> {
  if (s.level === 'employee') {
    const rows = await q.query<Row<'users', 'id'>>(
      `select u.id from employees e join users u on u.phone = e.phone join members m on m.enterprise_id = e.enterprise_id and m.user_id = u.id and m.status = 1
        where e.enterprise_id = $1 and e.id = $2`,
      [ent, p.id],
    );
    return rows.map((r) => r.id);
  }
  const managers = await q.query<Row<'role_entries', 'user_id'> & { data_range: Range | null }>(
    `select re.user_id, re.data_range from role_entries re join jobs j on j.enterprise_id = re.enterprise_id and j.id = re.job_id
       join members m on m.enterprise_id = re.enterprise_id and m.user_id = re.user_id and m.status = 1
      where re.enterprise_id = $1 and j.role = 2 and re.data_range is not null`,
    [ent],
  );
  const [shop] = await q.query<Row<'shops', 'id' | 'district'>>(
    'select id, district from shops where enterprise_id = $1 and id = $2',
    [ent, p.id],
  );
  return shop ? managers.filter((m) => shopsInRange(m.data_range, [shop]).length > 0).map((m) => m.user_id) : [];
}

async function announceTiers(q: Q, ent: number, s: Scheme, today: string): Promise<number> {
  const period = periodOf(s, today);
  const all = (await standings(q, ent, s, period, null)).filter((x) => x.tier >= 0);
  if (!all.length) return 0;
  // only a tier higher than the one on record for the period is news; the upsert says which
  const news = await q.query<Row<'incentive_reached', 'participant_id' | 'tier'>>(
    `insert into incentive_reached (enterprise_id, incentive_id, period_key, participant_id, tier)
     select $1, $2, $3, r.pid, r.tier from jsonb_to_recordset($4::jsonb) as r(pid int, tier int)
     on conflict (enterprise_id, incentive_id, period_key, participant_id) do update set tier = excluded.tier, reached_at = now()
       where incentive_reached.tier < excluded.tier
     returning participant_id, tier`,
    [ent, s.id, period.key, JSON.stringify(all.map((x) => ({ pid: x.id, tier: x.tier })))],
  );
  for (const n of news) {
    const who = all.find((x) => x.id === n.participant_id)!;
    const to = await recipientsOf(q, ent, s, who);
    const tier = s.tiers[n.tier]?.reward ?? '';
    await sendMessage(q, {
      enterpriseId: ent,
      to,
      kind: 'system',
      title:
        s.level === 'employee'
          ? { key: 'incentive.reached', params: { title: s.name, tier } }
          : { key: 'incentive.reachedShop', params: { title: s.name, tier, shop: who.name } },
      link: LINK(s.id),
    });
  }
  return news.length;
}

async function settle(q: Q, ent: number, s: Scheme, today: string): Promise<number> {
  let settled = 0;
  for (const period of endedPeriods(s, today)) {
    const done = await q.query(
      'select 1 from incentive_settlements where enterprise_id = $1 and incentive_id = $2 and period_key = $3 limit 1',
      [ent, s.id, period.key],
    );
    if (done.length) continue;
    const all = await standings(q, ent, s, period, null);
    if (!all.length) continue;
    await q.query(
      `insert into incentive_settlements (enterprise_id, incentive_id, period_key, period_from, period_to, participant_id,
                                         shop_id, name, value, tier, reward, reward_fen)
       select $1, $2, $3, $4::date, $5::date, r.pid, r.shop_id, r.name, r.value, r.tier, r.reward, r.reward_fen
         from jsonb_to_recordset($6::jsonb) as r(pid int, shop_id int, name text, value bigint, tier int, reward text, reward_fen bigint)
       on conflict do nothing`,
      [
        ent,
        s.id,
        period.key,
        period.from,
        period.to,
        JSON.stringify(
          all.map((x) => ({
            pid: x.id,
            shop_id: x.shopId,
            name: x.name,
            value: Math.round(x.value),
            tier: x.tier,
            reward: s.tiers[x.tier]?.reward ?? '',
            reward_fen: s.tiers[x.tier]?.rewardFen ?? 0,
          })),
        ),
      ],
    );
    settled += all.length;
  }
  return settled;
}

/** One round for every enterprise with schemes running or recently ended, each in its own tenant transaction. */
export async function runIncentiveJobs(deps: Deps, now = new Date()): Promise<{ reached: number; settled: number }> {
  const utcDay = now.toISOString().slice(0, 10);
  const ents = await deps.db.tx({}, (q) =>
    q.query<{ enterprise_id: number }>('select enterprise_id from incentive_enterprises($1::date)', [utcDay]),
  );
  const out = { reached: 0, settled: 0 };
  for (const { enterprise_id: ent } of ents) {
    await deps.db.tx({ enterpriseId: ent }, async (q) => {
      const today = localDayOf(await timezoneOf(q, ent), now.getTime());
      const schemes = await q.query<Scheme>(
        `select ${SCHEME_COLS} from incentives t where t.enterprise_id = $1 and t.live_version is not null and t.deleted_at is null and t.online = ${O.online}
            and t.date_from <= $2::date and t.date_to >= $2::date - 40`,
        [ent, today],
      );
      for (const raw of schemes) {
        const s = { ...raw, op: Number(raw.op) as Scheme['op'] };
        if (s.dateFrom <= today && today <= s.dateTo) out.reached += await announceTiers(q, ent, s, today);
        out.settled += await settle(q, ent, s, today);
      }
    });
  }
  return out;
}
