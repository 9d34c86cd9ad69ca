import type { FieldType, MessageKey, Range } from '@vitrine/contract';
import type { Q } from '../db/client.js';

/** Query scope: the enterprise, and the caller's data range (null = the whole enterprise). */
export type Scope = { enterpriseId: number; range: Range | null };

/** A data field's column and type (`json`: lists and objects, kept as jsonb); made by defineEntity. */
export type Field = { column: string; type: FieldType };

/** Gives the SQL of one data field: from the record's typed columns, or from a version's jsonb data. */
export type Accessor = (field: string) => string;

export type Data = Record<string, unknown>;
export type Item = Record<string, unknown>;

/**
 * How a record meets the caller's data range (DESIGN §5):
 * - shop: one shop — `field` 'self' for shops (province/city/district/id), else the data field holding the shop id;
 * - enterprise: enterprise-wide (products, materials, pitches): any member with the menu bit, whatever their range;
 * - targets: a set of areas, shops and devices in the data field `field` (`{p,c,a,s,d}`), kept per version
 *   in record_targets: read when any target lies in the range, written only when every target does.
 */
export type Reach =
  { kind: 'shop'; field: 'self' | string } | { kind: 'enterprise' } | { kind: 'targets'; field: string };

/**
 * One lifecycle entity: where it lives and how it meets the data range.
 * - fields: every data field (the contract's data schema) → its typed column (lifecycle/entity.ts);
 * - reach: how the record meets the data range (above);
 * - view: read-only view fields as SQL over the shown version's data (alias v) and the record (t);
 * - eqFilters: list filter params matched for equality against a data field.
 * D and V are the contract's data and view types (defineEntity infers them); the engine holds the
 * erased EntityConfig, the hooks are methods so a typed config stands in for it.
 */
export type EntityConfig<D extends Data = Data, V extends Item = Item> = {
  entity: string;
  table: string;
  menu: string;
  label: MessageKey;
  fields: Record<string, Field>;
  reach: Reach;
  titleField: string;
  keyword: string[];
  view: Record<string, (acc: Accessor) => string>;
  eqFilters: Record<string, string>;
  /** Extra list conditions (e.g. device status); returns SQL or null. */
  listFilter?: (filter: Record<string, unknown>, add: (v: unknown) => string, acc: Accessor) => string | null;
  /** Check and normalise the data before it is stored (referenced rows exist, codes free…). */
  validate?(q: Q, scope: Scope, data: D, recordId: number | null): Promise<Data>;
  /** Turn a row into its view (tree ids, masking in lists). */
  finish?(item: V, mode: 'list' | 'one'): Item;
  /** Data of a copy (unique codes must change). */
  copyData?(data: D): Data;
  /** The console page a message about one record takes its reader to (the record shown above its list; default /store/store). */
  page?: string;
  /** false: a first approval leaves the record offline until a publisher launches it (ad plans: throw). */
  approvalLaunches?: boolean;
  /** The message key for a unique-constraint violation. */
  uniqueKey?: MessageKey;
};

/** The record's name as the logs and messages show it. */
export const titleOf = (cfg: EntityConfig, data: Data): string => String(data[cfg.titleField] ?? '');

/** The console route that shows one record above the entity's list, on the given tab (messages, search hits). */
export const recordPage = (cfg: EntityConfig, id: number, tab: 'review' | 'mine' | 'enabled'): string =>
  `${cfg.page ?? '/store/store'}?entity=${cfg.entity}&tab=${tab}&record=${id}`;
