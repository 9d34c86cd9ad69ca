import type { Dayjs } from 'dayjs';
import { dayjs } from '../../i18n/dayjs';
import type { OpVerb } from '@vitrine/contract';

export type OplogFilter = {
  keyword?: string;
  start_time?: number;
  end_time?: number;
  verb?: OpVerb;
  operator?: number;
};

/** Spec §9 time shortcuts: the last N days, from the start of the first day to the end of today. */
export function shortcutRange(days: number, now: Dayjs = dayjs()): [Dayjs, Dayjs] {
  return [now.subtract(days - 1, 'day').startOf('day'), now.endOf('day')];
}

/** A picked date range in Unix seconds (spec §3: start_time / end_time in seconds). */
export function toSeconds(range: [Dayjs, Dayjs] | null): { start_time?: number; end_time?: number } {
  if (!range) return {};
  return { start_time: range[0].startOf('day').unix(), end_time: range[1].endOf('day').unix() };
}

/** Drops empty values so the request and the query key stay small. */
export function cleanFilter(f: OplogFilter): OplogFilter {
  const out: OplogFilter = {};
  if (f.keyword?.trim()) out.keyword = f.keyword.trim();
  if (f.start_time !== undefined) out.start_time = f.start_time;
  if (f.end_time !== undefined) out.end_time = f.end_time;
  if (f.verb) out.verb = f.verb;
  if (f.operator) out.operator = f.operator;
  return out;
}
