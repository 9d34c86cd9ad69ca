import type { Range } from '@vitrine/contract';
import { isEmptyRange, toRange } from '../TreeDialog/ranges';

/** The filter groups a page may supply (spec §2, reusable filter sidebar). */
export const FILTER_GROUPS = [
  'time',
  'shopScope',
  'shopLevel',
  'source',
  'position',
  'gender',
  'deviceType',
  'direction',
  'adType',
  'status',
] as const;
export type FilterGroup = (typeof FILTER_GROUPS)[number];

/**
 * The filter object of spec §3, as far as the sidebar sets it. Times are Unix seconds; ranges are
 * `{p,c,a,s}` (they travel as JSON strings, see `toQuery`).
 */
export type FilterObject = {
  keyword?: string;
  start_time?: number;
  end_time?: number;
  areaRange?: Range;
  shopRange?: Range;
  /** Shop level (store type 1 A, 2 B, 3 C). */
  level?: number;
  etType?: string;
  source?: string;
  gender?: number;
  DeviceType?: string;
  Direction?: number;
  status?: number;
  /** Ad content category (spec: extend_opt.ad_type). */
  ad_type?: string;
};

const NUMBER_KEYS = ['start_time', 'end_time', 'level', 'gender', 'Direction', 'status'] as const;
const TEXT_KEYS = ['keyword', 'etType', 'source', 'DeviceType', 'ad_type'] as const;
const RANGE_KEYS = ['areaRange', 'shopRange'] as const;
/** Every URL parameter the filter owns (page state such as `tab` or `entity` is left alone). */
export const FILTER_PARAMS = [...NUMBER_KEYS, ...TEXT_KEYS, ...RANGE_KEYS] as const;

/** URL search params → filter object; unknown or malformed values are dropped. */
export function filterFromParams(params: URLSearchParams): FilterObject {
  const out: FilterObject = {};
  for (const key of TEXT_KEYS) {
    const v = params.get(key)?.trim();
    if (v) out[key] = v;
  }
  for (const key of NUMBER_KEYS) {
    const raw = params.get(key);
    if (raw === null || raw === '') continue;
    const n = Number(raw);
    if (Number.isInteger(n)) out[key] = n;
  }
  for (const key of RANGE_KEYS) {
    const raw = params.get(key);
    if (!raw) continue;
    const range = toRange(raw);
    if (!isEmptyRange(range)) out[key] = range;
  }
  return out;
}

/** Filter object → URL search params, keeping the params the filter does not own; page back to 1. */
export function filterToParams(filter: FilterObject, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of FILTER_PARAMS) next.delete(key);
  next.delete('pageNum');
  for (const key of TEXT_KEYS) {
    const v = filter[key]?.trim();
    if (v) next.set(key, v);
  }
  for (const key of NUMBER_KEYS) {
    const v = filter[key];
    if (v !== undefined && Number.isInteger(v)) next.set(key, String(v));
  }
  for (const key of RANGE_KEYS) {
    const v = filter[key];
    if (v && !isEmptyRange(v)) next.set(key, JSON.stringify(v));
  }
  return next;
}

/** The page number kept in the URL (1 when absent). */
export function pageFromParams(params: URLSearchParams): number {
  const n = Number(params.get('pageNum'));
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/**
 * The filter as a list call's body part (spec §3): ranges as JSON strings, the ad category under
 * `extend_opt`. Only set values are present.
 */
export function toQuery(filter: FilterObject): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filter) as [keyof FilterObject, FilterObject[keyof FilterObject]][]) {
    if (value === undefined || value === '') continue;
    if (key === 'ad_type') out.extend_opt = JSON.stringify({ ad_type: value });
    else if (typeof value === 'object') out[key] = JSON.stringify(value);
    else out[key] = value;
  }
  return out;
}

/** Spec §9 time shortcuts: the last `days` days up to the end of today, in Unix seconds. */
export function lastDays(days: number, now: Date = new Date()): { start_time: number; end_time: number } {
  const end = new Date(now);
  end.setHours(23, 59, 59, 0);
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (days - 1));
  return { start_time: Math.floor(start.getTime() / 1000), end_time: Math.floor(end.getTime() / 1000) };
}
