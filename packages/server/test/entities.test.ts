import { describe, expect, it } from 'vitest';
import { AD_PLAN, COMMODITY } from '../src/records/advert-entities.js';
import { DEVICE } from '../src/records/device-entity.js';
import { EMPLOYEE, ET, MEMBER, SHOP } from '../src/records/store-entities.js';
import { useTestApp } from './harness.js';

// Each lifecycle entity is described once, by the contract's data schema: its columns (snake_case
// of the keys) and their types are derived. The migrated database must have exactly those columns,
// with a type that holds the field, in the record table (its versions keep the data as jsonb).

const t = useTestApp();
const SQL_TYPES = { text: ['text', 'character varying', 'date'], int: ['smallint', 'integer', 'bigint'], num: ['numeric', 'double precision', 'real'], json: ['jsonb'] };

describe('entity fields derived from the contract', () => {
  for (const cfg of [SHOP, ET, EMPLOYEE, MEMBER, DEVICE, COMMODITY, AD_PLAN]) {
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
