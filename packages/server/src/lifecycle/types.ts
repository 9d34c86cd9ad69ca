import type { MessageKey, Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';

/** Query scope: the enterprise, and the caller's data range (null = the whole enterprise). */
export type Scope = { enterpriseId: number; range: Range | null };

export type FieldType = 'text' | 'int' | 'num';
export type Field = { column: string; type: FieldType };

/** Gives the SQL of one data field: from the record's typed columns, or from a version's jsonb data. */
export type Accessor = (field: string) => string;

export type Data = Record<string, unknown>;
export type Item = Record<string, unknown>;

/**
 * One lifecycle entity: where it lives and how it maps to a shop (for the data range).
 * - fields: every data field (the contract's data schema) → its typed column;
 * - shop: 'self' for shops (province/city/district/id), else the data field holding the shop id;
 * - view: read-only view fields as SQL over the shown version's data (alias v) and the record (t);
 * - eqFilters: list filter params matched for equality against a data field.
 */
export type EntityConfig = {
  entity: string;
  table: string;
  menu: string;
  label: MessageKey;
  fields: Record<string, Field>;
  shop: 'self' | string;
  titleField: string;
  keyword: string[];
  view: Record<string, (acc: Accessor) => string>;
  eqFilters: Record<string, string>;
  /** Extra list conditions (e.g. device status); returns SQL or null. */
  listFilter?: (filter: Record<string, unknown>, add: (v: unknown) => string, acc: Accessor) => string | null;
  /** Check and normalise the data before it is stored (referenced rows exist, codes free…). */
  validate?: (q: Q, scope: Scope, data: Data, recordId: number | null) => Promise<Data>;
  /** Turn a row into its view (tree ids, masking in lists). */
  finish?: (item: Item, mode: 'list' | 'one') => Item;
  /** Data of a copy (unique codes must change). */
  copyData?: (data: Data) => Data;
  /** The message key for a unique-constraint violation. */
  uniqueKey?: MessageKey;
};

/** The record's name as the logs and messages show it. */
export const titleOf = (cfg: EntityConfig, data: Data): string => String(data[cfg.titleField] ?? '');
