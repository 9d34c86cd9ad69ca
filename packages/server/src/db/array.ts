// A one-dimensional PostgreSQL array literal (`{1,2,NULL,"a b"}`) made from values in one pass,
// for statements that take whole columns as arrays (`unnest($1::uuid[], …)`): cheaper than pg's
// own conversion of a JS array, which quotes and escapes every element twice over. The common
// columns — numbers, or texts that need no escaping, without nulls — are one join: one string
// allocated, not a piece per element.

/** Whether a text needs escaping in an array literal (two scans for a character: cheaper than a regular expression on short texts). */
const needsEscape = (v: string) => v.includes('"') || v.includes('\\');

function element(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number') return String(v);
  return needsEscape(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
}

/** Numbers as written (they must be finite), strings always quoted, null and undefined as NULL. */
export function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  let numbers = 0;
  let plainTexts = 0;
  for (const v of values) {
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`arrayLiteral: ${v} is not a number PostgreSQL takes`);
      numbers++;
    } else if (typeof v === 'string' && !needsEscape(v)) plainTexts++;
  }
  if (numbers === values.length) return `{${values.join(',')}}`;
  if (plainTexts === values.length) return `{"${values.join('","')}"}`;
  return `{${values.map(element).join(',')}}`;
}
