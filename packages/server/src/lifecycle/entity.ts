import type { z } from 'zod';
import { describeFields } from '@vitrine/contract';
import type { Accessor, EntityConfig, Field, Item } from './types.js';

/** The contract's schemas of one entity: its editable data, its read-only view, its list filter. */
export type EntitySchemas<D extends z.ZodObject, V extends z.ZodObject, F extends z.ZodObject> = {
  data: D;
  view: V;
  filter: F;
};

type Keys<S extends z.ZodObject> = keyof S['shape'] & string;

/** What only the server knows about an entity; every field name is one of the contract's keys. */
export type EntitySpec<D extends z.ZodObject, V extends z.ZodObject, F extends z.ZodObject> = Omit<
  EntityConfig<z.infer<D>, Partial<z.infer<D> & z.infer<V>> & Item>,
  'fields' | 'titleField' | 'keyword' | 'view' | 'eqFilters'
> & {
  titleField: Keys<D>;
  keyword: Keys<D>[];
  /** View fields computed in SQL (others come from `finish`). */
  view?: { [K in Keys<V>]?: (acc: Accessor) => string };
  /** List filter params matched for equality against a data field. */
  eqFilters?: { [K in Keys<F>]?: Keys<D> };
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * One lifecycle entity, described once: the columns (snake_case of the contract's keys) and their
 * types come from the data schema; names the server adds are checked against the schemas' keys.
 */
export function defineEntity<D extends z.ZodObject, V extends z.ZodObject, F extends z.ZodObject>(
  schemas: EntitySchemas<D, V, F>,
  spec: EntitySpec<D, V, F>,
): EntityConfig {
  const fields: Record<string, Field> = Object.fromEntries(
    Object.entries(describeFields(schemas.data)).map(([key, info]) => [key, { column: snake(key), type: info.type }]),
  );
  const defined = <T>(o: Record<string, T | undefined> | undefined) =>
    Object.fromEntries(Object.entries(o ?? {}).filter((e): e is [string, T] => e[1] !== undefined));
  return { ...spec, fields, view: defined(spec.view), eqFilters: defined(spec.eqFilters) };
}
