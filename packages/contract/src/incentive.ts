import { z } from 'zod';
import { oneOf } from './describe.js';
import { defineCall } from './call.js';
import { COMPARE_OPS } from './enums.js';
import { id, int, json, localDay, optionalText, text } from './fields.js';
import { listOf, paging } from './list.js';
import { lifecycleCalls } from './lifecycle.js';
import { informTargets } from './inform.js';
import { INCENTIVE_METRICS } from './constants.js';

// Incentive schemes for staff (issue 12 §2): lifecycle records aimed at shops (and optionally named
// employees) that measure a metric over a period against tiers with the spec's compare operators;
// progress is computed from the sales lines and visits, current to the minute.

const INCENTIVES = '/incentives';

export { INCENTIVE_METRICS, type IncentiveMetric } from './constants.js';
/** Who is ranked: each employee of the targeted shops, or each shop. */
export const INCENTIVE_LEVELS = ['employee', 'shop'] as const;
/** When progress starts again: never within the dates, every day, every week (Monday), every month. */
export const INCENTIVE_RESETS = ['none', 'daily', 'weekly', 'monthly'] as const;
export const COMPARE_OP_CODES = [1, 2, 3, 4, 5] as const;

/** Whether `value` meets `threshold` under the spec's compare operator (1 >=, 2 >, 3 =, 4 <=, 5 <). */
export function compare(op: keyof typeof COMPARE_OPS, value: number, threshold: number): boolean {
  switch (op) {
    case 1:
      return value >= threshold;
    case 2:
      return value > threshold;
    case 3:
      return value === threshold;
    case 4:
      return value <= threshold;
    case 5:
      return value < threshold;
  }
}

/**
 * The tier reached: the last of the tiers (listed from the first to reach to the best) whose
 * threshold the value meets, or -1. For "at most" operators the tiers' thresholds go down.
 */
export function reachedTier(
  op: keyof typeof COMPARE_OPS,
  value: number,
  tiers: readonly { threshold: number }[],
): number {
  let reached = -1;
  tiers.forEach((t, i) => {
    if (compare(op, value, t.threshold)) reached = i;
  });
  return reached;
}

const tier = z.object({
  threshold: int.min(0, 'field.invalid'),
  /** what it earns, as words (e.g. 奖金 200 元, 带薪假一天) */
  reward: text(60),
  /** its money value in fen, for the settlement's totals (0 when not money) */
  rewardFen: int.min(0, 'field.invalid').max(100_000_000, 'field.invalid').default(0),
});

export const incentiveData = z.object({
  name: text(64),
  description: optionalText(500).default(''),
  metric: z.enum(INCENTIVE_METRICS, { error: 'field.invalid' }),
  level: z.enum(INCENTIVE_LEVELS, { error: 'field.invalid' }).default('employee'),
  /** quantity / amount of these products only (empty: all) */
  commodityIds: json(z.array(id).max(50, 'field.tooLong')).default([]),
  /** …or of this product category */
  category: optionalText(64).default(''),
  op: oneOf(COMPARE_OP_CODES).default(1),
  /** from the first tier to reach to the best (1–5) */
  tiers: json(z.array(tier).min(1, 'field.required').max(5, 'field.tooLong')),
  dateFrom: localDay,
  dateTo: localDay,
  reset: z.enum(INCENTIVE_RESETS, { error: 'field.invalid' }).default('none'),
  targets: json(informTargets),
  /** named employees only (empty: every employee of the targeted shops) */
  employeeIds: json(z.array(id).max(500, 'field.tooLong')).default([]),
  /** employees whose job has one of these roles (1 shop assistants, 2 store managers; empty: every role) */
  roles: json(z.array(oneOf([1, 2, 3] as const)).max(3)).default([]),
});
export const incentiveView = z.object({});
export const incentiveFilter = z.object({ metric: z.enum(INCENTIVE_METRICS).optional() });

/** One participant's standing in the current (or a given) period. */
export const standing = z.object({
  rank: z.number(),
  /** employee id or shop id */
  id: z.number(),
  name: z.string(),
  shopId: z.number(),
  shopName: z.string(),
  value: z.number(),
  /** index of the tier reached, -1 none */
  tier: z.number(),
  /** the next tier's threshold, null at the top */
  next: z.number().nullable(),
});
const period = z.object({ from: z.string(), to: z.string(), key: z.string() });
export const progressResult = z.object({
  period,
  total: z.number(),
  list: z.array(standing),
  reachedCount: z.number(),
});

/** A scheme as one participant sees it (the assistant's own, a manager's shop). */
export const myScheme = z.object({
  id: z.number(),
  name: z.string(),
  metric: z.string(),
  level: z.string(),
  op: z.number(),
  tiers: z.array(z.object({ threshold: z.number(), reward: z.string(), rewardFen: z.number() })),
  period,
  me: standing.nullable(),
  participants: z.number(),
});

export const settlementRow = z.object({
  periodKey: z.string(),
  from: z.string(),
  to: z.string(),
  participantId: z.number(),
  name: z.string(),
  shopName: z.string(),
  value: z.number(),
  tier: z.number(),
  reward: z.string(),
  rewardFen: z.number(),
  settledAt: z.number(),
});

const perm = (bit: 'view' | 'export') => ({ menu: INCENTIVES, bit });

export const incentiveExtra = {
  progress: defineCall({
    path: 'incentive/progress',
    auth: 'tenant',
    perm: perm('view'),
    summary:
      "incentive: every participant's value, tier and rank in the current period (or the period holding `day`), in my data range",
    body: paging.extend({ id, day: localDay.optional() }),
    result: progressResult,
  }),
  leaderboard: defineCall({
    path: 'incentive/leaderboard',
    auth: 'tenant',
    perm: perm('view'),
    summary:
      'incentive: the first `n` participants of the current period (the whole scheme, names of other shops included)',
    body: z.object({ id, n: int.min(1, 'field.invalid').max(50, 'field.invalid').default(10) }),
    result: progressResult,
  }),
  mine: defineCall({
    path: 'incentive/mine',
    auth: 'tenant',
    perm: perm('view'),
    summary:
      'incentive: the running schemes I take part in (as the employee with my phone) or my shops do, with my standing and the next tier',
    body: z.object({}),
    result: z.object({ list: z.array(myScheme) }),
  }),
  settlements: defineCall({
    path: 'incentive/settlements',
    auth: 'tenant',
    perm: perm('view'),
    summary: 'incentive: who earned what in each ended period (recorded by the settlement job), in my data range',
    body: paging.extend({ id }),
    result: listOf(settlementRow),
  }),
  export: defineCall({
    path: 'incentive/export',
    method: 'GET',
    auth: 'tenant',
    perm: perm('export'),
    summary:
      'incentive: the current standings (kind=progress) or the settlements (kind=settlements) as CSV, headers in the request language',
    body: z.object({ id, kind: z.enum(['progress', 'settlements'], { error: 'field.invalid' }).default('progress') }),
    result: z.unknown(),
  }),
};

export const incentiveCalls = {
  ...lifecycleCalls('incentive', INCENTIVES, incentiveData, incentiveView, incentiveFilter),
  ...incentiveExtra,
};
export const incentiveApi = { incentive: incentiveCalls };
