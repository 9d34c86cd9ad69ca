import { z } from 'zod';
import { defineCall } from './call.js';
import { int, json, localDay } from './fields.js';
import { listOf, paging } from './list.js';
import { statsFilter } from './stats.js';

// Sales (issue 11 §2, API.md "Materials and sales"): lines reported by a point-of-sale system,
// idempotent per line id; the statistics of them (stats/sale). Amounts in fen.

/** Most lines in one sale/report call. */
export const SALE_BATCH_MAX = 500;

/** One sales line as a point-of-sale system reports it (a bad line is rejected alone). */
export const saleLine = z.object({
  lineId: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(64, 'field.tooLong'),
  /** Unix seconds */
  time: z.number({ error: 'field.invalid' }).min(946_684_800, 'field.invalid').max(4_102_444_800, 'field.invalid'),
  shopCode: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(32, 'field.tooLong'),
  productCode: z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(32, 'field.tooLong'),
  /** the employee's phone in the shop's staff list */
  employeeCode: z.string().trim().max(32, 'field.tooLong').optional(),
  quantity: z
    .number({ error: 'field.invalid' })
    .int('field.invalid')
    .min(1, 'field.invalid')
    .max(100_000, 'field.invalid'),
  /** fen */
  amount: z
    .number({ error: 'field.invalid' })
    .int('field.invalid')
    .min(0, 'field.invalid')
    .max(10_000_000_000, 'field.invalid'),
});
export type SaleLine = z.infer<typeof saleLine>;

const n = z.number();
const day = localDay;
export const saleFigures = z.object({ amount: n, quantity: n, orders: n });
export const saleResult = z.object({
  summary: saleFigures,
  previous: saleFigures,
  series: z.array(saleFigures.extend({ t: z.string() })),
  byShop: z.array(saleFigures.extend({ shopId: n, shopName: z.string(), visits: n, per100: n })),
  byEmployee: z.array(saleFigures.extend({ employeeId: n, name: z.string(), shopName: z.string() })),
  byProduct: z.array(saleFigures.extend({ productId: n, name: z.string(), code: z.string() })),
});

const sold = z.object({
  id: n,
  lineId: z.string(),
  time: n,
  shopId: n,
  shopName: z.string(),
  productId: n,
  productName: z.string(),
  employeeName: z.string(),
  quantity: n,
  amount: n,
});

/** Plays (API.md stats/ad): how often and how long the screens showed each content and plan. */
export const playFigures = z.object({ plays: n, seconds: n, devices: n });
export const adResult = z.object({
  summary: playFigures,
  previous: playFigures,
  series: z.array(playFigures.extend({ t: z.string() })),
  byContent: z.array(playFigures.extend({ contentId: n, name: z.string(), adType: z.string() })),
  byPlan: z.array(playFigures.extend({ planId: n, name: z.string() })),
  byShop: z.array(playFigures.extend({ shopId: n, shopName: z.string() })),
});

/** stats/home: the morning's figures, each part present only when the caller may see its area. */
export const homeResult = z.object({
  /** `yesterday`: yesterday up to this time of day (its running hour in proportion), to compare with today so far */
  visitors: z.object({ today: n, yesterday: n, days: z.array(z.object({ day: z.string(), visits: n })) }).nullable(),
  sales: z.object({ today: saleFigures, yesterday: saleFigures }).nullable(),
  /** device status code (0, 1, 3, 7) → screens; never: enabled screens never heard from */
  devices: z.object({ byStatus: z.record(z.string(), n), never: n, total: n }).nullable(),
  plans: z.object({ live: n }).nullable(),
  /** records waiting for my review, by entity */
  review: z.array(z.object({ entity: z.string(), count: n })),
  /** sent to me and waiting for me (with the /inform view bit) */
  notifications: z.object({ toConfirm: n, overdue: n, toRead: n }).nullable(),
  unread: n,
});

/** stats/pdt: each product's sales against the period before, its share, and by category. */
export const productResult = z.object({
  summary: saleFigures.extend({ products: n }),
  byProduct: z.array(
    saleFigures.extend({
      productId: n,
      name: z.string(),
      code: z.string(),
      category: z.string(),
      previous: saleFigures,
      share: n,
    }),
  ),
  byCategory: z.array(saleFigures.extend({ category: z.string(), share: n })),
});

/**
 * stats/comm: exposure conversion of the products shown by product ads (details, compare): in the
 * shops where their contents played during the period, units sold during it against the same number
 * of days just before; lift in % (null when nothing sold before).
 */
