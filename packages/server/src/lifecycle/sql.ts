import { shopIdOf, type Range } from '@vitrine/contract';
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

/** Fields read from the record's typed columns (alias t). */
export const columnAccessor = (cfg: EntityConfig, alias = 't'): Accessor => (field) => {
  if (field === 'id') return `${alias}.id`;
  const f = cfg.fields[field];
  if (!f) throw new Error(`${cfg.entity}: unknown field ${field}`);
  return `${alias}.${f.column}`;
};

/** Fields read from a version's jsonb data (alias v). */
export const dataAccessor = (cfg: EntityConfig, alias = 'v'): Accessor => (field) => {
  if (field === 'id') return `${alias}.record_id`;
  const f = cfg.fields[field];
  if (!f) throw new Error(`${cfg.entity}: unknown field ${field}`);
  return `(${alias}.data->>'${field}')${cast(f.type)}`;
};

export const shopIds = (r: Range) => r.s.map(shopIdOf).filter((v): v is number => v !== null);

/**
 * SQL that is true when the record's shop lies in the range `{p,c,a,s}`; null range = everything.
 * For shops the location is the record's own; for other entities, the shop it names.
 */
export function rangeSql(cfg: EntityConfig, acc: Accessor, range: Range | null, add: (v: unknown) => string, enterprise: string): string | null {
  if (range === null) return null;
  const cond = (sh: Accessor) =>
    `(${sh('province')} = any(${add(range.p)}::text[]) or ${sh('city')} = any(${add(range.c)}::text[])` +
    ` or ${sh('district')} = any(${add(range.a)}::text[]) or ${sh('id')} = any(${add(shopIds(range))}::int[]))`;
  if (cfg.shop === 'self') return cond(acc);
  return `exists (select 1 from shops rs where rs.enterprise_id = ${enterprise} and rs.id = ${acc(cfg.shop)} and ${cond((f) => `rs.${f}`)})`;
}
