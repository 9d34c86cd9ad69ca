import type { Tables } from './tables.js';

export type { Tables };

/**
 * A row of `table` with the columns a query selects (every column when none are named), typed from
 * the migrated schema: `q.query<Row<'devices', 'id' | 'name'>>('select id, name from devices …')`.
 * A migration that renames or drops a column regenerates `tables.ts`, and every query that still
 * names it fails typecheck (docs/decisions/0123).
 */
export type Row<T extends keyof Tables, K extends keyof Tables[T] = keyof Tables[T]> = Pick<Tables[T], K>;

/** A row's columns as an outer join reads them: each may be null. */
export type Nullable<T> = { [K in keyof T]: T[K] | null };
