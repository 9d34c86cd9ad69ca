import type { z } from 'zod';
import { describeFields, type FieldInfo } from '@vitrine/contract';
import type { FieldDecl, FieldSpec } from './types';

/**
 * The drawer's fields of one entity: the declared widgets, with what the form must ask taken from
 * the contract's data schema (the create call's body), so the rules are written once.
 */
export function formFields<S extends z.ZodObject>(data: S, decls: FieldDecl<keyof S['shape'] & string>[]): FieldSpec[] {
  const info: Record<string, FieldInfo> = describeFields(data);
  return decls.map((d) => {
    const i = info[d.name === 'region' ? 'province' : d.name];
    if (!i) throw new Error(`formFields: ${d.name} is not a data field`);
    return { ...d, required: i.required, numeric: i.type === 'int' || i.type === 'num', min: i.min, max: i.max };
  });
}
