import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

// A one-column query streamed out of PostgreSQL by COPY … TO STDOUT (FORMAT binary): the column's
// bytes pass through as they are, with no JavaScript object per row, so a million-row export keeps the
// server's memory flat. Binary, because the text and CSV formats escape or quote line breaks the
// column may hold on purpose.

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** Unwraps COPY's binary format for one text column: emits each row's bytes, skips NULLs. */
export class CopyColumn extends Transform {
  private buf: Buffer = Buffer.alloc(0);
  private header = true;
  private done = false;

  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    try {
      const out: Buffer[] = [];
      let at = 0;
      if (this.header) {
        if (this.buf.length < 19) return cb();
        if (!this.buf.subarray(0, 11).equals(SIGNATURE)) throw new Error('COPY: not the binary format');
        const ext = this.buf.readInt32BE(15);
        if (this.buf.length < 19 + ext) return cb();
        at = 19 + ext;
        this.header = false;
      }
      while (!this.done && at + 2 <= this.buf.length) {
        const fields = this.buf.readInt16BE(at);
        if (fields === -1) {
          this.done = true;
          at += 2;
          break;
        }
        if (fields !== 1) throw new Error(`COPY: ${fields} columns, expected 1`);
        if (at + 6 > this.buf.length) break;
        const len = this.buf.readInt32BE(at + 2);
        const size = 6 + Math.max(0, len);
        if (at + size > this.buf.length) break;
        if (len > 0) out.push(this.buf.subarray(at + 6, at + size));
        at += size;
      }
      this.buf = this.buf.subarray(at);
      cb(null, out.length ? Buffer.concat(out) : undefined);
    } catch (err) {
      cb(err as Error);
    }
  }
}

/** The SQL type a parameter travels as (COPY's query reads it back from a setting with this cast). */
function typeOf(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'int8' : 'float8';
  if (typeof v === 'boolean') return 'bool';
  if (v instanceof Date) return 'timestamptz';
  if (Array.isArray(v))
    return v.length && v.every((x) => typeof x === 'number' && Number.isInteger(x)) ? 'int8[]' : 'text[]';
  if (v !== null && typeof v === 'object') return 'jsonb';
  return 'text';
}

/**
 * COPY takes no parameters (the protocol binds none to it), so they travel before it, bound, as
 * transaction-local settings (`vitrine.copy_N`), and COPY's query reads each back with its type:
 * `$N` becomes `(current_setting('vitrine.copy_N')::type)`. No value is ever written into the SQL
 * text (issue 28 §3). Our statements keep `$N` out of their string constants.
 */
export function copyParams(sql: string, params: unknown[]): { set: string | null; values: unknown[]; sql: string } {
  const types = params.map(typeOf);
  const bound: string[] = [];
  const values: unknown[] = [];
  params.forEach((v, i) => {
    if (v === null || v === undefined) return;
    values.push(v);
    bound.push(`set_config('vitrine.copy_${i + 1}', $${values.length}::${types[i]}::text, true)`);
  });
  const text = sql.replace(/\$(\d+)/g, (_m, n: string) => {
    const i = Number(n) - 1;
    if (i < 0 || i >= params.length) throw new Error(`copy: $${n} has no parameter`);
    const v = params[i];
    return v === null || v === undefined
      ? `(null::${types[i]})`
      : `(current_setting('vitrine.copy_${n}')::${types[i]})`;
  });
  return { set: bound.length ? `select ${bound.join(', ')}` : null, values, sql: text };
}

/**
 * Runs `sql` (one text column) in a transaction acting as `begin` says, as COPY binary, and returns
 * the column's bytes as a stream; the transaction commits when the stream ends and the client goes
 * back to the pool (discarded after an error or an early close).
 */
export async function copyColumn(pool: pg.Pool, begin: string, sql: string, params: unknown[] = []): Promise<Readable> {
  const q = copyParams(sql, params);
  const client = await pool.connect();
  try {
    await client.query(begin);
    if (q.set) await client.query(q.set, q.values);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    client.release(err as Error);
    throw err;
  }
  const source = client.query(copyTo(`copy (${q.sql}) to stdout with (format binary)`));
  const out = new CopyColumn();
  let settled = false;
  const finish = (err?: Error) => {
    if (settled) return;
    settled = true;
    if (err) client.release(err);
    else
      client.query('commit').then(
        () => client.release(),
        (e: Error) => client.release(e),
      );
  };
  source.on('error', (err) => {
    finish(err);
    out.destroy(err);
  });
  source.on('end', () => finish());
  out.on('close', () => {
    if (!settled) {
      source.destroy();
      finish(new Error('COPY: closed before its end'));
    }
  });
  source.pipe(out);
  return out;
}
