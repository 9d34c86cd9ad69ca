import { z } from 'zod';
import { defineCall } from './call.js';
import { DEVICE_TYPES } from './enums.js';
import { int, json, localDay } from './fields.js';
import { range } from './list.js';

// Statistics (API.md "Statistics results"; spec §3 visitor statistics columns). Every figure is cut
// to the caller's data range and to the filter; times are the shops' local days and hours.

export const STATS_GROUPS = ['hour', 'day', 'week', 'month'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** The spec's age buckets, in order (visit ageBand 0–4). */
export const AGE_BUCKETS = ['0-18', '19-29', '30-39', '40-49', '50+'] as const;

/** Time range of the data centre: the shortcuts of the filter sidebar. */
export const STATS_SHORTCUT_DAYS = [7, 30, 90] as const;
/** Longest range one statistics call reads. */
export const STATS_MAX_DAYS = 400;

/**
 * The filter object of the data centre: local days (YYYY-MM-DD, inclusive) or the spec's
 * `start_time`/`end_time` (Unix seconds, each read as the local day of the enterprise's time zone it
 * falls on: the server's `statsDays`, domains/stats/days.ts); shop scope, visitor and device filters.
 * A day given wins over the seconds for its end; each end needs one of the two.
 */
export const statsFilter = z
  .object({
    from: localDay.optional(),
    to: localDay.optional(),
    start_time: int.min(0, 'field.invalid').optional(),
    end_time: int.min(0, 'field.invalid').optional(),
    group: z.enum(STATS_GROUPS, { error: 'field.invalid' }).default('day'),
    shopRange: json(range).optional(),
    /** 1 male, 2 female, 0 unknown */
    gender: int.min(0, 'field.invalid').max(2, 'field.invalid').optional(),
    DeviceType: z.enum(DEVICE_TYPES, { error: 'field.invalid' }).optional(),
  })
  .superRefine((f, ctx) => {
    if (f.from === undefined && f.start_time === undefined)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'field.required' });
    if (f.to === undefined && f.end_time === undefined)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'field.required' });
    if (f.from !== undefined && f.to !== undefined && f.from > f.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'stats.range' });
    if (f.start_time !== undefined && f.end_time !== undefined && f.start_time > f.end_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'stats.range' });
  });

const n = z.number();
/** The spec's visitor columns: age buckets in person-visits, gender shares in %, actions per age bucket. */
export const visitorColumns = z.object({
  visits: n,
  '0-18': n,
  '19-29': n,
  '30-39': n,
  '40-49': n,
  '50+': n,
  female_num: n,
  male_num: n,
  unkownG_num: n,
  'age_act_0-18': n,
  'age_act_19-29': n,
  'age_act_30-39': n,
  'age_act_40-49': n,
  'age_act_50+': n,
  /** average seconds a visitor stayed */
  dwell: n,
});
export type VisitorColumns = z.infer<typeof visitorColumns>;

export const paResult = z.object({
  summary: visitorColumns,
  /** the same figures for the period just before, as long (KPI changes) */
  previous: visitorColumns,
  series: z.array(visitorColumns.extend({ t: z.string() })),
  byShop: z.array(visitorColumns.extend({ shopId: n, shopName: z.string() })),
  /** visits by local weekday (0 = Sunday) and hour: the heatmap */
  heat: z.array(z.object({ weekday: n, hour: n, visits: n })),
});
export type PaResult = z.infer<typeof paResult>;

const DATA = '/data/count';

export const statsApi = {
  stats: {
    pa: defineCall({
      path: 'stats/pa',
      auth: 'tenant',
      perm: { menu: DATA, bit: 'view' },
      summary:
        'Visitor statistics (spec columns) for the filter, grouped by hour, day, week or month; by shop; heatmap',
      body: statsFilter,
      result: paResult,
    }),
  },
};
