import type { z } from 'zod';
import type { salesApi } from '@vitrine/contract';
import { tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { Params } from '../../lifecycle/sql.js';
import type { TenantCtx } from '../../plugins/context.js';
import { checkPeriod, visitCountsSql } from '../stats/period.js';
import { shopScopeSql } from '../stats/scope.js';
import { playCountsSql, saleLinesSql } from '../../stats/streams.js';
import type { WithDays } from '../stats/days.js';

// stats/top (API.md): the first n of a ranking over the filter's local days and the caller's shops;
// ties broken by id so the order is stable. Visits, plays and sales read their rollups plus the raw
// tail (docs/decisions/0080, 0119).

type Filter = WithDays<z.output<typeof salesApi.statsTop.body>>;

function rankingSql(kind: Filter['kind'], shops: string): string {
  const sales = `(${saleLinesSql('$2', '$3')})`;
  switch (kind) {
    case 'shops-by-visits':
      return `select s.id, s.name, sum(v.visits)::float8 as value from (${visitCountsSql('$2', '$3')}) v
              join shops s on s.enterprise_id = $1 and s.id = v.shop_id where v.shop_id in (${shops}) group by s.id, s.name`;
    case 'shops-by-sales':
      return `select s.id, s.name, sum(l.amount)::float8 as value from ${sales} l join shops s on s.enterprise_id = $1 and s.id = l.shop_id
               where l.shop_id in (${shops}) group by s.id, s.name`;
    case 'ads-by-plays':
      return `select c.id, c.name, sum(e.plays)::float8 as value from (${playCountsSql('$2', '$3')}) e
          join ad_contents c on c.enterprise_id = $1 and c.id = e.content_id
               where e.shop_id in (${shops}) group by c.id, c.name`;
    case 'products-by-sales':
      return `select c.id, c.name, sum(l.amount)::float8 as value from ${sales} l join commodities c on c.enterprise_id = $1 and c.id = l.commodity_id
               where l.shop_id in (${shops}) group by c.id, c.name`;
    case 'employees-by-sales':
      return `select m.id, m.name, sum(l.amount)::float8 as value from ${sales} l join employees m on m.enterprise_id = $1 and m.id = l.employee_id
               where l.shop_id in (${shops}) group by m.id, m.name`;
  }
}

export function topStats(deps: Deps, ctx: TenantCtx, f: Filter) {
  checkPeriod(f);
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const p = new Params([scope.enterpriseId, f.from, f.to]);
    const shops = shopScopeSql('$1', ctx.range, f.shopRange, p.add);
    const rows = await q.query<{ id: number; name: string; value: number }>(
      `select * from (${rankingSql(f.kind, shops)}) r order by r.value desc, r.id limit ${p.add(f.n)}`,
      p.values,
    );
    return {
      kind: f.kind,
      list: rows.map((r, i) => ({ rank: i + 1, id: r.id, name: r.name, value: Number(r.value) })),
    };
  });
}
