import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { makeEnterprise } from '../../test/factories.js';
import { copyParams } from './copy-out.js';

// db.read and db.write: one statement acting for a scope, its parameters bound (issue 28 §3: no
// value is written into SQL text). On the engine this file runs on (PGlite, or PostgreSQL with
// DATABASE_URL).

const t = useTestApp();

const TRICKY = [
  "it's",
  'back\\slash',
  "\\'; drop table shops; --",
  '$1',
  '"quoted"',
  '{a,b}',
  'NULL',
  '',
  '中文 ✓',
  'tab\tnew\nline',
];

describe('parameters', () => {
  it('db.read binds every tricky string, array and number as it is', async () => {
    for (const s of TRICKY) expect((await t.db.read<{ v: string }>({}, 'select $1::text as v', [s]))[0].v).toBe(s);
    const [row] = await t.db.read<{ a: string[]; n: number; nul: null }>(
      {},
      'select $1::text[] as a, $2::int as n, $3::int as nul',
      [TRICKY, 42, null],
    );
    expect(row).toEqual({ a: TRICKY, n: 42, nul: null });
  });

  // COPY binds no parameters: the export's travel as settings (db/copy-out.ts). Read back here as a
  // plain query, so PGlite runs the same text PostgreSQL's COPY does.
  it("COPY's parameters read back as bound ones would", async () => {
    const params = [TRICKY, 42, 2 ** 40, 1.5, null, [1, -2, 3], [], "it's $2", '2026-03-10'];
    const q = copyParams(
      'select $1::text[] as a, $2 as n, $3::int8 as big, $4::float8 as f, $5::int as nul, $6::int[] as ints, $7::text[] as empty, $8 as s, $9::date + 1 as d',
      params,
    );
    expect(q.sql).not.toContain("it's");
    const [row] = await t.db.tx({}, async (tx) => {
      if (q.set) await tx.query(q.set, q.values);
      return tx.query<Record<string, unknown>>(
        `select a, n::int as n, big, f, nul, ints, empty, s, to_char(d, 'YYYY-MM-DD') as d from (${q.sql}) x`,
      );
    });
    expect(row).toEqual({
      a: TRICKY,
      n: 42,
      big: 2 ** 40,
      f: 1.5,
      nul: null,
      ints: [1, -2, 3],
      empty: [],
      s: "it's $2",
      d: '2026-03-11',
    });
    expect(() => copyParams('select $2', [1])).toThrow(/\$2/);
  });
});

describe('db.read', () => {
  it('acts for its scope: row-level security shows one enterprise, none without one', async () => {
    const a = await makeEnterprise(t);
    const b = await makeEnterprise(t);
    const ids = [a.companyId, b.companyId];
    const sql = 'select enterprise_id as e from departments where enterprise_id = any($1::int[])';
    for (const ent of [a, b]) {
      const rows = await t.db.read<{ e: number }>({ enterpriseId: ent.companyId }, sql, [ids]);
      expect(rows.length).toBeGreaterThan(0);
      expect(new Set(rows.map((r) => r.e))).toEqual(new Set([ent.companyId]));
    }
    expect(await t.db.read({}, sql, [ids])).toEqual([]);
  });

  it('its settings end with it, and a failed read leaves the connections usable', async () => {
    for (let i = 0; i < 12; i++) {
      const [inside] = await t.db.read<{ e: string }>(
        { enterpriseId: 1000 + i },
        "select current_setting('app.enterprise_id', true) as e, $1::int as i",
        [i],
      );
      expect(inside.e).toBe(String(1000 + i));
      await expect(t.db.read({ enterpriseId: 1 }, 'select 1 / $1::int', [0])).rejects.toThrow();
      const [after] = await t.db.admin.query<{ e: string | null; r: string }>(
        "select current_setting('app.enterprise_id', true) as e, current_user as r",
      );
      expect(after.e ?? '').toBe('');
      expect(after.r).not.toBe(t.db.appRole);
    }
  });
});

describe('db.write', () => {
  it('acts for its scope, answers the rows written, and a failed write leaves nothing behind', async () => {
    const a = await makeEnterprise(t);
    const b = await makeEnterprise(t);
    const ids = [a.companyId, b.companyId];
    const { count: n } = await t.db.write(
      { enterpriseId: a.companyId },
      'insert into departments (enterprise_id, name) select x, $2 from unnest($1::int[]) x where x = $3',
      [ids, "it's", a.companyId],
    );
    expect(n).toBe(1);
    // another enterprise's rows are neither seen nor written (row-level security)
    await expect(
      t.db.write({ enterpriseId: a.companyId }, 'insert into departments (enterprise_id, name) values ($1, $2)', [
        b.companyId,
        'x',
      ]),
    ).rejects.toThrow();
    const mine = await t.db.admin.query<{ n: number }>(
      'select count(*)::int as n from departments where enterprise_id = $1',
      [a.companyId],
    );
    expect(
      (
        await t.db.write(
          { enterpriseId: a.companyId },
          'update departments set sort = sort where enterprise_id = any($1::int[])',
          [ids],
        )
      ).count,
    ).toBe(mine[0].n);
    expect(
      (await t.db.write({}, 'update departments set sort = sort where enterprise_id = any($1::int[])', [ids])).count,
    ).toBe(0);
    // and the rows it returns, typed as asked
    const returned = await t.db.write<{ enterprise_id: number }>(
      { enterpriseId: a.companyId },
      'update departments set sort = sort where enterprise_id = any($1::int[]) returning enterprise_id',
      [ids],
    );
    expect(returned.rows).toHaveLength(mine[0].n);
    expect(new Set(returned.rows.map((r) => r.enterprise_id))).toEqual(new Set([a.companyId]));
    // one statement, one transaction: a failure writes nothing and ends the scope; on PostgreSQL the
    // connection goes back to the pool (a refused replay must not cost a new backend)
    const pool = 'pool' in t.db ? (t.db as unknown as { pool: { totalCount: number } }).pool : undefined;
    const open = pool?.totalCount;
    if (pool) expect(open).toBeGreaterThan(0);
    await expect(
      t.db.write(
        { enterpriseId: a.companyId },
        "insert into departments (enterprise_id, name) values ($1, 'y'), ($1, null)",
        [a.companyId],
      ),
    ).rejects.toThrow();
    expect(pool?.totalCount).toBe(open);
    expect(
      (await t.db.admin.query<{ n: number }>("select count(*)::int as n from departments where name = 'y'"))[0].n,
    ).toBe(0);
    const [after] = await t.db.admin.query<{ e: string | null; r: string }>(
      "select current_setting('app.enterprise_id', true) as e, current_user as r",
    );
    expect(after.e ?? '').toBe('');
    expect(after.r).not.toBe(t.db.appRole);
  });

  // on PGlite the notification is delivered during the commit; on PostgreSQL the triggers' flags are
  // read in the same message (the LISTEN connection may also be quick enough: not told apart here)
  it('a committed write that notifies makes this instance forget its who-is-calling lookups', async () => {
    const a = await makeEnterprise(t);
    const before = t.deps.cache.invalidations;
    await t.db.write({ enterpriseId: a.companyId }, 'update enterprises set title = title where id = $1', [
      a.companyId,
    ]);
    expect(t.deps.cache.invalidations).toBeGreaterThan(before);
  });
});
