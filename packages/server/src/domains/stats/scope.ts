import type { Range } from '@vitrine/contract';
import { inRangeSql } from '../../lifecycle/range.js';
import type { Params } from '../../lifecycle/sql.js';

/** SQL true when shop alias `s` lies in `{p,c,a,s}` (an empty range holds nothing). */
const inRange = (r: Range, add: Params['add']): string => inRangeSql('s.id', 's.district', r, add);

const empty = (r: Range) => r.p.length + r.c.length + r.a.length + r.s.length === 0;

/**
 * The shops a statistic reads: those of the enterprise in the caller's data range (null = all) and
 * in the filter's shop scope (absent or empty = no narrowing).
 */
export function shopScopeSql(
  enterprise: string,
  range: Range | null,
  scope: Range | undefined,
  add: Params['add'],
): string {
  const conds = [`s.enterprise_id = ${enterprise}`];
  if (range !== null) conds.push(inRange(range, add));
  if (scope && !empty(scope)) conds.push(inRange(scope, add));
  return `select s.id from shops s where ${conds.join(' and ')}`;
}

/**
 * SQL true when a row's shop (column `shopCol`) lies in the caller's range; a row without a shop
 * (head office) only with the whole enterprise in range. Used by the receipts of notifications and
 * by the files they hold (a receipt's photo is read where its receipt is).
 */
export function rowShopInRangeSql(
  shopCol: string,
  enterprise: string,
  range: Range | null,
  add: Params['add'],
): string {
  return range === null ? 'true' : `${shopCol} in (${shopScopeSql(enterprise, range, undefined, add)})`;
}
