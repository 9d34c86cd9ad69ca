import type { Range } from '@vitrine/contract';

/** How a data range reads in a table cell: null is the whole enterprise (DESIGN §4). */
export function rangeSummary(range: Range | null): {
  key: 'range.all' | 'range.none' | 'range.some';
  values?: Record<string, number>;
} {
  if (range === null) return { key: 'range.all' };
  const { p, c, a, s } = { p: range.p.length, c: range.c.length, a: range.a.length, s: range.s.length };
  if (p + c + a + s === 0) return { key: 'range.none' };
  return { key: 'range.some', values: { p, c, a, s } };
}
