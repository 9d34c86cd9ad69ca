import { DEFAULT_TIME_ZONE, STATS_GROUPS, STATS_SHORTCUT_DAYS, type Range, type StatsGroup } from '@vitrine/contract';

// The data centre's filter lives in the URL (shareable, survives reload): ?days=7|30|90 or
// ?from=&to=, group, gender, type, and the shop scope from the tree dialog as scope={p,c,a,s} (n = its shop count).

/** Female, male, unknown: the genders the filter offers, in its order. */
export const GENDERS = [2, 1, 0] as const;
export type Gender = (typeof GENDERS)[number];

export type CountFilter = {
  from: string;
  to: string;
  days: number | null;
  group: StatsGroup;
  gender?: Gender;
  DeviceType?: 'big' | 'pad';
  scope: Range | null;
  shopCount: number;
};

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
const dayIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

/**
 * The last `days` days up to today, counted in the enterprise's time zone: the shops' local days the
 * server counts visits in, not the browser's (at 00:30 in Shanghai a browser on UTC is still on yesterday).
 */
export function lastDays(
  days: number,
  now = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): { from: string; to: string } {
  const to = dayIn(now, timeZone);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

function scopeOf(text: string | null): Range | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<Range>;
    const list = (x: unknown) => (Array.isArray(x) ? x.map(String) : []);
    const r = { p: list(v.p), c: list(v.c), a: list(v.a), s: list(v.s) };
    return r.p.length + r.c.length + r.a.length + r.s.length ? r : null;
  } catch {
    return null;
  }
}

export function readFilter(
  params: URLSearchParams,
  now = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE,
): CountFilter {
  const from = params.get('from');
  const to = params.get('to');
  const custom = from && to && /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const wanted = Number(params.get('days'));
  const days = custom ? null : (STATS_SHORTCUT_DAYS as readonly number[]).includes(wanted) ? wanted : 7;
  const range = custom ? { from, to } : lastDays(days ?? 7, now, timeZone);
  const group = params.get('group') as StatsGroup | null;
  const gender = params.get('gender');
  const type = params.get('type');
  return {
    ...range,
    days,
    group: group && (STATS_GROUPS as readonly string[]).includes(group) ? group : days === 90 ? 'week' : 'day',
    gender: GENDERS.find((g) => gender === String(g)),
    DeviceType: type === 'big' || type === 'pad' ? type : undefined,
    scope: scopeOf(params.get('scope')),
    shopCount: Number(params.get('n')) || 0,
  };
}

export function writeFilter(f: Partial<CountFilter>, current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (k: string, v: string | number | undefined | null) =>
    v === undefined || v === null || v === '' ? next.delete(k) : next.set(k, String(v));
  if ('days' in f) {
    set('days', f.days);
    next.delete('from');
    next.delete('to');
  }
  if (f.from && f.to && f.days === null) {
    set('from', f.from);
    set('to', f.to);
    next.delete('days');
  }
  if ('group' in f) set('group', f.group);
  if ('gender' in f) set('gender', f.gender);
  if ('DeviceType' in f) set('type', f.DeviceType);
  if ('scope' in f) {
    set('scope', f.scope ? JSON.stringify(f.scope) : null);
    set('n', f.scope ? f.shopCount : null);
  }
  return next;
}

/** The request body of stats/pa for a filter. */
export function bodyOf(f: CountFilter): {
  from: string;
  to: string;
  group: StatsGroup;
  gender?: number;
  DeviceType?: 'big' | 'pad';
  shopRange?: Range;
} {
  return {
    from: f.from,
    to: f.to,
    group: f.group,
    ...(f.gender !== undefined ? { gender: f.gender } : {}),
    ...(f.DeviceType ? { DeviceType: f.DeviceType } : {}),
    ...(f.scope ? { shopRange: f.scope } : {}),
  };
}

/** Change against the previous period in %, one decimal; null when there was nothing before. */
export function change(now: number, before: number): number | null {
  if (!before) return null;
  return Math.round(((now - before) / before) * 1000) / 10;
}
