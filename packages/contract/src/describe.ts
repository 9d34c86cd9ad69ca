import { z } from 'zod';
import { INT_MAX } from './fields.js';

// One entity's data schema, read once for everyone who needs it: the server's columns and their SQL
// types, the console's form rules (required, bounds, choices). Nothing else describes the fields.

/** How a field is stored: text, 32-bit integer, number, or a list/object kept as jsonb. */
export type FieldType = 'text' | 'int' | 'num' | 'json';

export type FieldInfo = {
  type: FieldType;
  /** The body must carry it (no default, not optional). */
  required: boolean;
  /** Bounds a form can offer (absent when only the column's range limits it). */
  min?: number;
  max?: number;
  maxLength?: number;
  /** The allowed values (z.enum, or `oneOf` numbers). */
  values?: readonly (string | number)[];
};

type JsonSchema = {
  type?: string;
  anyOf?: JsonSchema[];
  enum?: (string | number)[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxLength?: number;
};

const TYPES: Record<string, FieldType> = {
  string: 'text',
  integer: 'int',
  number: 'num',
  array: 'json',
  object: 'json',
};
const bound = (v: number | undefined) => (v === undefined || Math.abs(v) >= INT_MAX ? undefined : v);

function infoOf(key: string, field: z.ZodType, js: JsonSchema): FieldInfo {
  const s = js.anyOf?.find((a) => a.type !== 'null') ?? js;
  const type = s.type ? TYPES[s.type] : s.enum ? (typeof s.enum[0] === 'number' ? 'int' : 'text') : undefined;
  if (!type) throw new Error(`describeFields: cannot tell how to store "${key}"`);
  const min = s.exclusiveMinimum !== undefined && type === 'int' ? s.exclusiveMinimum + 1 : s.minimum;
  return {
    type,
    required: !field.safeParse(undefined).success,
    ...(bound(min) !== undefined ? { min: bound(min) } : {}),
    ...(bound(s.maximum) !== undefined ? { max: bound(s.maximum) } : {}),
    ...(s.maxLength !== undefined ? { maxLength: s.maxLength } : {}),
    ...(s.enum ? { values: s.enum } : {}),
  };
}

const cache = new WeakMap<z.ZodObject, Record<string, FieldInfo>>();

/** Every field of an object schema, by key: how it is stored and what a form must ask. */
export function describeFields<S extends z.ZodObject>(schema: S): { [K in keyof S['shape'] & string]: FieldInfo } {
  let out = cache.get(schema);
  if (!out) {
    const js = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as {
      properties: Record<string, JsonSchema>;
    };
    out = Object.fromEntries(
      Object.entries(schema.shape).map(([k, f]) => [k, infoOf(k, f as z.ZodType, js.properties[k] ?? {})]),
    );
    cache.set(schema, out);
  }
  return out as { [K in keyof S['shape'] & string]: FieldInfo };
}

/** A number that must be one of `values` (form bodies send strings); the values are part of its description. */
export const oneOf = <T extends readonly number[]>(values: T) =>
  z.coerce
    .number({ error: 'field.invalid' })
    .int('field.invalid')
    .refine((v) => values.includes(v), 'field.invalid')
    .meta({ enum: [...values] });
