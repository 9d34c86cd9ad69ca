import { useState } from 'react';
import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE } from '@vitrine/contract';

type Page = { list: unknown[]; total: number };

/**
 * One paged list, written once: the page number, the query of that page (the page shown stays on
 * screen while the next one loads), and the props an antd Table takes from them. A filter belongs
 * in `key` and `fetch`; whoever changes it sets the page back to 1.
 */
export function usePaged<R extends Page>(
  key: (pageNum: number) => QueryKey,
  fetch: (page: { pageNum: number; pageSize: number }) => Promise<R>,
  options: { enabled?: boolean; refetchInterval?: number } = {},
) {
  const [pageNum, setPageNum] = useState(1);
  const query = useQuery({
    queryKey: key(pageNum),
    queryFn: () => fetch({ pageNum, pageSize: PAGE_SIZE }),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
    placeholderData: keepPreviousData,
  });
  const table = {
    dataSource: (query.data?.list ?? []) as R['list'],
    // the first load and a page change, not a refresh in the background
    loading: query.isLoading || (query.isFetching && query.isPlaceholderData),
    pagination: {
      current: pageNum,
      pageSize: PAGE_SIZE,
      total: query.data?.total ?? 0,
      onChange: setPageNum,
      showSizeChanger: false,
    },
  };
  return { query, pageNum, setPageNum, table };
}
