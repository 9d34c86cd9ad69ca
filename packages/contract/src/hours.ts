// A shop's opening hours (shop field `hours`), as typed in the console: one or more ranges
// "HH:MM-HH:MM" separated by commas or semicolons, e.g. "09:00-22:00" or "10:00-14:00, 17:00-02:00"
// (an end before its start runs past midnight). "24h" / "24小时" / "全天" = always open. Empty =
// the default 09:00-22:00. Full-width colons and ～, ~, –, —, 至 as the dash are accepted too.

export const DEFAULT_HOURS = '09:00-22:00';

/** [start, end) in minutes after local midnight; end ≤ start runs past midnight. */
export type Span = [number, number];

const ALWAYS = /^(24h|24\s*小时|全天|00:00-24:00)$/i;

export function parseHours(text: string | null | undefined): Span[] | null {
  const t = (text ?? '')
    .trim()
    .replace(/：/g, ':')
    .replace(/[～~–—至]/g, '-')
    .replace(/\s*-\s*/g, '-');
  if (!t) return parseHours(DEFAULT_HOURS);
  if (ALWAYS.test(t)) return [[0, 1440]];
  const spans: Span[] = [];
  for (const part of t
    .split(/[,，;；]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/.exec(part);
    if (!m) return null;
    const [h1, m1, h2, m2] = m.slice(1).map(Number);
    if (h1 > 23 || m1 > 59 || h2 > 24 || m2 > 59 || (h2 === 24 && m2 > 0)) return null;
    const start = h1 * 60 + m1;
    const end = h2 * 60 + m2;
    if (start === end) return null;
    spans.push([start, end === 1440 && start === 0 ? 1440 : end % 1440]);
  }
  return spans.length ? spans : null;
}

/** Open at this minute of the local day? (A span past midnight covers the early minutes of the next day.) */
export function isOpenAt(spans: Span[], minute: number): boolean {
  return spans.some(([s, e]) => (e > s ? minute >= s && minute < e : minute >= s || minute < e));
}
