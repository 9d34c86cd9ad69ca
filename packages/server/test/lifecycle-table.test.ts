import { describe, expect, it } from 'vitest';
import type { Q } from '../src/db/client.js';
import { ENTITIES } from '../src/records/index.js';
import { useTestApp } from './harness.js';

// Every lifecycle table's standard part — its ten columns with their defaults, keys and references,
// row-level security with the tenant policy, the app role's grants — is what one migration helper
// makes (`lifecycle_table`, migration 0283): a table made by the helper here is compared, column by
// column, with each entity table of the contract.

const t = useTestApp();
const STANDARD = [
  'id',
  'enterprise_id',
  'author_id',
  'version',
  'status',
  'live_version',
  'online',
  'deleted_at',
  'created_at',
  'updated_at',
];

/** The standard part of `table` as the catalogue describes it, independent of column order. */
async function standardPart(q: Q, table: string, appRole: string) {
  const columns = await q.query(
    `select column_name, data_type, is_nullable, column_default, is_identity, identity_generation
       from information_schema.columns where table_schema = current_schema() and table_name = $1 and column_name = any($2::text[])
      order by column_name`,
    [table, STANDARD],
  );
  const keys = await q.query(
    `select c.contype::text as type, a.attname::text as column_name, coalesce(c.confrelid::regclass::text, '') as refers_to,
            c.confdeltype::text as on_delete
       from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
      where c.conrelid = $1::regclass and c.contype in ('p', 'f') and a.attname = any($2::text[])
      order by 2, 1`,
    [table, STANDARD],
  );
  const [security] = await q.query<{ rls: boolean }>(
    'select relrowsecurity as rls from pg_class where oid = $1::regclass',
    [table],
  );
  const policies = await q.query(
    `select policyname::text as name, cmd::text as cmd, roles::text as roles, qual, with_check
       from pg_policies where schemaname = current_schema() and tablename = $1 order by 1`,
    [table],
  );
  const grants = (
    await q.query<{ privilege_type: string }>(
      `select privilege_type from information_schema.role_table_grants
        where table_schema = current_schema() and table_name = $1 and grantee = $2 order by 1`,
      [table, appRole],
    )
  ).map((g) => g.privilege_type);
  return { columns, keys, rls: security.rls, policies, grants };
}

describe('lifecycle tables come from one helper', () => {
  it("every entity table's standard part is exactly what lifecycle_table() makes", async () => {
    const tables = [...new Set(ENTITIES.map((e) => e.table))].sort();
    expect(tables.length).toBeGreaterThanOrEqual(12);
    const found = await t.db.session(async (q) => {
      await q.query('begin');
      try {
        await q.query('create table lifecycle_probe (name text not null)');
        await q.query(`select lifecycle_table('lifecycle_probe')`);
        const made = await standardPart(q, 'lifecycle_probe', t.db.appRole);
        const each: Record<string, unknown> = {};
        for (const table of tables) each[table] = await standardPart(q, table, t.db.appRole);
        return { made, each };
      } finally {
        await q.query('rollback');
      }
    });
    expect(found.made.columns).toHaveLength(STANDARD.length);
    expect(found.made.rls).toBe(true);
    expect(found.made.grants).toEqual(['DELETE', 'INSERT', 'SELECT', 'UPDATE']);
    for (const table of tables) expect({ table, ...(found.each[table] as object) }).toEqual({ table, ...found.made });
  });
});
