import { shopIdOf, type Range } from '@vitrine/contract';

// "Is this place in the caller's range" — the one TypeScript form, and the one way to call the SQL
// function in_range (migration 0281); range.property.test.ts ties the two together on both databases.
// A range is `{p,c,a,s}` (null: the whole enterprise; empty: nothing). A place is a shop (its id and
// district) or an area (its region code, shopId null). Region codes nest by prefix (44 ⊃ 4403 ⊃
// 440305, and a shop's province and city are its district's prefixes), so province, city and
// district codes of the range are all a prefix test on the place's code.

export type Place = { shopId: number | null; code: string };

/** The range's region codes, provinces, cities and districts alike. */
export const rangeCodes = (r: Range): string[] => [...r.p, ...r.c, ...r.a];

/** The range's shop ids (`s00000012` and `12` alike; anything else is dropped). */
export const rangeShopIds = (r: Range): number[] => r.s.map(shopIdOf).filter((v): v is number => v !== null);

/** An area (region code) lies under one of the codes. */
export const codeUnder = (code: string, codes: readonly string[]): boolean => codes.some((c) => code.startsWith(c));

/** The place lies in the range (null range: everywhere). */
export function inRange(range: Range | null, place: Place): boolean {
  if (range === null) return true;
  return (
    (place.shopId !== null && rangeShopIds(range).includes(place.shopId)) || codeUnder(place.code, rangeCodes(range))
  );
}

/** The shops (id, district) a range holds. */
export function shopsInRange<S extends { id: number; district: string }>(range: Range | null, shops: S[]): S[] {
  if (range === null) return shops;
  const ids = new Set(rangeShopIds(range));
  const codes = rangeCodes(range);
  return shops.filter((s) => ids.has(s.id) || codeUnder(s.district, codes));
}

/**
 * SQL true when the place (`shopSql` an int expression or 'null', `codeSql` a text expression) lies
 * in the non-null range; the range travels as two parameters.
 */
export function inRangeSql(shopSql: string, codeSql: string, range: Range, add: (v: unknown) => string): string {
  return `in_range(${shopSql}, ${codeSql}, ${add(rangeCodes(range))}::text[], ${add(rangeShopIds(range))}::int[])`;
}
