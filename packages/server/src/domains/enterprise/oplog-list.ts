import type { OpVerb } from '@vitrine/contract';
import type { Row as DbRow, Tables } from '../../db/schema/index.js';
import type { Deps } from '../../deps.js';
import type { TenantCtx } from '../../plugins/context.js';
import { page } from '../../db/paging.js';
import { tenantTx } from '../../db/tenant.js';
import { roleName } from '../company/admin-queries.js';
import { likePattern } from '../company/members.js';

type Filter = {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  start_time?: number;
  end_time?: number;
  verb?: OpVerb;
  operator?: number;
  entity?: string;
  /** the spec's filter object: the client the operation came from, [start, end] seconds of when it ran */
  source?: string;
  ctime_range?: number[];
};
type Row = DbRow<'oplog', 'id' | 'role' | 'verb' | 'entity' | 'label' | 'source'> & {
  time: number;
  operatorId: Tables['oplog']['user_id'];
  operator: string;
  entityId: Tables['oplog']['entity_id'];
  summary: { before: unknown; after: unknown } | null;
};

/** The enterprise's operation log, newest first; keyword matches the record's name, entity, summary text and operator. */
export async function listOplog(deps: Deps, ctx: TenantCtx, f: Filter) {
  return tenantTx(deps.db, ctx, async (q, scope) => {
    const where = `o.enterprise_id = $1
      and ($2::text is null or o.label ilike $2 or o.entity ilike $2 or o.summary::text ilike $2 or u.nickname ilike $2)
      and ($3::int is null or o.created_at >= to_timestamp($3))
      and ($4::int is null or o.created_at <= to_timestamp($4))
      and ($5::text is null or o.verb = $5)
      and ($6::int is null or o.user_id = $6)
      and ($7::text is null or o.entity = $7)
      and ($8::text is null or o.source = $8)
      and ($9::int is null or o.created_at between to_timestamp($9) and to_timestamp($10))`;
    const params = [
      scope.enterpriseId,
      f.keyword ? likePattern(f.keyword) : null,
      f.start_time ?? null,
      f.end_time ?? null,
      f.verb ?? null,
      f.operator ?? null,
      f.entity ?? null,
      f.source ?? null,
      f.ctime_range?.length === 2 ? f.ctime_range[0] : null,
      f.ctime_range?.length === 2 ? f.ctime_range[1] : null,
    ];
    const out = await page<Row>(
      q,
      {
        select: `o.id, extract(epoch from o.created_at)::int as time, o.user_id as "operatorId", coalesce(nullif(u.nickname, ''), u.phone) as operator,
               o.role, o.verb, o.entity, o.entity_id as "entityId", o.label, o.summary, o.source`,
        from: 'oplog o join users u on u.id = o.user_id',
        where,
        order: 'o.id desc',
        params,
      },
      f,
    );
    return {
      ...out,
      list: out.list.map((r) => ({ ...r, roleName: r.role === null ? '' : roleName(r.role, ctx.lang) })),
    };
  });
}
