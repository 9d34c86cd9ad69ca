import { deviceBrief, shopBrief, type Lang, type Range } from '@vitrine/contract';
import { countOf } from '../../db/paging.js';
import { tenantRead, tenantTx } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { listRecords, listSql, type ListFilter } from '../../lifecycle/lists.js';
import type { EntityConfig } from '../../lifecycle/types.js';
import { scopeOf } from '../../lifecycle/access.js';
import type { TenantCtx } from '../../plugins/context.js';
import { DEVICE } from '../../records/device-entity.js';
import { SHOP } from '../../records/store-entities.js';
import { treeChildren } from './tree.js';
import type { Row } from '../../db/schema/index.js';

type RegionOut = { id: string; pid: string; name: string; title: string; level: number };

export async function regions(deps: Deps, lang: Lang, level: 1 | 2 | 3, pid: string): Promise<{ list: RegionOut[] }> {
  const rows = await deps.db.tx({}, (q) =>
    q.query<Row<'regions', 'code' | 'pid' | 'name' | 'name_en' | 'level'>>(
      'select code, pid, name, name_en, level from regions where level = $1 and pid = $2 order by code',
      [level, pid],
    ),
  );
  return {
    list: rows.map((r) => ({
      id: r.code,
      pid: r.pid,
      name: r.name,
      title: lang === 'en' ? r.name_en : r.name,
      level: r.level,
    })),
  };
}

export async function tree(deps: Deps, ctx: TenantCtx, input: { id: string; kind: 'shop' | 'device' }) {
  return { list: await tenantTx(deps.db, ctx, (q) => treeChildren(q, scopeOf(ctx), input.id, input.kind, ctx.lang)) };
}

type Filter = Record<string, unknown> & { areaRange?: Range; shopRange?: Range };

async function count(deps: Deps, ctx: TenantCtx, cfg: EntityConfig, f: Filter) {
  const sql = listSql(cfg, scopeOf(ctx), ctx.user.id, 'enabled', { ...f, pageNum: 1, pageSize: 1 });
  return { count: await tenantTx(deps.db, ctx, (q) => countOf(q, sql)) };
}

export const shopCount = (deps: Deps, ctx: TenantCtx, f: Filter) => count(deps, ctx, SHOP, f);
export const deviceCount = (deps: Deps, ctx: TenantCtx, f: Filter) => count(deps, ctx, DEVICE, f);

// The brief rows are the enabled list's rows cut to the contract's brief schema (which drops the rest).

export async function shops(deps: Deps, ctx: TenantCtx, f: ListFilter) {
  const res = await listRecords(tenantRead(deps.db, ctx), SHOP, scopeOf(ctx), ctx.user.id, 'enabled', f);
  return { ...res, list: res.list.map((i) => shopBrief.parse(i)) };
}

export async function devices(deps: Deps, ctx: TenantCtx, f: ListFilter) {
  const res = await listRecords(tenantRead(deps.db, ctx), DEVICE, scopeOf(ctx), ctx.user.id, 'enabled', f);
  return { ...res, list: res.list.map((i) => deviceBrief.parse(i)) };
}
