import type { Q } from '../client.js';

/**
 * The migrated schema as TypeScript (docs/decisions/0123): one row type per table and view of the
 * current schema, read from the catalogue. `npm run db:types` writes it to `db/schema/tables.ts`;
 * test/schema-types.test.ts regenerates it on each database and fails when a migration changed the
 * schema and the file was not regenerated. Queries name their columns with `Row<'table', 'col'>`, so
 * a renamed or dropped column fails typecheck where a query still reads it.
 */

type Column = { table_name: string; column_name: string; udt_name: string; is_nullable: 'YES' | 'NO' };

/**
 * What the two drivers hand back for a type, as the server configures them (db/client.ts: int8 as a
 * number on pg; PGlite parses it so itself). Types outside this table are `unknown`: a new type must
 * be decided here, and the check says so by failing.
 */
const TS_TYPE: Record<string, string> = {
  int2: 'number',
  int4: 'number',
  int8: 'number',
  float4: 'number',
  float8: 'number',
  oid: 'number',
  numeric: 'string',
  bool: 'boolean',
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  name: 'string',
  uuid: 'string',
  time: 'string',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  jsonb: 'unknown',
  json: 'unknown',
  bytea: 'Uint8Array',
};

function tsType(udt: string): string {
  if (udt.startsWith('_')) {
    const inner = tsType(udt.slice(1));
    return inner.includes(' ') ? `(${inner})[]` : `${inner}[]`;
  }
  return TS_TYPE[udt] ?? 'unknown';
}

/** The source text of `db/schema/tables.ts` for the schema `q` is connected to. */
export async function generateSchemaTypes(q: Q): Promise<string> {
  const columns = await q.query<Column>(
    `select c.table_name::text as table_name, c.column_name::text as column_name, c.udt_name::text as udt_name,
            c.is_nullable::text as is_nullable
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type in ('BASE TABLE', 'VIEW')
      order by c.table_name, c.ordinal_position`,
  );
  const tables = new Map<string, Column[]>();
  for (const c of columns) tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), c]);
  const out = [
    '// Generated from the migrated schema by `npm run db:types` (db/schema/generate.ts). Do not edit:',
    '// a migration that changes a table regenerates it, and test/schema-types.test.ts checks it is current.',
    '',
    '/** Every table and view of the schema, column by column, as the drivers return them. */',
    'export type Tables = {',
  ];
  for (const [table, cols] of [...tables].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`  ${table}: {`);
    for (const c of cols) {
      const type = tsType(c.udt_name);
      out.push(`    ${c.column_name}: ${type}${c.is_nullable === 'YES' && type !== 'unknown' ? ' | null' : ''};`);
    }
    out.push('  };');
  }
  out.push('};', '');
  return out.join('\n');
}
