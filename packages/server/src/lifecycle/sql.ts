import type { Range } from '@vitrine/contract';
import { inRangeSql } from './range.js';
import { targetsSql } from './targets.js';
import type { Accessor, EntityConfig } from './types.js';

/** Positional parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  constructor(initial: unknown[] = []) {
    this.values.push(...initial);
  }
  add = (v: unknown): string => {
    this.values.push(v);
    return `$${this.values.length}`;
  };
}

const cast = (type: string) => (type === 'text' ? '' : type === 'int' ? '::int' : '::numeric');

/** The pseudo-field of the version whose targets count: the record's current one, or the shown version. */
export const VERSION = '@version';

/** Fields read from the record's typed columns (alias t). */
export const columnAccessor =
  (cfg: EntityConfig, alias = 't'): Accessor =>
  (field) => {
    if (field === 'id') return `${alias}.id`;
    if (field === VERSION) return `coalesce(${alias}.live_version, ${alias}.version)`;
    const f = cfg.fields[field];
    if (!f) throw new Error(`${cfg.entity}: unknown field ${field}`);
    return `${alias}.${f.column}`;
  };

/** Fields read from a version's jsonb data (alias v). */
export const dataAccessor =
  (cfg: EntityConfig, alias = 'v'): Accessor =>
  (field) => {
    if (field === 'id') return `${alias}.record_id`;
    if (field === VERSION) return `${alias}.version`;
    const f = cfg.fields[field];
    if (!f) throw new Error(`${cfg.entity}: unknown field ${field}`);
    if (f.type === 'json') return `(${alias}.data->'${field}')`;
    return `(${alias}.data->>'${field}')${cast(f.type)}`;
  };

/**
 * SQL that is true when the record meets the range `{p,c,a,s}` (null range = everything):
 * - shop: the record's shop lies in it (a shop's own location, or the shop another record names);
 * - enterprise: always (null);
 * - targets: `touch` — some target lies in it (reading); `cover` — every target does (writing).
 */
export function rangeSql(
  cfg: EntityConfig,
  acc: Accessor,
  range: Range | null,
  add: (v: unknown) => string,
  enterprise: string,
  mode: 'touch' | 'cover' = 'touch',
): string | null {
  if (range === null || cfg.reach.kind === 'enterprise') return null;
  if (cfg.reach.kind === 'targets')
    return targetsSql(mode, cfg.entity, enterprise, acc('id'), acc(VERSION), range, add);
  const field = cfg.reach.field;
  const cond = (sh: Accessor) => inRangeSql(sh('id'), sh('district'), range, add);
  if (field === 'self') return cond(acc);
  return `exists (select 1 from shops rs where rs.enterprise_id = ${enterprise} and rs.id = ${acc(field)} and ${cond((f) => `rs.${f}`)})`;
}
