// A one-dimensional PostgreSQL array literal (`{1,2,NULL,"a b"}`) made from values in one pass,
// for statements that take whole columns as arrays (`unnest($1::uuid[], …)`): cheaper than pg's
// own conversion of a JS array, which quotes and escapes every element twice over.

const NEEDS_ESCAPE = /["\\]/;

/** Numbers as written (they must be finite), strings always quoted, null and undefined as NULL. */
export function arrayLiteral(values: readonly (string | number | null | undefined)[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    if (v === null || v === undefined) out += 'NULL';
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) throw new Error(`arrayLiteral: ${v} is not a number PostgreSQL takes`);
      out += String(v);
    } else out += NEEDS_ESCAPE.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`;
  }
  return `${out}}`;
}
