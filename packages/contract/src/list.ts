import { z } from 'zod';
import { oneOf } from './describe.js';
import { MAX_PAGE_SIZE, PAGE_SIZE, ROLES, SOURCES } from './enums.js';
import { int, json } from './fields.js';

/** `{p,c,a,s}`: province, city, area and shop ids (spec §3). */
export const range = z.object({
  p: z.array(z.string()).default([]),
  c: z.array(z.string()).default([]),
  a: z.array(z.string()).default([]),
  s: z.array(z.string()).default([]),
});
export type Range = z.infer<typeof range>;

/** `[start, end]` in Unix seconds (the spec's `ctime_range`, `mtime_range`): a JSON array in a form body; `[]` is no bound. */
const secondsRange = json(
  z
    .array(int.min(0, 'field.invalid'), { error: 'field.invalid' })
    .refine((r) => r.length === 0 || (r.length === 2 && r[0] <= r[1]), 'field.invalid'),
);

/**
 * The filter object of spec §3, whole, as one piece every list body is built on (issue 24 §2): a
 * client written from the spec sends all of it to any list. Each list applies the fields that mean
 * something for it — its own `.extend` narrows their values — and ignores the rest:
 * `start_time`/`end_time` and `ctime_range`/`mtime_range` (creation, change) on records, `source` on
 * operation logs, `role` on people, `extend_opt` on ad contents, `from`/`size` as offset paging on
 * every list (`offsetPaging`); the body's `enCode` is the header's, which decides. Strict: a field
 * outside the spec's object and the call's own is 40001 naming it.
 */
export const paging = z.strictObject({
  pageNum: int.min(1, 'field.invalid').default(1),
  pageSize: int.min(1, 'field.invalid').max(MAX_PAGE_SIZE, 'field.invalid').default(PAGE_SIZE),
  /** offset paging: the first row (0-based) and the page size; they win over pageNum/pageSize */
  from: int.min(0, 'field.invalid').optional(),
  size: int.min(1, 'field.invalid').max(MAX_PAGE_SIZE, 'field.invalid').optional(),
  keyword: z.string().trim().max(100, 'field.tooLong').optional(),
  start_time: int.optional(),
  end_time: int.optional(),
  ctime_range: secondsRange.optional(),
  mtime_range: secondsRange.optional(),
  areaRange: json(range).optional(),
  shopRange: json(range).optional(),
  etType: z.string().trim().max(32, 'field.tooLong').optional(),
  source: z.enum(SOURCES, { error: 'field.invalid' }).optional(),
  role: oneOf(ROLES).optional(),
  gender: int.optional(),
  DeviceType: z.string().trim().max(32, 'field.tooLong').optional(),
  Direction: int.optional(),
  status: int.optional(),
  extend_opt: json(
    z.object({
      ad_type: z.string().trim().max(32, 'field.tooLong').optional(),
      mode: z.object({ type: z.string().trim().max(32, 'field.tooLong').optional() }).optional(),
    }),
  ).optional(),
  enCode: z.string().trim().max(64, 'field.tooLong').optional(),
});

const SPEC_KEYS = new Set(Object.keys(paging.shape));

/**
 * A list body as a client of the spec sends it: the whole filter object, the fields it does not use
 * empty (`status=&role=&…` in a form). An empty spec field is an absent one, whatever the call's own
 * type for it; other values are left to the schema. Bodies of calls not built on `paging` are returned as they are.
 */
export function withoutBlankFilters(schema: unknown, body: unknown): unknown {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (!shape || !('size' in shape) || !body || typeof body !== 'object' || Array.isArray(body)) return body;
  const entries = Object.entries(body);
  if (!entries.some(([k, v]) => v === '' && SPEC_KEYS.has(k))) return body;
  return Object.fromEntries(entries.filter(([k, v]) => !(v === '' && SPEC_KEYS.has(k))));
}

/** The filter object of spec §3: the same piece (kept as the name the lifecycle and geo lists use). */
export const filter = paging;

/**
 * The spec's `from`/`size` as the page they name: `size` is the page size, `from` the first row —
 * `offset` exactly (db/paging.ts), and `pageNum` the page holding it. Bodies without them are
 * returned as they are; a `from` that is not a number is the call's own (sale/list's first day).
 */
export function offsetPaging<T>(input: T): T {
  const b = input as { pageNum?: unknown; pageSize?: unknown; from?: unknown; size?: unknown };
  if (typeof b.pageNum !== 'number' || typeof b.pageSize !== 'number') return input;
  const size = typeof b.size === 'number' ? b.size : b.pageSize;
  if (typeof b.from !== 'number') return size === b.pageSize ? input : { ...input, pageSize: size };
  return { ...input, pageSize: size, pageNum: Math.floor(b.from / size) + 1, offset: b.from };
}

export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number(), pageNum: z.number(), pageSize: z.number() });
}
