import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from './client.js';

// The embedded database on its own thread (db/pglite-host.ts, db/pglite-worker.js; the server) or on
// the caller's (the test harness): on the thread the event loop goes on while a statement runs, and
// on both the answers are the same — PostgreSQL's error fields, a commit's notifications ahead of its
// answer, a closed database refusing work.

const template = () => readFileSync(inject('pgliteTemplate'));

describe.skipIf(Boolean(process.env.DATABASE_URL)).each([
  { host: 'its own thread', inline: false },
  { host: 'the caller’s thread', inline: true },
])('PGlite on $host', ({ inline }) => {
  let db: Awaited<ReturnType<typeof openPglite>>;
  beforeAll(async () => {
    db = await openPglite({ loadDataDir: template(), inline });
  });
  afterAll(() => db.close());

  it.skipIf(inline)('a long statement does not hold the event loop: timers fire on time while it runs', async () => {
    const lags: number[] = [];
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      lags.push(now - last - 20);
      last = now;
    }, 20);
    const started = performance.now();
    const [row] = await db.admin.query<{ n: number }>(
      'select count(*)::int as n from generate_series(1, 3000000) g where g % 7 = 0',
    );
    const took = performance.now() - started;
    clearInterval(tick);
    expect(row.n).toBe(428571);
    expect(took).toBeGreaterThan(200); // long enough to see a stall, were there one
    expect(lags.length).toBeGreaterThan(took / 20 / 3);
    expect(Math.max(...lags)).toBeLessThan(took / 2);
  });

  it("an error keeps PostgreSQL's fields (code, constraint, table) and leaves no transaction open", async () => {
    await db.admin.query('create temporary table t_unique (k int primary key)');
    await db.admin.query('insert into t_unique values (1)');
    await db.admin.query(`grant insert on t_unique to ${db.appRole}`);
    const err = await db.tx({}, (q) => q.query('insert into pg_temp.t_unique values (1)')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({ code: '23505', constraint: 't_unique_pkey', table: 't_unique', severity: 'ERROR' });
    // the failed transaction was rolled back: the session takes the next one
    expect(await db.read({}, 'select 2 as n')).toEqual([{ n: 2 }]);
    const multi = await db.exec('begin; select 1/0').catch((e: unknown) => e);
    expect(multi).toMatchObject({ code: '22012' });
    expect(await db.read({}, 'select 3 as n')).toEqual([{ n: 3 }]);
  });

  it("a commit's notifications arrive before its answer", async () => {
    const heard: string[] = [];
    const stop = await db.listen('thread_test', { notify: (p) => heard.push(p ?? '') });
    const seenAtCommit = await db.tx({}, async (q) => {
      await q.query(`select pg_notify('thread_test', 'one')`);
      return heard.length;
    });
    expect(seenAtCommit).toBe(0);
    expect(heard).toEqual(['one']); // already there when tx() returned
    await stop();
    await db.tx({}, (q) => q.query(`select pg_notify('thread_test', 'two')`));
    expect(heard).toEqual(['one']);
  });

  it('a closed database refuses work; its thread serves the next one', async () => {
    const other = await openPglite({ loadDataDir: template(), inline });
    expect(await other.read({}, 'select 1 as n')).toEqual([{ n: 1 }]);
    await other.close();
    await expect(other.read({}, 'select 1 as n')).rejects.toThrow(/closed/);
    const again = await openPglite({ loadDataDir: template(), inline });
    expect(await again.read({}, 'select count(*)::int as n from regions where level = 1')).toEqual([
      { n: expect.any(Number) },
    ]);
    await again.close();
  });
});
