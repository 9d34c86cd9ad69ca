import { describe, expect, it } from 'vitest';
import { allCalls } from '@vitrine/contract';
import { ENTITIES } from '../src/records/index.js';
import { useTestApp } from './harness.js';

// Each lifecycle entity is described once, by the contract's data schema: its columns (snake_case
// of the keys) and their types are derived. The migrated database must have exactly those columns,
// with a type that holds the field, in the record table (its versions keep the data as jsonb).

const t = useTestApp();
/** The lifecycle columns every entity table carries (migration 0007), with their types; `?` = nullable. */
const LIFECYCLE = {
  id: 'integer',
  enterprise_id: 'integer',
  author_id: 'integer',
  version: 'integer',
  status: 'smallint',
  live_version: 'integer?',
  online: 'smallint',
  deleted_at: 'timestamp with time zone?',
  created_at: 'timestamp with time zone',
  updated_at: 'timestamp with time zone',
};
const SQL_TYPES = {
  text: ['text', 'character varying', 'date'],
  int: ['smallint', 'integer', 'bigint'],
  num: ['numeric', 'double precision', 'real'],
  json: ['jsonb'],
};

/** The entities the contract gives lifecycle calls: every `<entity>/apply` (submit for review). */
const CONTRACT_ENTITIES = allCalls
  .filter((c) => c.path.endsWith('/apply'))
  .map((c) => c.path.split('/')[0])
  .sort();

describe('entity fields derived from the contract', () => {
  it('the server describes every lifecycle entity of the contract, once', () => {
    expect(ENTITIES.map((c) => c.entity).sort()).toEqual(CONTRACT_ENTITIES);
    expect(CONTRACT_ENTITIES.length).toBeGreaterThanOrEqual(12);
  });

  for (const cfg of ENTITIES) {
    it(`${cfg.entity}: the lifecycle columns, row-level security and the app role's grants`, async () => {
      const cols = await t.db.admin.query<{ column_name: string; data_type: string; is_nullable: string }>(
        'select column_name, data_type, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = $1',
        [cfg.table],
      );
      const have = Object.fromEntries(
        cols.map((c) => [c.column_name, `${c.data_type}${c.is_nullable === 'YES' ? '?' : ''}`]),
      );
      expect(Object.fromEntries(Object.keys(LIFECYCLE).map((k) => [k, have[k] ?? 'missing']))).toEqual(LIFECYCLE);
      const [rls] = await t.db.admin.query<{ on: boolean; policies: number }>(
        `select c.relrowsecurity as on, (select count(*)::int from pg_policies p where p.schemaname = current_schema() and p.tablename = c.relname) as policies
           from pg_class c where c.oid = to_regclass($1)`,
        [cfg.table],
      );
      expect(rls).toEqual({ on: true, policies: 1 });
      const grants = await t.db.admin.query<{ privilege_type: string }>(
        `select privilege_type from information_schema.role_table_grants where table_schema = current_schema() and table_name = $1 and grantee = $2 order by 1`,
        [cfg.table, t.db.appRole],
      );
      expect(grants.map((g) => g.privilege_type)).toEqual(
        expect.arrayContaining(['DELETE', 'INSERT', 'SELECT', 'UPDATE']),
      );
    });

    it(`${cfg.entity}: every data field has its column, of a type that holds it`, async () => {
      const rows = await t.db.admin.query<{ column_name: string; data_type: string }>(
        'select column_name, data_type from information_schema.columns where table_schema = current_schema() and table_name = $1',
        [cfg.table],
      );
      const types = new Map(rows.map((r) => [r.column_name, r.data_type]));
      const wrong = Object.entries(cfg.fields)
        .filter(([, f]) => !SQL_TYPES[f.type].includes(types.get(f.column) ?? 'missing'))
        .map(([k, f]) => `${k} → ${f.column} ${f.type}: ${types.get(f.column) ?? 'missing'}`);
      expect(wrong).toEqual([]);
      expect(Object.keys(cfg.fields).length).toBeGreaterThan(2);
    });
  }
});
