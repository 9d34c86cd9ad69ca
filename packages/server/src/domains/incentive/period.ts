// The periods of a scheme (issue 12 §2): its whole dates (reset none), or the day, the week (Monday
// to Sunday) or the month holding a local day, cut to the dates. Days are 'YYYY-MM-DD' strings.

export type Reset = 'none' | 'daily' | 'weekly' | 'monthly';
export type Period = { from: string; to: string; key: string };
type Scheme = { dateFrom: string; dateTo: string; reset: Reset };

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => dayOf(new Date(asDate(day).getTime() + n * 86_400_000));
const clamp = (day: string, s: Scheme) => (day < s.dateFrom ? s.dateFrom : day > s.dateTo ? s.dateTo : day);

/** The period holding `day` (a day outside the dates reads as the nearest one inside). */
export function periodOf(s: Scheme, day: string): Period {
  const d = clamp(day, s);
  if (s.reset === 'none') return { from: s.dateFrom, to: s.dateTo, key: 'all' };
  if (s.reset === 'daily') return { from: d, to: d, key: d };
  if (s.reset === 'weekly') {
    const monday = addDays(d, -((asDate(d).getUTCDay() + 6) % 7));
    return { from: clamp(monday, s), to: clamp(addDays(monday, 6), s), key: `W${monday}` };
  }
  const first = `${d.slice(0, 7)}-01`;
  const next = new Date(asDate(first));
  next.setUTCMonth(next.getUTCMonth() + 1);
  return { from: clamp(first, s), to: clamp(addDays(dayOf(next), -1), s), key: `M${d.slice(0, 7)}` };
}

/** Every period of the scheme that ended before `today` and began at most `backDays` ago, oldest first. */
export function endedPeriods(s: Scheme, today: string, backDays = 40): Period[] {
  const out: Period[] = [];
  let day = s.dateFrom < addDays(today, -backDays) ? addDays(today, -backDays) : s.dateFrom;
  while (day < today && day <= s.dateTo) {
    const p = periodOf(s, day);
    if (p.to < today && !out.some((x) => x.key === p.key)) out.push(p);
    day = addDays(p.to, 1);
  }
  return out;
}