export const exposureResult = z.object({
  list: z.array(
    z.object({
      productId: n,
      name: z.string(),
      code: z.string(),
      plays: n,
      shops: n,
      before: saleFigures,
      after: saleFigures,
      lift: n.nullable(),
    }),
  ),
});

const DATA = '/data/count';
export const EXPORT_KINDS = ['sales', 'visits', 'plays'] as const;
export const TOP_KINDS = [
  'shops-by-visits',
  'shops-by-sales',
  'ads-by-plays',
  'products-by-sales',
  'employees-by-sales',
] as const;
export const salesApi = {
  sale: {
    report: defineCall({
      path: 'sale/report',
      auth: 'tenant',
      perm: { menu: DATA, bit: 'create' },
      log: { entity: 'sale', verb: 'create' },
      summary:
        'Sales lines from a point-of-sale system (≤ 500): idempotent per lineId; a bad line (unknown shop or ' +
        'product code, outside my range, bad amount) is rejected alone',
      body: z.object({ lines: json(z.array(z.unknown()).max(SALE_BATCH_MAX, 'field.tooLong')) }),
      result: z.object({
        accepted: n,
        duplicates: n,
        rejected: z.array(
          z.object({ lineId: z.string(), reason: z.string(), message: z.string(), field: z.string().optional() }),
        ),
      }),
    }),
    list: defineCall({
      path: 'sale/list',
      auth: 'tenant',
      perm: { menu: DATA, bit: 'view' },
      summary: 'Sales lines of my shops, newest first (local days from–to, optional shop)',
      // `from` a day, or a number: the spec's offset paging (list.ts offsetPaging)
      body: paging.extend({
        from: z.union([day, int.min(0, 'field.invalid')], { error: 'field.invalid' }).optional(),
        to: day.optional(),
        shopId: int.optional(),
      }),
      result: listOf(sold),
    }),
  },
  statsAd: defineCall({
    path: 'stats/ad',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'view' },
    summary:
      'Plays the screens reported (count, seconds, distinct screens) for the filter: previous period, series, by content, plan and shop',
    body: statsFilter,
    result: adResult,
  }),
  statsExport: defineCall({
    path: 'stats/export',
    method: 'GET',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'export' },
    summary:
      'CSV of the filter (GET, streamed, UTF-8 with BOM): kind sales (every line), visits (shop × day) or ' +
      "plays (shop × content × day); headers in the request's language; cells starting with = + - @ " +
      'neutralised',
    body: statsFilter.safeExtend({ kind: z.enum(EXPORT_KINDS, { error: 'field.invalid' }) }),
    result: z.unknown(),
  }),
  statsTop: defineCall({
    path: 'stats/top',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'view' },
    summary:
      'The first n of a ranking for the filter: shops by visits or sales, ads by plays, products or employees by sales (amounts in fen)',
    body: statsFilter.safeExtend({
      kind: z.enum(TOP_KINDS, { error: 'field.invalid' }),
      n: int.min(1, 'field.invalid').max(100, 'field.invalid').default(10),
    }),
    result: z.object({ kind: z.string(), list: z.array(z.object({ rank: n, id: n, name: z.string(), value: n })) }),
  }),
  statsHome: defineCall({
    path: 'stats/home',
    auth: 'tenant',
    summary:
      "The dashboard of /home: today's and the last 7 days' visitors, today's sales, screens by status, " +
      'live plans, what waits for my review, unread messages — each cut to my range and present only with ' +
      "its area's view bit",
    body: z.object({}),
    result: homeResult,
  }),
  statsPdt: defineCall({
    path: 'stats/pdt',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'view' },
    summary:
      "Products: each one's sales for the filter against the period before, its share of the amount, and the categories",
    body: statsFilter,
    result: productResult,
  }),
  statsComm: defineCall({
    path: 'stats/comm',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'view' },
    summary:
      'Exposure conversion: for each product a details or compare ad showed in the period, its plays and ' +
      'shops, units and amount sold there during the period against the days just before, and the lift',
    body: statsFilter,
    result: exposureResult,
  }),
  statsSale: defineCall({
    path: 'stats/sale',
    auth: 'tenant',
    perm: { menu: DATA, bit: 'view' },
    summary:
      'Sales (amount in fen, quantity, orders) for the filter: previous period, series, by shop (with ' +
      'visitors and sales per 100 visitors), by employee, by product',
    body: statsFilter,
    result: saleResult,
  }),
};
