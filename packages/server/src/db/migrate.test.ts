import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_BITS } from '@vitrine/contract';
import { useTestApp } from '../../test/harness.js';
import { makeEnterprise } from '../../test/factories.js';
import { ensureMenus } from '../domains/company/menus.js';
import { MENU_SEEDS, defaultWeight } from '../domains/company/defaults.js';
import { openPglite } from './client.js';
import { migrate, migrationFiles } from './migrate.js';

const t = useTestApp();
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'vitrine-mig-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe('migrations', () => {
  it('runs SQL and TypeScript migrations in one order, once each, a failed one not at all', async () => {
    const dir = folder({
      '0901_a.sql': 'create table mig_log (step text, at serial);',
      '0902_b.ts': `export async function up(q) { await q.query("insert into mig_log (step) values ('ts')"); }`,
      '0902_b.js': 'compiled twin of 0902_b.ts: recorded under one name, the .ts one runs',
      '0903_c.sql': "insert into mig_log (step) values ('sql');",
      '0903_c.test.ts': 'not a migration',
    });
    expect(migrationFiles(dir).map((m) => m.name)).toEqual(['0901_a.sql', '0902_b.ts', '0903_c.sql']);
    expect(await migrate(t.db, dir)).toEqual(['0901_a.sql', '0902_b.ts', '0903_c.sql']);
    expect(await migrate(t.db, dir)).toEqual([]);
    const log = await t.db.admin.query<{ step: string }>('select step from mig_log order by at');
    expect(log.map((r) => r.step)).toEqual(['ts', 'sql']);

    const bad = folder({
      '0904_bad.ts': `export async function up(q) { await q.query("insert into mig_log (step) values ('half')"); throw new Error('boom'); }`,
    });
    await expect(migrate(t.db, bad)).rejects.toThrow('migration 0904_bad.ts failed: boom');
    expect((await t.db.admin.query('select 1 from mig_log where step = $1', ['half'])).length).toBe(0);
    expect((await t.db.admin.query('select 1 from schema_migrations where name = $1', ['0904_bad.ts'])).length).toBe(0);
  });

  it('an enterprise created before a menu existed gets it, with each job’s default bits, from the data migration', async () => {
    const ent = await makeEnterprise(t);
    const scope = [ent.companyId];
    // as an install from before these areas existed; an admin also changed one job's bits
    await t.db.admin.query(
      `delete from menus where enterprise_id = $1 and path in ('/advert', '/inform', '/data/count')`,
      scope,
    );
    await t.db.admin.query(
      `update job_menus jm set weight = 1 from menus m, jobs j
        where m.id = jm.menu_id and j.id = jm.job_id and jm.enterprise_id = $1 and m.path = '/store' and j.role = 3`,
      scope,
    );
    await t.db.admin.query(`delete from schema_migrations where name = '0032_default_menus.ts'`);
    expect(await migrate(t.db)).toEqual(['0032_default_menus.ts']);

    const rows = await t.db.admin.query<{ path: string; role: number; weight: number | null; parent: string | null }>(
      `select m.path, j.role, jm.weight, p.path as parent
         from menus m join jobs j on j.enterprise_id = m.enterprise_id
         left join job_menus jm on jm.menu_id = m.id and jm.job_id = j.id
         left join menus p on p.id = m.pid
        where m.enterprise_id = $1`,
      scope,
    );
    const weight = (path: string, role: number) => rows.find((r) => r.path === path && r.role === role)?.weight ?? 0;
    expect(new Set(rows.map((r) => r.path))).toEqual(new Set(MENU_SEEDS.map((s) => s.seed.path)));
    for (const path of ['/advert', '/inform', '/data/count']) {
      for (const role of [1, 2, 3]) expect(weight(path, role)).toBe(defaultWeight(role, path));
    }
    expect(weight('/advert', 3)).toBe(ALL_BITS);
    expect(rows.find((r) => r.path === '/data/count')?.parent).toBe('/data');
    expect(weight('/store', 3)).toBe(1); // the admin's change stays
    expect(await t.db.tx({ enterpriseId: ent.companyId }, (q) => ensureMenus(q, { enterpriseId: ent.companyId }))).toBe(
      0,
    );
  });

  it('DB_APP_ROLE: grants go to the configured role and transactions run as it', async () => {
    // PostgreSQL: test/pg-owner.test.ts does this on a fresh database as a CREATEROLE owner
    if (t.db.kind !== 'pglite') return;
    const db = await openPglite({ appRole: 'vitrine_other' });
    try {
      await migrate(db);
      const [me] = await db.tx({}, (q) => q.query<{ current_user: string }>('select current_user'));
      expect(me.current_user).toBe('vitrine_other');
      const [grant] = await db.admin.query<{ other: boolean; default: boolean }>(
        `select has_table_privilege('vitrine_other', 'members', 'select') as other,
                exists (select 1 from pg_roles where rolname = 'vitrine_app') as default`,
      );
      expect(grant).toEqual({ other: true, default: false });
    } finally {
      await db.close();
    }
  }, 120_000);
});
