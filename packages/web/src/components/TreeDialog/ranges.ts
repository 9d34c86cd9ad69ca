import type { Range } from '@vitrine/contract';

/** Level of a tree id by its length (spec §3): 2 province, 4 city, 6 area, longer shop. */
export type RangeKey = keyof Range;

export function levelOf(id: string): RangeKey {
  if (id.length === 2) return 'p';
  if (id.length === 4) return 'c';
  if (id.length === 6) return 'a';
  return 's';
}

export const emptyRange = (): Range => ({ p: [], c: [], a: [], s: [] });

/** Every id of a range, provinces first. */
export function rangeIds(range: Partial<Range> | undefined): string[] {
  if (!range) return [];
  return [...(range.p ?? []), ...(range.c ?? []), ...(range.a ?? []), ...(range.s ?? [])];
}

export function isEmptyRange(range: Partial<Range> | undefined): boolean {
  return rangeIds(range).length === 0;
}

/**
 * The ancestors of an id: the parents known from loaded nodes (shops hang under areas by `pid`),
 * else the region-code prefixes (an area 110101 sits in city 1101 and province 11).
 */
export function ancestorsOf(id: string, parentOf: ReadonlyMap<string, string>): string[] {
  const out: string[] = [];
  let current = id;
  for (let guard = 0; guard < 16; guard += 1) {
    const known = parentOf.get(current);
    let parent: string | undefined = known && known !== '0' ? known : undefined;
    if (!parent && levelOf(current) !== 's' && current.length > 2) parent = current.slice(0, current.length - 2);
    if (!parent || parent === current) break;
    out.push(parent);
    current = parent;
  }
  return out;
}

/**
 * Checked tree ids → `{p,c,a,s}`: each id goes to its level's list, and an id whose ancestor is also
 * checked is left out (a checked parent covers its children).
 */
export function buildRange(checked: Iterable<string>, parentOf: ReadonlyMap<string, string> = new Map()): Range {
  const set = new Set(checked);
  const range = emptyRange();
  for (const id of set) {
    if (ancestorsOf(id, parentOf).some((a) => set.has(a))) continue;
    range[levelOf(id)].push(id);
  }
  for (const key of ['p', 'c', 'a', 's'] as const) range[key].sort();
  return range;
}

/** Normalises a possibly partial or JSON range (e.g. from the URL). */
export function toRange(value: Partial<Range> | string | null | undefined): Range {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = undefined;
    }
  }
  const out = emptyRange();
  if (!parsed || typeof parsed !== 'object') return out;
  for (const key of ['p', 'c', 'a', 's'] as const) {
    const list = (parsed as Record<string, unknown>)[key];
    if (Array.isArray(list)) out[key] = list.map(String);
  }
  return out;
}
