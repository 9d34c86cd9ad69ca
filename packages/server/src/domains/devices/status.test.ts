import { describe, expect, it } from 'vitest';
import { isOpenAt, parseHours } from '@vitrine/contract';
import { deriveStatus, type PresenceSnapshot } from './status.js';
import { uptimeByDay } from './history.js';

// The status rules and the helpers around them, as pure functions with a controlled clock.

const T = 1_800_000_000;
const base: PresenceSnapshot = {
  lastSeen: T,
  onlineSince: T - 3600,
  interval: 60,
  errors: [],
  freeStorageMb: 5000,
  clockSkew: 0,
  ai: 0,
  playingContent: null,
  playingAt: null,
};
const at = (
  p: Partial<PresenceSnapshot>,
  now: number,
  expected: { contents: Set<number>; since: number } | null = null,
  plays = new Set<number>(),
) => deriveStatus({ ...base, ...p }, expected, plays, now);

describe('device status', () => {
  it('0 offline after 2.5 intervals without a heartbeat, or never seen', () => {
    expect(at({}, T + 150).status).toBe(7);
    expect(at({}, T + 151).status).toBe(0);
    expect(at({ interval: 30 }, T + 76).status).toBe(0);
    expect(at({ lastSeen: null }, T).status).toBe(0);
  });

  it('1 abnormal: reported errors, low storage, camera off while AI is on, clock skew over 60 s', () => {
    expect(at({ errors: [{ code: 'download.failed' }] }, T)).toEqual({ status: 1, reasons: ['download.failed'] });
    expect(at({ freeStorageMb: 199 }, T)).toEqual({ status: 1, reasons: ['storage.low'] });
    expect(at({ freeStorageMb: 200 }, T).status).toBe(7);
    expect(at({ errors: [{ code: 'camera.off' }], ai: 0 }, T).status).toBe(7);
    expect(at({ errors: [{ code: 'camera.off' }], ai: 1 }, T)).toEqual({ status: 1, reasons: ['camera.off'] });
    // the player's other camera faults (issue 26): a refused permission, a model that failed to load
    expect(at({ errors: [{ code: 'camera.denied' }], ai: 1 }, T)).toEqual({ status: 1, reasons: ['camera.denied'] });
    expect(at({ errors: [{ code: 'camera.model' }], ai: 0 }, T).status).toBe(7);
    expect(at({ clockSkew: 61 }, T)).toEqual({ status: 1, reasons: ['clock.skew'] });
    expect(at({ clockSkew: -61 }, T).status).toBe(1);
    expect(at({ clockSkew: 60 }, T).status).toBe(7);
  });

  it('3 playback abnormal: should play, online two intervals, no matching heartbeat or play in two intervals', () => {
    const expected = { contents: new Set([5, 6]), since: T - 7200 };
    expect(at({}, T, expected)).toEqual({ status: 3, reasons: ['playback'] });
    expect(at({}, T, null).status).toBe(7); // nothing scheduled: the splash is fine
    expect(at({ playingContent: 5, playingAt: T - 100 }, T, expected).status).toBe(7);
    expect(at({ playingContent: 5, playingAt: T - 121 }, T, expected).status).toBe(3);
    expect(at({ playingContent: 9, playingAt: T - 10 }, T, expected).status).toBe(3); // other content
    expect(at({}, T, expected, new Set([6])).status).toBe(7);
    expect(at({}, T, expected, new Set([9])).status).toBe(3);
    // grace: online for less than two intervals, or the segment began less than two intervals ago
    expect(at({ onlineSince: T - 100 }, T, expected).status).toBe(7);
    expect(at({}, T, { ...expected, since: T - 100 }).status).toBe(7);
    expect(at({ onlineSince: T - 120 }, T, expected).status).toBe(3);
    // errors come first
    expect(at({ errors: [{ code: 'download.failed' }] }, T, expected).status).toBe(1);
  });

  it('uptime per day from transitions', () => {
    const days = [
      { day: 'd1', from: 0, to: 86400 },
      { day: 'd2', from: 86400, to: 86400 + 43200 },
    ];
    const ev = [
      { status: 7, previous: 0, at: 3600 },
      { status: 1, previous: 7, at: 7200 },
      { status: 0, previous: 1, at: 10800 },
      { status: 7, previous: 0, at: 80000 },
    ];
    expect(uptimeByDay(ev, 0, days)).toEqual([
      { day: 'd1', onlineSeconds: 7200 + 6400, ratio: Math.round(((7200 + 6400) / 86400) * 1000) / 1000 },
      { day: 'd2', onlineSeconds: 43200, ratio: 1 },
    ]);
    expect(uptimeByDay([], 7, days)[0].onlineSeconds).toBe(86400);
    expect(uptimeByDay([], 0, days)[1].onlineSeconds).toBe(0);
  });

  it('opening hours: ranges, past midnight, always, default, refusals', () => {
    expect(parseHours('09:00-22:00')).toEqual([[540, 1320]]);
    expect(parseHours('')).toEqual([[540, 1320]]);
    expect(parseHours('10:00～14:00，17：00-02:00')).toEqual([
      [600, 840],
      [1020, 120],
    ]);
    expect(parseHours('24小时')).toEqual([[0, 1440]]);
    expect(parseHours('00:00-24:00')).toEqual([[0, 1440]]);
    for (const bad of ['9-22', '25:00-26:00', '10:00-10:00', 'open', '10:00-12:60'])
      expect(parseHours(bad), bad).toBeNull();
    const night = parseHours('22:00-02:00')!;
    expect([isOpenAt(night, 23 * 60), isOpenAt(night, 60), isOpenAt(night, 2 * 60), isOpenAt(night, 12 * 60)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(isOpenAt(parseHours('09:00-22:00')!, 22 * 60)).toBe(false);
    expect(isOpenAt(parseHours('24h')!, 0)).toBe(true);
  });
});
