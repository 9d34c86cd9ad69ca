import type { TFunction } from 'i18next';
import { INCENTIVE_METRICS, type IncentiveMetric } from '@vitrine/contract/constants';
import { keyEnum } from '../../i18n/keys';

/** The metrics' names. */
export const METRIC_WORDS = keyEnum('incentives:metric', INCENTIVE_METRICS);

/** A metric's value as people read it: yuan for amounts, units, visitors, or sales per 100 visitors. */
export function formatValue(metric: string, v: number, t: TFunction<'incentives'>): string {
  switch (metric as IncentiveMetric) {
    case 'amount':
      return `¥${(v / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    case 'quantity':
      return t('unit.quantity', { n: v });
    case 'visitors':
      return t('unit.visitors', { n: v });
    case 'conversion':
      return t('unit.conversion', { n: (v / 10).toFixed(1) });
  }
  return String(v);
}

/** The spec's compare operators (1 >=, 2 >, 3 =, 4 <=, 5 <) as symbols. */
export const OP_SYMBOLS: Record<number, string> = { 1: '≥', 2: '>', 3: '=', 4: '≤', 5: '<' };

/** How far a value has come from the tier it reached (or 0) to the next one, in % (100 at the top). */
export function tierProgress(
  value: number,
  tier: number,
  next: number | null,
  tiers: readonly { threshold: number }[],
): number {
  if (next === null) return 100;
  const base = tier >= 0 ? tiers[tier].threshold : 0;
  return Math.max(0, Math.min(100, Math.round(((value - base) / Math.max(1, next - base)) * 100)));
}

/** The form's threshold unit: yuan for amounts (stored in fen), else the value itself. */
export const thresholdScale = (metric: unknown) => (metric === 'amount' ? 100 : 1);
