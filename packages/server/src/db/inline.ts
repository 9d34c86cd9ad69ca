import pg from 'pg';
import { arrayLiteral } from './array.js';

// A statement with its parameters written in as literals, so that it can travel in one simple-query
// message beside the transaction's scope (db.read: one round trip instead of three). Each value is
// an untyped quoted literal, which PostgreSQL types from its context exactly as it types `$n`.

function arrayElement(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (Array.isArray(v)) throw new Error('inline: nested arrays are not supported');
  return `"${String(v).replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

type Plain = string | number | null | undefined;
const plain = (x: unknown): x is Plain => x === null || x === undefined || typeof x === 'string' || typeof x === 'number';

/** A text as a quoted literal: most hold neither quote nor backslash — one scan, not pg's copy a character at a time. */
const quoted = (v: string) => (v.includes("'") || v.includes('\\') ? pg.escapeLiteral(v) : `'${v}'`);

/** One parameter as a SQL literal. */
export function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (typeof v === 'number' && !Number.isFinite(v)) throw new Error(`inline: ${v} is not a number PostgreSQL takes`);
    return `'${String(v)}'`;
  }
  if (typeof v === 'boolean') return v ? `'true'` : `'false'`;
  if (typeof v === 'string') return quoted(v);
  if (v instanceof Date) return pg.escapeLiteral(v.toISOString());
  // texts, numbers and nulls (token hashes, ids): db/array.ts's literal, one join for the common case
  if (Array.isArray(v)) return quoted(v.every(plain) ? arrayLiteral(v as Plain[]) : `{${v.map(arrayElement).join(',')}}`);
  return pg.escapeLiteral(JSON.stringify(v));
}

/** `text` with `$1`… replaced by the literals of `params` (our statements keep `$n` out of their string constants). */
export function inline(text: string, params: unknown[] = []): string {
  return text.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`inline: $${n} has no parameter`);
    return literal(params[i]);
  });
}
