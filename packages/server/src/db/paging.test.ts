import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { countOf, page, type PageSql } from './paging.js';

// The one paging helper, on the engine this file runs on (PGlite, or PostgreSQL with DATABASE_URL).

const t = useTestApp();
const provinces: PageSql = { select: 'code, name', from: 'regions', where: 'level = $1', order: 'code', params: [1] };

describe('page', () => {
  it('answers { list, total, pageNum, pageSize } in order; the last page is short', async () => {
    const total = await t.db.tx({}, (q) => countOf(q, provinces));
    expect(total).toBeGreaterThan(30);
    const first = await t.db.tx({}, (q) =>
      page<{ code: string; name: string }>(q, provinces, { pageNum: 1, pageSize: 10 }),
    );
    expect(first).toMatchObject({ total, pageNum: 1, pageSize: 10 });
    expect(first.list.map((r) => r.code)).toEqual([...first.list.map((r) => r.code)].sort());
    expect(Object.keys(first.list[0]).sort()).toEqual(['code', 'name']);
    const lastNum = Math.ceil(total / 10);
    const last = await t.db.tx({}, (q) => page(q, provinces, { pageNum: lastNum, pageSize: 10 }));
    expect(last.list).toHaveLength(total - (lastNum - 1) * 10);
  });

  it('a page past the end is empty and still reports the total; no match is total 0', async () => {
    const total = await t.db.tx({}, (q) => countOf(q, provinces));
    expect(await t.db.tx({}, (q) => page(q, provinces, { pageNum: 1000, pageSize: 10 }))).toEqual({
      list: [],
      total,
      pageNum: 1000,
      pageSize: 10,
    });
    const none = { ...provinces, params: [9] };
    expect(await t.db.tx({}, (q) => page(q, none, { pageNum: 1, pageSize: 10 }))).toEqual({
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 10,
    });
  });

  it("a row column named like the helper's own does not clobber the total", async () => {
    const sql: PageSql = { ...provinces, select: 'code, 7 as total' };
    const res = await t.db.tx({}, (q) => page<{ code: string; total: number }>(q, sql, { pageNum: 1, pageSize: 2 }));
    expect(res.total).toBeGreaterThan(30);
    expect(res.list.every((r) => r.total === 7)).toBe(true);
  });
});
