import { z } from 'zod';
import { DEFAULT_IMAGE_MS, MAX_ITEM_MS } from './constants.js';
import { oneOf } from './describe.js';
import { AD_TYPES, DEVICE_TYPES } from './enums.js';
import { defineCall } from './call.js';
import { playlistItem, playlistSegment } from './device-api.js';
import { id, id4, int, json, optionalText, text, localDay } from './fields.js';
import { listOf, paging } from './list.js';
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

const day = localDay;
const hhmm = z.string({ error: 'field.required' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'field.invalid');
const regionCode = z.string().regex(/^\d{2}(\d{2}){0,2}$/, 'field.invalid');

/** Where a plan plays: provinces, cities, districts (codes), shops (ids or tree ids) and devices (ids). */
export const planTargets = z.object({
  p: z.array(regionCode).max(100).default([]),
  c: z.array(regionCode).max(500).default([]),
  a: z.array(regionCode).max(2000).default([]),
  s: z
    .array(z.union([z.string().max(16), id4]))
    .max(5000)
    .default([]),
  d: z.array(id).max(5000).default([]),
});
export type PlanTargets = z.infer<typeof planTargets>;

export const adPlanData = z.object({
  name: text(64),
  /** ad contents in play order, each with a weight */
  contents: json(
    z
      .array(z.object({ contentId: id, weight: int.min(1, 'field.invalid').max(100, 'field.invalid').default(1) }))
      .max(50, 'field.tooLong'),
  ).default([]),
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
  /** 1: screens with a camera greet visitors with the AI pitches */
  aiPitches: oneOf([0, 1]).default(0),
  /** a background-music content (ad type bgm) under the plan's image contents */
  bgmContentId: blankAs(id.optional()),
});
export const adPlanView = z.object({
  /** 1: the plan fills the gaps where nothing else plays (the most specific default wins); set by ad-plan/default */
  isDefault: z.number(),
});
export const adPlanFilter = z.object({});

export { DEFAULT_IMAGE_MS, MAX_ITEM_MS };

/**
 * An ad content (spec §3 ad type): default = default video display, main = carousel, details =
 * product display, compare = product comparison, bgm = background music. Materials in play order
 * with a duration each (default/main/details), the products shown (details: 1, compare: 2–4) and
 * the specification rows compared, or the music tracks and their volume (bgm).
 */
export const adContentData = z.object({
  name: text(64),
  adType: z.enum(AD_TYPES, { error: 'field.invalid' }),
  deviceType: z.enum(DEVICE_TYPES, { error: 'field.invalid' }).default('big'),
  /** 1 landscape, 0 portrait */
  orientation: oneOf([0, 1]).default(1),
  /** material file ids in play order; durationMs 0 = the material's own (videos) or 10 s (images) */
  items: json(
    z
      .array(
        z.object({ fileId: id, durationMs: int.min(0, 'field.invalid').max(MAX_ITEM_MS, 'field.invalid').default(0) }),
      )
      .max(50, 'field.tooLong'),
  ).default([]),
  commodityIds: json(z.array(id).max(4, 'field.tooLong')).default([]),
  /** the specification rows a comparison shows (names of the products' spec rows) */
  specNames: json(z.array(text(32)).max(30, 'field.tooLong')).default([]),
  layout: z.enum(['left', 'right', 'full'], { error: 'field.invalid' }).default('full'),
  /** background music: audio materials in play order */
  bgm: json(z.array(z.object({ fileId: id })).max(20, 'field.tooLong')).default([]),
  volume: blankAs(int.min(0, 'field.invalid').max(100, 'field.invalid').optional()).default(60),
});
export const adContentView = z.object({
  /** the whole content's play time (ms), from its items */
  totalMs: z.number(),
});
/** The sidebar's filters (spec §2/§3): ad content category as `extend_opt` {"ad_type"}, device type (also `extend_opt` {"mode": {"type"}}), orientation. */
export const adContentFilter = z.object({
  extend_opt: json(
    z.object({
      ad_type: z.enum(AD_TYPES, { error: 'field.invalid' }).optional(),
      mode: z.object({ type: z.enum(DEVICE_TYPES, { error: 'field.invalid' }).optional() }).optional(),
    }),
  ).optional(),
  DeviceType: z.enum(DEVICE_TYPES, { error: 'field.invalid' }).optional(),
  Direction: oneOf([0, 1]).optional(),
});

/** Visitor age bands of the device API (0: 0-18 … 4: 50+) and genders (1 male, 2 female, 0 unknown): the 15 cells of pitches. */
export const PITCH_GENDERS = [1, 2, 0] as const;
export const PITCH_AGE_BANDS = [0, 1, 2, 3, 4] as const;

/**
 * An AI customer-acquisition pitch (issue 9 §4): what a screen with a camera says to a visitor of a
 * gender and age band — a greeting, optional audio, optional content or product to show. Scope empty:
 * the whole enterprise; else an override for these areas or shops (the most specific wins).
 */
export const aiPitchData = z.object({
  gender: oneOf(PITCH_GENDERS),
  ageBand: oneOf(PITCH_AGE_BANDS),
  text: text(200),
  /** an audio material */
  audioId: blankAs(id.optional()),
  contentId: blankAs(id.optional()),
  commodityId: blankAs(id.optional()),
  scope: json(planTargets).default({ p: [], c: [], a: [], s: [], d: [] }),
});
export const aiPitchView = z.object({});
export const aiPitchFilter = z.object({
  gender: oneOf(PITCH_GENDERS).optional(),
  ageBand: oneOf(PITCH_AGE_BANDS).optional(),
});

export const adContentCalls = lifecycleCalls('ad-content', ADVERT, adContentData, adContentView, adContentFilter);
export const aiPitchCalls = lifecycleCalls('ai-pitch', ADVERT, aiPitchData, aiPitchView, aiPitchFilter);
export const commodityCalls = lifecycleCalls('commodity', ADVERT, commodityData, commodityView, commodityFilter);
export const adPlanCalls = lifecycleCalls('ad-plan', ADVERT, adPlanData, adPlanView, adPlanFilter);

const publish = { menu: ADVERT, bit: 'publish' } as const;
const view = { menu: ADVERT, bit: 'view' } as const;
const planItem = adPlanCalls.setStatus.result;

/** Why a targeted screen does not play the plan now (issue 9 §5). */
export const PLAN_DEVICE_REASONS = [
  'notLaunched',
  'offline',
  'deviceType',
  'orientation',
  'noContent',
  'outranked',
  'outsideTime',
] as const;
export const planDevice = z.object({
  deviceId: z.number(),
  code: z.string(),
  name: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  type: z.string(),
  orientation: z.number(),
  deviceStatus: z.number(),
  /** 1: the plan is what the screen plays now */
  playing: z.number(),
  reason: z.enum(PLAN_DEVICE_REASONS).nullable(),
  /** the plan that plays there instead (reason outranked) */
  byPlanId: z.number().nullable(),
  byPlanName: z.string(),
});

/** The plan-only calls (spec: throw, revoke, default, device-list) and what a screen plays this week. */
export const adPlanExtraCalls = {
  throw: defineCall({
    path: 'ad-plan/throw',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'ad-plan', verb: 'throw' },
    summary: 'Launch an enabled plan to its screens (online 302)',
    body: z.object({ id }),
    result: planItem,
  }),
  revoke: defineCall({
    path: 'ad-plan/revoke',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'ad-plan', verb: 'revoke' },
    summary: 'Take a launched plan off its screens (offline 301)',
    body: z.object({ id }),
    result: planItem,
  }),
  default: defineCall({
    path: 'ad-plan/default',
    auth: 'tenant',
    perm: publish,
    log: { entity: 'ad-plan', verb: 'update' },
    summary: 'Make an enabled plan a default plan (it fills the gaps; the most specific default wins), or no longer',
    body: z.object({ id, isDefault: oneOf([0, 1]).default(1) }),
    result: planItem,
  }),
  deviceList: defineCall({
    path: 'ad-plan/device-list',
    auth: 'tenant',
    perm: view,
    summary: "Every screen the plan is aimed at (in the caller's range), whether it plays the plan now, and if not why",
    body: paging.extend({ id }),
    result: listOf(planDevice),
  }),
  timeline: defineCall({
    path: 'ad-plan/timeline',
    auth: 'tenant',
    perm: view,
    summary: 'What a screen plays over the next 7 local days: the resolution the device API serves',
    body: z.object({ deviceId: id }),
    result: z.object({
      timezone: z.string(),
      segments: z.array(playlistSegment),
      fallback: z.object({ planId: z.number(), items: z.array(playlistItem) }).nullable(),
      etag: z.string(),
      /** The names of the plans it shows, so the console names them (issue 25 §5). */
      plans: z.array(z.object({ id: z.number(), name: z.string(), isDefault: z.number() })),
    }),
  }),
};

export const advertApi = {
  commodity: commodityCalls,
  'ad-content': adContentCalls,
  'ad-plan': { ...adPlanCalls, ...adPlanExtraCalls },
  'ai-pitch': aiPitchCalls,
};
