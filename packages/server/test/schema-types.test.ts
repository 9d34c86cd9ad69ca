import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateSchemaTypes } from '../src/db/schema/generate.js';
import { useTestApp } from './harness.js';

// The row types queries are checked against (src/db/schema/tables.ts) are the migrated schema's, on
// PGlite and on PostgreSQL alike: a migration that changes a table without `npm run db:types` fails
// here, and after it, every query still naming a renamed column fails typecheck (decisions/0123).

const t = useTestApp();

describe('generated row types', () => {
  it('src/db/schema/tables.ts is the migrated schema (run `npm run db:types` after a migration)', async () => {
    const file = readFileSync(join(import.meta.dirname, '../src/db/schema/tables.ts'), 'utf8');
    expect(await generateSchemaTypes(t.db.admin)).toBe(file);
  });

  it('every column has a decided type (a new PostgreSQL type is mapped in generate.ts, not left unknown)', async () => {
    const text = await generateSchemaTypes(t.db.admin);
    const unknownColumns = text.split('\n').filter((l) => /: unknown/.test(l));
    // json and jsonb are unknown on purpose: their shape is the contract's, parsed where read
    const columns = await t.db.admin.query<{ n: number }>(
      `select count(*)::int as n from information_schema.columns c
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
        where c.table_schema = current_schema() and t.table_type in ('BASE TABLE', 'VIEW') and c.udt_name in ('json', 'jsonb')`,
    );
    expect(unknownColumns).toHaveLength(columns[0].n);
  });
});
