import { z } from 'zod';
import { id, int, json, optionalText, text } from './fields.js';
import { lifecycleCalls } from './lifecycle.js';

// Advertising records (issue 9): commodities (enterprise-wide) and ad plans (aimed at areas, shops
// and devices). Lists and objects travel as JSON (form bodies carry them as JSON strings).

const ADVERT = '/advert';
const blankAs = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

export const commodityData = z.object({
  name: text(64),
  code: text(32),
  brand: optionalText(64).default(''),
  category: optionalText(64).default(''),
  /** price in fen */
  price: blankAs(int.min(0, 'field.invalid').max(1_000_000_000, 'field.invalid').optional()).default(0),
  unit: optionalText(16).default(''),
  /** material file ids */
  images: json(z.array(id).max(9, 'field.tooLong')).default([]),
  sellingPoints: json(z.array(text(100)).max(10, 'field.tooLong')).default([]),
  /** ordered specification rows compared by comparison ads */
  specs: json(z.array(z.object({ name: text(32), value: text(100) })).max(30, 'field.tooLong')).default([]),
});
export const commodityView = z.object({});
export const commodityFilter = z.object({ category: optionalText(64) });

const day = z.string({ error: 'field.required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'field.invalid');
const hhmm = z.string({ error: 'field.required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.invalid');
const regionCode = z.string().regex(/^\d{2}(\d{2}){0,2}$/, 'field.invalid');

/** Where a plan plays: provinces, cities, districts (codes), shops (ids or tree ids) and devices (ids). */
export const planTargets = z.object({
  p: z.array(regionCode).max(100).default([]),
  c: z.array(regionCode).max(500).default([]),
  a: z.array(regionCode).max(2000).default([]),
  s: z.array(z.union([z.string().max(16), z.number().int().positive()])).max(5000).default([]),
  d: z.array(id).max(5000).default([]),
});
export type PlanTargets = z.infer<typeof planTargets>;

export const adPlanData = z.object({
  name: text(64),
  /** ad contents in play order, each with a weight */
  contents: json(z.array(z.object({ contentId: id, weight: int.min(1, 'field.invalid').max(100, 'field.invalid').default(1) })).max(50, 'field.tooLong')).default([]),
  dateFrom: day,
  dateTo: day,
  /** 0 Sunday … 6 Saturday */
  weekdays: json(z.array(int.min(0, 'field.invalid').max(6, 'field.invalid')).max(7)).default([0, 1, 2, 3, 4, 5, 6]),
  /** shop-local times; an overnight part (to < from) belongs to its start day; none = all day */
  dayparts: json(z.array(z.object({ from: hhmm, to: hhmm })).max(12, 'field.tooLong')).default([]),
  priority: blankAs(int.min(1, 'field.invalid').max(10, 'field.invalid').optional()).default(5),
  targets: json(planTargets),
  deviceType: z.enum(['all', 'big', 'pad'], { error: 'field.invalid' }).default('all'),
  /** -1 any, 1 landscape, 0 portrait */
  orientation: blankAs(int.min(-1, 'field.invalid').max(1, 'field.invalid').optional()).default(-1),
});
export const adPlanView = z.object({});
export const adPlanFilter = z.object({});

export const commodityCalls = lifecycleCalls('commodity', ADVERT, commodityData, commodityView, commodityFilter);
export const adPlanCalls = lifecycleCalls('ad-plan', ADVERT, adPlanData, adPlanView, adPlanFilter);

export const advertApi = { commodity: commodityCalls, 'ad-plan': adPlanCalls };
