import { useState } from 'react';
import { hashKey, keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE } from '@vitrine/contract';

type Page = { list: readonly unknown[]; total: number };

/** Where a paged list comes from: its query key and its call, both per page. */
export type PagedSource<R extends Page> = {
  /** The factory's key of one page (api/keys.ts); all it holds besides the page is the list's filter. */
  key: (pageNum: number) => QueryKey;
  fetch: (page: { pageNum: number; pageSize: number }) => Promise<R>;
  pageSize?: number;
  enabled?: boolean;
  refetchInterval?: number;
};

/** What a paged view draws from: the result of usePaged, as PagedTable and a card grid read it. */
export type PagedView<T> = {
  query: { isLoading: boolean };
  table: {
    dataSource: readonly T[];
    loading: boolean;
    pagination: {
      current: number;
      pageSize: number;
      total: number;
      onChange: (page: number) => void;
      showSizeChanger: false;
    };
  };
};

/**
 * One paged list, written once: the page number, the query of that page (the page shown stays on
 * screen while the next one loads), and the props an antd Table takes from them.
 *
 * The page goes back to 1 whenever the list's filter changes. The filter is read from the key of
 * page 1 (everything the key holds besides the page: filter, parent record, tab), so no caller sets
 * the page by hand, and none can forget to.
 */
export function usePaged<R extends Page>(source: PagedSource<R>) {
  const { key, fetch, pageSize = PAGE_SIZE, enabled = true, refetchInterval } = source;
  const filterKey = hashKey(key(1));
  const [at, setAt] = useState({ filterKey, pageNum: 1 });
  // Adjusted while rendering, not in an effect: a new filter never draws (or fetches) the old page
  // number first. Stored, so that going back to an earlier filter starts on page 1 too.
  if (at.filterKey !== filterKey) setAt({ filterKey, pageNum: 1 });
  const pageNum = at.filterKey === filterKey ? at.pageNum : 1;
  const setPageNum = (n: number) => setAt({ filterKey, pageNum: n });
  const query = useQuery({
    queryKey: key(pageNum),
    queryFn: () => fetch({ pageNum, pageSize }),
    enabled,
    refetchInterval,
    placeholderData: keepPreviousData,
  });
  const table = {
    dataSource: (query.data?.list ?? []) as R['list'],
    // the first load and a page change, not a refresh in the background
    loading: query.isLoading || (query.isFetching && query.isPlaceholderData),
    pagination: {
      current: pageNum,
      pageSize,
      total: query.data?.total ?? 0,
      onChange: setPageNum,
      showSizeChanger: false as const,
    },
  };
  return { query, pageNum, table };
}
