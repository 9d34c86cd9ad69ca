import type { Q } from './client.js';

/**
 * One list page and the total that matches, the way every list call answers:
 * `{ list, total, pageNum, pageSize }`. The statement text is the caller's: `select` and `from`
 * for the rows, `countFrom` when counting needs fewer joins than showing, `where` and `order`,
 * with `params` numbered $1… (limit and offset are appended after them).
 */
export type PageSql = {
  select: string;
  from: string;
  countFrom?: string;
  where: string;
  order: string;
  params: unknown[];
};
/** `offset`: where the page starts when it is not a whole page (search1's `from`); default (pageNum − 1) × pageSize. */
export type Paging = { pageNum: number; pageSize: number; offset?: number };
export type Page<T> = { list: T[]; total: number; pageNum: number; pageSize: number };

/**
 * Count and page in one statement: the count in a one-row subquery, the page joined to it
 * laterally, so each keeps its own plan (an index-ordered top-N for the page; no select-list
 * expression evaluated for rows off the page, which `count(*) over ()` would do) and a page past
 * the end still brings the total (one row with a null page). Measured against two statements and
 * against `count(*) over ()` in bench/paging.ts.
 */
export function pageStatement(sql: PageSql, paging: Paging): { text: string; params: unknown[] } {
  const n = sql.params.length;
  return {
    text: `select c.__total, p.* from (select count(*)::int as __total from ${sql.countFrom ?? sql.from} where ${sql.where}) c
      left join lateral (select true as "__row", ${sql.select} from ${sql.from} where ${sql.where}
                          order by ${sql.order} limit $${n + 1} offset $${n + 2}) p on true`,
    params: [...sql.params, paging.pageSize, paging.offset ?? (paging.pageNum - 1) * paging.pageSize],
  };
}

export async function page<T>(q: Q, sql: PageSql, paging: Paging): Promise<Page<T>> {
  const { text, params } = pageStatement(sql, paging);
  const rows = await q.query<{ __total: number; __row: boolean | null } & Record<string, unknown>>(text, params);
  const total = rows[0]?.__total ?? 0;
  const list = rows.filter((r) => r.__row).map(({ __total: _t, __row: _r, ...rest }) => rest as T);
  return { list, total, pageNum: paging.pageNum, pageSize: paging.pageSize };
}

/** Only the total of a list (count calls of the tree dialog). */
export async function countOf(q: Q, sql: PageSql): Promise<number> {
  const [row] = await q.query<{ total: number }>(
    `select count(*)::int as total from ${sql.countFrom ?? sql.from} where ${sql.where}`,
    sql.params,
  );
  return row.total;
}
