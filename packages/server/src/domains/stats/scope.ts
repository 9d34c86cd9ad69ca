import { shopIdOf, type Range } from '@vitrine/contract';
import type { Params } from '../../lifecycle/sql.js';

/** SQL true when shop alias `s` lies in `{p,c,a,s}` (an empty range holds nothing). */
function inRange(r: Range, add: Params['add']): string {
  const shops = r.s.map(shopIdOf).filter((v): v is number => v !== null);
  return `(s.province = any(${add(r.p)}::text[]) or s.city = any(${add(r.c)}::text[]) or s.district = any(${add(r.a)}::text[]) or s.id = any(${add(shops)}::int[]))`;
}

const empty = (r: Range) => r.p.length + r.c.length + r.a.length + r.s.length === 0;

/**
 * The shops a statistic reads: those of the enterprise in the caller's data range (null = all) and
 * in the filter's shop scope (absent or empty = no narrowing).
 */
export function shopScopeSql(enterprise: string, range: Range | null, scope: Range | undefined, add: Params['add']): string {
  const conds = [`s.enterprise_id = ${enterprise}`];
  if (range !== null) conds.push(inRange(range, add));
  if (scope && !empty(scope)) conds.push(inRange(scope, add));
  return `select s.id from shops s where ${conds.join(' and ')}`;
}
