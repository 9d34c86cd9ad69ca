import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { analyzeChanged } from './auto-analyze.js';

// PGlite's planner learns how big tables grew (issue 25 §7); PostgreSQL's autovacuum does it there.
const t = useTestApp();

describe('auto-analyze', () => {
  it.runIf(process.env.DATABASE_URL === undefined)(
    'analyzes on PGlite a table that grew past 10 %, and leaves a quiet one',
    async () => {
      await t.db.admin.query('create table if not exists analyze_probe (a int)');
      await analyzeChanged(t.db);
      await t.db.admin.query('insert into analyze_probe select generate_series(1, 5000)');
      await new Promise((r) => setTimeout(r, 1200)); // statistics reach the collector within a second
      await t.db.admin.query('select pg_stat_clear_snapshot()');
      expect(await analyzeChanged(t.db)).toContain('public.analyze_probe');
      await t.db.admin.query('select pg_stat_clear_snapshot()');
      const [row] = await t.db.admin.query<{ n: number }>(
        "select reltuples::int as n from pg_class where relname = 'analyze_probe'",
      );
      expect(row.n).toBe(5000);
      expect(await analyzeChanged(t.db)).not.toContain('public.analyze_probe');
    },
  );
  it.runIf(process.env.DATABASE_URL !== undefined)('leaves PostgreSQL to its autovacuum', async () => {
    expect(await analyzeChanged(t.db)).toEqual([]);
  });
});
