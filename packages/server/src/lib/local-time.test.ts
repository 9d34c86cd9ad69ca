import { describe, expect, it } from 'vitest';
import { epochOf, intlWallClock, localDay, localDayOf, wallClock } from './local-time.js';

// The kept offsets must give exactly what Intl gives, at every instant: on ordinary days, on the
// days a zone changes its offset (whole hours, half hours, the 45-minute zones), inside the hour of
// the change, and with milliseconds.

const ZONES = [
  'Asia/Shanghai',
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/Santiago',
  'Pacific/Chatham',
  'Africa/Casablanca',
  'America/St_Johns',
];
const DAY = 86_400_000;
const FROM = Date.UTC(2026, 0, 1);
const TO = Date.UTC(2028, 0, 1);
const offsetAt = (tz: string, ms: number) => intlWallClock(tz, ms) - Math.floor(ms / 1000) * 1000;

/** A deterministic stream of numbers in [0, 1). */
function random(seed: number) {
  let s = seed;
  return () => (s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
}

describe('local time', () => {
  it.each(ZONES)('%s: the wall clock equals Intl around every change of offset and at random instants', (tz) => {
    const changes: number[] = [];
    for (let day = FROM; day < TO; day += DAY) if (offsetAt(tz, day) !== offsetAt(tz, day + DAY)) changes.push(day);
    if (tz !== 'Asia/Shanghai' && tz !== 'Asia/Kathmandu') expect(changes.length).toBeGreaterThanOrEqual(2);
    const next = random(changes.length + tz.length);
    const instants: number[] = [];
    // every 5 minutes (and a few odd seconds and milliseconds) across each day holding a change
    for (const day of changes)
      for (let t = day; t < day + DAY; t += 300_000) instants.push(t, t + 59_999, t + Math.floor(next() * 300_000));
    for (let i = 0; i < 500; i++) instants.push(FROM + Math.floor(next() * (TO - FROM)));
    const wrong = instants.filter((t) => wallClock(tz, t) !== intlWallClock(tz, t));
    expect(wrong.map((t) => new Date(t).toISOString())).toEqual([]);
  });

  it('names the local day, minute and seconds to midnight', () => {
    // 2026-03-08 06:59:30 UTC is 01:59:30 in New York (EST), a minute before the clocks go forward
    const at = new Date(Date.UTC(2026, 2, 8, 6, 59, 30));
    expect(localDay('America/New_York', at)).toEqual({
      day: '2026-03-08',
      minute: 119,
      secondsToMidnight: 86400 - 7170,
    });
    expect(localDay('Asia/Shanghai', at)).toEqual({
      day: '2026-03-08',
      minute: 14 * 60 + 59,
      secondsToMidnight: 86400 - (14 * 3600 + 59 * 60 + 30),
    });
    expect(localDayOf('Asia/Shanghai', Date.UTC(2026, 2, 8, 16, 0, 0))).toBe('2026-03-09');
    expect(localDayOf('Asia/Shanghai', Date.UTC(2026, 2, 8, 15, 59, 59, 999))).toBe('2026-03-08');
  });

  it('finds the instant of a local time on both sides of a change', () => {
    // New York: 2026-03-08 03:00 EDT is 07:00 UTC; 01:00 EST is 06:00 UTC; 2026-11-01 01:30 is first EDT
    expect(epochOf('America/New_York', '2026-03-08', 180)).toBe(Date.UTC(2026, 2, 8, 7) / 1000);
    expect(epochOf('America/New_York', '2026-03-08', 60)).toBe(Date.UTC(2026, 2, 8, 6) / 1000);
    expect(epochOf('America/New_York', '2026-11-02', 0)).toBe(Date.UTC(2026, 10, 2, 5) / 1000);
    expect(epochOf('Asia/Kathmandu', '2026-06-01', 0)).toBe(Date.UTC(2026, 4, 31, 18, 15) / 1000);
  });
});
