// Local time in an IANA time zone, for the hot paths: every heartbeat resolves its device's playlist
// (a few readings for the window, a few more per plan and day), and Intl's formatToParts costs tens
// of µs a call (it was a quarter of the server's work on heartbeats, bench/devices.ts). A zone's UTC
// offset is therefore read through Intl once per UTC hour and kept: read at the hour's first and last
// second, and kept only when both agree — no zone changes its offset twice within an hour, so equal
// readings mean no transition inside it. An hour holding a transition is read through Intl each time.

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Offsets kept per zone (hours); past this the zone's map starts again (a server sees a few days of each zone). */
const MAX_KEPT = 5_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** zone → UTC hour → offset (ms) */
const offsets = new Map<string, Map<number, number>>();

function formatterOf(tz: string): Intl.DateTimeFormat {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  return f;
}

/** The wall clock through Intl: the local date and time of `ms` (whole seconds) as if it were UTC, in ms. */
export function intlWallClock(tz: string, ms: number): number {
  const p: Record<string, string> = {};
  for (const x of formatterOf(tz).formatToParts(new Date(ms))) p[x.type] = x.value;
  return Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
}

/** The local date and time of instant `ms` in zone `tz`, to the second, as if it were UTC (ms); equal to intlWallClock. */
export function wallClock(tz: string, ms: number): number {
  const hour = Math.floor(ms / HOUR_MS);
  let zone = offsets.get(tz);
  let offset = zone?.get(hour);
  if (offset === undefined) {
    const first = hour * HOUR_MS;
    const last = first + HOUR_MS - 1000;
    offset = intlWallClock(tz, first) - first;
    if (intlWallClock(tz, last) - last !== offset) return intlWallClock(tz, ms);
    if (!zone) offsets.set(tz, (zone = new Map()));
    if (zone.size >= MAX_KEPT) zone.clear();
    zone.set(hour, offset);
  }
  return Math.floor(ms / 1000) * 1000 + offset;
}

/** The local day (YYYY-MM-DD) of an instant (ms). */
export const localDayOf = (tz: string, ms: number) => new Date(wallClock(tz, ms)).toISOString().slice(0, 10);

/** The instant (Unix seconds) of a local day plus minutes, in a time zone. */
export function epochOf(tz: string, day: string, minutes: number): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  let t = wall - (wallClock(tz, wall) - wall);
  const again = wall - (wallClock(tz, t) - t);
  if (again !== t) t = again;
  return Math.floor(t / 1000);
}

/** The local calendar day (YYYY-MM-DD), minute of the day and seconds until the next local midnight, in a time zone. */
export function localDay(tz: string, now: Date): { day: string; minute: number; secondsToMidnight: number } {
  const wall = wallClock(tz, now.getTime());
  const elapsed = (wall - Math.floor(wall / DAY_MS) * DAY_MS) / 1000;
  return {
    day: new Date(wall).toISOString().slice(0, 10),
    minute: Math.floor(elapsed / 60),
    secondsToMidnight: 86400 - elapsed,
  };
}
