/**
 * `npm run db:types`: migrates a fresh in-memory PGlite and writes the schema's row types to
 * `src/db/schema/tables.ts` (docs/decisions/0123). Run it after adding a migration; the server suite
 * fails until the file matches the schema (test/schema-types.test.ts, on both databases).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { generateSchemaTypes } from '../db/schema/generate.js';

const TABLES_FILE = join(import.meta.dirname, '../db/schema/tables.ts');

const db = await openPglite({});
try {
  await migrate(db);
  writeFileSync(TABLES_FILE, await generateSchemaTypes(db.admin));
  console.log(`wrote ${TABLES_FILE}`);
} finally {
  await db.close();
}
