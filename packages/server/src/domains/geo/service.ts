import type { Lang, Range } from '@vitrine/contract';
import type { Q } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { listRecords, listStatements, type ListFilter } from '../../lifecycle/lists.js';
import type { EntityConfig, Item } from '../../lifecycle/types.js';
import { scopeOf } from '../../lifecycle/access.js';
import type { TenantCtx } from '../../plugins/context.js';
import { DEVICE } from '../devices/entity.js';
import { SHOP } from '../stores/entities.js';
import { treeChildren } from './tree.js';

type RegionOut = { id: string; pid: string; name: string; title: string; level: number };

export async function regions(deps: Deps, lang: Lang, level: 1 | 2 | 3, pid: string): Promise<{ list: RegionOut[] }> {
  const rows = await deps.db.tx({}, (q) =>
    q.query<{ code: string; pid: string; name: string; name_en: string; level: number }>(
      'select code, pid, name, name_en, level from regions where level = $1 and pid = $2 order by code', [level, pid],
    ),
  );
  return { list: rows.map((r) => ({ id: r.code, pid: r.pid, name: r.name, title: lang === 'en' ? r.name_en : r.name, level: r.level })) };
}

const txFor = (deps: Deps, ctx: TenantCtx) => <T>(fn: (q: Q) => Promise<T>) =>
  deps.db.tx({ userId: ctx.user.id, enterpriseId: ctx.enterprise.id }, fn);

export async function tree(deps: Deps, ctx: TenantCtx, input: { id: string; kind: 'shop' | 'device' }) {
  return { list: await txFor(deps, ctx)((q) => treeChildren(q, scopeOf(ctx), input.id, input.kind, ctx.lang)) };
}

type Filter = Record<string, unknown> & { areaRange?: Range; shopRange?: Range };

async function count(deps: Deps, ctx: TenantCtx, cfg: EntityConfig, f: Filter) {
  const { count: c } = listStatements(cfg, scopeOf(ctx), ctx.user.id, 'enabled', { ...f, pageNum: 1, pageSize: 1 });
  const [{ total }] = await txFor(deps, ctx)((q) => q.query<{ total: number }>(c.sql, c.params));
  return { count: total };
}

export const shopCount = (deps: Deps, ctx: TenantCtx, f: Filter) => count(deps, ctx, SHOP, f);
export const deviceCount = (deps: Deps, ctx: TenantCtx, f: Filter) => count(deps, ctx, DEVICE, f);

const pick = (item: Item, keys: string[]) => Object.fromEntries(keys.map((k) => [k, item[k]]));

export async function shops(deps: Deps, ctx: TenantCtx, f: ListFilter) {
  const res = await txFor(deps, ctx)((q) => listRecords(q, SHOP, scopeOf(ctx), ctx.user.id, 'enabled', f));
  const keys = ['id', 'treeId', 'name', 'code', 'level', 'province', 'city', 'district', 'address', 'online', 'devices'];
  return { ...res, list: res.list.map((i) => pick(i, keys)) };
}

export async function devices(deps: Deps, ctx: TenantCtx, f: ListFilter) {
  const res = await txFor(deps, ctx)((q) => listRecords(q, DEVICE, scopeOf(ctx), ctx.user.id, 'enabled', f));
  const keys = ['id', 'code', 'name', 'type', 'orientation', 'shopId', 'shopName', 'deviceStatus', 'online', 'lastSeen'];
  return { ...res, list: res.list.map((i) => pick(i, keys)) };
}
