import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { filterFromParams, filterToParams, pageFromParams, type FilterObject } from './filterUrl';

/** List state in the URL (CONVENTIONS): filter and page survive reload and can be shared. */
export function useUrlFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const pageNum = pageFromParams(params);

  const setFilter = useCallback((next: FilterObject) => setParams((prev) => filterToParams(next, prev)), [setParams]);
  const setPage = useCallback(
    (page: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (page > 1) next.set('pageNum', String(page));
        else next.delete('pageNum');
        return next;
      }),
    [setParams],
  );
  /** Any other page-owned parameter (tab, entity…); setting one resets the page. */
  const setParam = useCallback(
    (key: string, value: string | undefined) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        next.delete('pageNum');
        return next;
      }),
    [setParams],
  );
  return { filter, pageNum, params, setParams, setFilter, setPage, setParam };
}
