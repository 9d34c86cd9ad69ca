import {
  api,
  offsetPaging,
  ONLINE_STATUS,
  SEARCH_KINDS,
  type ListKind,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
} from '@vitrine/contract';
import { tenantRead } from '../../db/tenant.js';
import type { Deps } from '../../deps.js';
import { fail } from '../../errors.js';
import { scopeOf } from '../../lifecycle/access.js';
import { listRecords, type ListFilter } from '../../lifecycle/lists.js';
import { recordPage, titleOf, type Item } from '../../lifecycle/types.js';
import { hasPerm, type TenantCtx } from '../../plugins/context.js';
import { parseInput } from '../../plugins/register.js';
import { SEARCHABLE } from './kinds.js';

// Search is the enable-list of each kind, nothing more: the same statement (lifecycle/lists.ts) cuts
// it to the enterprise, the caller's data range and live records, and a kind is searched only when
// the caller's job may view its menu — so a hit is always a record its enable-list would show.

/** One kind's enabled records matching a filter, for this caller (the entity's own enable-list). */
function enabled(deps: Deps, ctx: TenantCtx, kind: ListKind, f: ListFilter) {
  return listRecords(tenantRead(deps.db, ctx), SEARCHABLE[kind].cfg, scopeOf(ctx), ctx.user.id, 'enabled', f);
}

function hitOf(kind: ListKind, item: Item): SearchHit {
  const { cfg, subtitle } = SEARCHABLE[kind];
  const id = Number(item.id);
  return {
    id,
    title: titleOf(cfg, item),
    subtitle: subtitle
      .map((f) => item[f])
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map(String)
      .join(' · '),
    status: Number(item.online ?? ONLINE_STATUS.offline),
    page: recordPage(cfg, id, 'enabled'),
  };
}

/** The kinds asked for (all by default) that the caller may view, in the contract's order. */
async function viewable(deps: Deps, ctx: TenantCtx, kinds: SearchKind[] | undefined): Promise<SearchKind[]> {
  const wanted = kinds?.length ? SEARCH_KINDS.filter((k) => kinds.includes(k)) : [...SEARCH_KINDS];
  const can = await Promise.all(wanted.map((k) => hasPerm(deps, ctx, { menu: SEARCHABLE[k].cfg.menu, bit: 'view' })));
  return wanted.filter((_, i) => can[i]);
}

/** search/search and search/search1: per kind its total and the hits from `offset`, `size` of them. */
export async function searchAll(
  deps: Deps,
  ctx: TenantCtx,
  input: { keyword: string; kinds?: SearchKind[] },
  offset: number,
  size: number,
): Promise<{ groups: SearchGroup[] }> {
  const kinds = await viewable(deps, ctx, input.kinds);
  const groups = await Promise.all(
    kinds.map(async (kind): Promise<SearchGroup> => {
      const out = await enabled(deps, ctx, kind, { keyword: input.keyword, pageNum: 1, pageSize: size, offset });
      return { kind, total: out.total, items: out.list.map((item) => hitOf(kind, item)) };
    }),
  );
  return { groups };
}

/** search/list: one kind's enable-list with the filter object; the kind's view bit is needed (40003). */
export async function searchList(
  deps: Deps,
  ctx: TenantCtx,
  { kind, offset: _offset, ...filter }: { kind: ListKind } & Record<string, unknown>,
) {
  if (!(await hasPerm(deps, ctx, { menu: SEARCHABLE[kind].cfg.menu, bit: 'view' }))) throw fail.forbidden();
  // the filter is that kind's list filter: an unknown field is 40001, as on its own list call
  // (from/size, already turned into `offset`, make the same page again)
  return enabled(deps, ctx, kind, offsetPaging(parseInput(api[kind].enableList.body, filter)) as ListFilter);
}
