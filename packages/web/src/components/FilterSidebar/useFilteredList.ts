import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE, type BodyOf, type ListKind, type CallRoute, type ResultOf } from '@vitrine/contract';
import { api } from '../../api/routes';
import { call } from '../../api/client';
import { keys } from '../../api/keys';
import { toQuery, type FilterObject } from './filterUrl';

export type SearchEntity = ListKind;
type SearchResult = ResultOf<typeof api.search.list>;

/**
 * A filtered, paged list: the page's own list call when it has one, else the generic `search/list`
 * (spec §2: "Filter search falls back to a generic list call").
 */
export function useFilteredList<C extends CallRoute = typeof api.search.list>(options: {
  entity: SearchEntity;
  filter: FilterObject;
  pageNum: number;
  def?: C;
  /** Extra body fields of the page (e.g. `shopId`). */
  extra?: Record<string, string | number>;
  enabled?: boolean;
}) {
  const { entity, filter, pageNum, def, extra, enabled = true } = options;
  const body = { ...toQuery(filter), ...extra, pageNum, pageSize: PAGE_SIZE };
  return useQuery<ResultOf<C> | SearchResult>({
    queryKey: def ? [...keys.lifecycle.list(entity, def.path, body)] : keys.search.list(entity, body),
    queryFn: () => (def ? call(def, body as BodyOf<C>) : call(api.search.list, { ...body, kind: entity })),
    placeholderData: keepPreviousData,
    enabled,
  });
}
