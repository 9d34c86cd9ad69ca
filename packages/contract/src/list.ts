import { z } from 'zod';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './enums.js';
import { int, json } from './fields.js';

/** `{p,c,a,s}`: province, city, area and shop ids (spec §3). */
export const range = z.object({
  p: z.array(z.string()).default([]),
  c: z.array(z.string()).default([]),
  a: z.array(z.string()).default([]),
  s: z.array(z.string()).default([]),
});
export type Range = z.infer<typeof range>;

/** Strict, as every list body built on it: a field the call does not know is 40001 naming it. */
export const paging = z.strictObject({
  pageNum: int.min(1, 'field.invalid').default(1),
  pageSize: int.min(1, 'field.invalid').max(MAX_PAGE_SIZE, 'field.invalid').default(PAGE_SIZE),
});

/** The filter object of spec §3; each list call picks the parts that apply (strict, as paging). */
export const filter = paging.extend({
  keyword: z.string().trim().max(100, 'field.tooLong').optional(),
  start_time: int.optional(),
  end_time: int.optional(),
  areaRange: json(range).optional(),
  shopRange: json(range).optional(),
  status: int.optional(),
});

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), pageNum: z.number(), pageSize: z.number() });
}
