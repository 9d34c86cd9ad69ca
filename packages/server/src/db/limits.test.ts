import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import formbody from '@fastify/formbody';
import { RET } from '@vitrine/contract';
import { useTestApp } from '../../test/harness.js';
import { protocol } from '../plugins/protocol.js';
import { isInteractive, limitStatements, statementTimeout, withStatementTimeout } from './limits.js';

// A statement time limit per caller (issue 24 §1): every request's transactions on PostgreSQL start
// with the limit of its entry point, a statement past it is cancelled and answers 50003, not 50000;
// the connection stays usable and the limit ends with the transaction. PGlite cannot cancel a
// statement: there only the propagation of the limit is checked.

const t = useTestApp();
const onPg = !!process.env.DATABASE_URL;

/** A small app with the same hooks as app.ts's console scope, one route running `sql`. */
async function miniApp(ms: number, sql: string) {
  const app = Fastify();
  await app.register(
    async (api) => {
      await api.register(formbody);
      await api.register(protocol);
      limitStatements(api, ms, true);
      api.post('/slow', async () => ({
        ret: 0,
        msg: '',
        result: { limit: statementTimeout(), interactive: isInteractive(), rows: await t.db.read({}, sql) },
      }));
    },
    { prefix: '/api' },
  );
  return app;
}

describe('statement limits', () => {
  it("a request runs with its entry point's limit, read after the body is parsed; none outside", async () => {
    expect(statementTimeout()).toBeUndefined();
    const app = await miniApp(1234, 'select 1 as one');
    const res = await app.inject({
      method: 'POST',
      url: '/api/slow',
      payload: 'a=1&b=2',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // a console request: a person waits, first on PGlite's session (db/mutex.ts)
    expect(res.json().result).toEqual({ limit: 1234, interactive: true, rows: [{ one: 1 }] });
    expect(isInteractive()).toBe(false);
    await app.close();
  });

  it.runIf(onPg)(
    'PostgreSQL cancels a statement past the limit: 50003 over HTTP, the limit ends with its transaction',
    async () => {
      const started = Date.now();
      await expect(withStatementTimeout(150, () => t.db.read({}, 'select pg_sleep(3)'))).rejects.toMatchObject({
        code: '57014',
      });
      await expect(
        withStatementTimeout(150, () => t.db.tx({}, (q) => q.query('select pg_sleep(3)'))),
      ).rejects.toMatchObject({ code: '57014' });
      await expect(withStatementTimeout(150, () => t.db.write({}, 'select pg_sleep(3)'))).rejects.toMatchObject({
        code: '57014',
      });
      expect(Date.now() - started).toBeLessThan(2500);
      // within the limit it answers; outside any entry point the server's own setting holds again
      expect(
        await withStatementTimeout(2000, () => t.db.read({}, "select current_setting('statement_timeout') as s")),
      ).toEqual([{ s: '2s' }]);
      const pool = (t.db as unknown as { pool: { totalCount: number } }).pool;
      for (let i = 0; i < pool.totalCount + 1; i++)
        expect(await t.db.read({}, "select current_setting('statement_timeout') as s")).toEqual([{ s: '0' }]);

      const app = await miniApp(150, 'select pg_sleep(3)');
      const res = await app.inject({ method: 'POST', url: '/api/slow', payload: {} });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        ret: RET.timeout,
        msg: '查询耗时过长，请缩小时间范围或筛选条件后重试',
        result: null,
      });
      await app.close();
    },
  );

  // a CSV export's COPY is one statement that lasts the whole download: it gets its own, longer limit
  // (export.ts), since the console's would cut it
  it.runIf(onPg)('COPY is held to the limit too; an inner limit overrides the outer one', async () => {
    const read = async (ms: number) => {
      const lines = await withStatementTimeout(ms, () =>
        t.db.copyColumn!({}, "select 'x' || pg_sleep(0.4)::text as line"),
      );
      const chunks: Buffer[] = [];
      for await (const c of lines) chunks.push(c as Buffer);
      return Buffer.concat(chunks).toString();
    };
    await expect(read(100)).rejects.toMatchObject({ code: '57014' });
    expect(await withStatementTimeout(100, () => read(5000))).toBe('x');
  });
});
