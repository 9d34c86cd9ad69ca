import { describe, expect, it } from 'vitest';
import { PresenceColumns, type Report } from './presence-columns.js';

// The pending presence of one instance: what a flush writes for each device after several
// heartbeats, and how a failed write's devices come back.

const report = (r: Partial<Report> = {}): Report => ({ errors: [], clockSkew: 0, ...r });

describe('presence columns', () => {
  it('one row per device: the latest report, earlier values for what it leaves out, the first time kept', () => {
    const c = new PresenceColumns();
    c.record(
      7,
      1,
      60,
      report({
        appVersion: '1.0.0',
        freeStorageMb: 3000,
        volume: 40,
        direction: 1,
        playing: { contentId: 5, planId: 9 },
        camera: { state: 'on', fps: 2.5, lastVisitAt: 990 },
      }),
      1000,
    );
    c.record(8, 1, 55, report(), 1001);
    c.record(7, 1, 60, report({ errors: [{ code: 'storage.low' }], clockSkew: -3, playing: null }), 1060);
    expect(c.size).toBe(2);
    expect(c.rows(0, 10)).toEqual([
      {
        device_id: 7,
        enterprise_id: 1,
        t_first: 1000,
        t_seen: 1060,
        hb_interval: 60,
        app_version: '1.0.0',
        free_storage_mb: 3000,
        volume: 40,
        direction: 1,
        errors: [{ code: 'storage.low' }],
        clock_skew: -3,
        playing_content: 5,
        playing_plan: 9,
        playing_at: 1000,
        camera: { state: 'on', fps: 2.5, lastVisitAt: 990 },
      },
      {
        device_id: 8,
        enterprise_id: 1,
        t_first: 1001,
        t_seen: 1001,
        hb_interval: 55,
        app_version: '',
        free_storage_mb: null,
        volume: null,
        direction: null,
        errors: [],
        clock_skew: 0,
        playing_content: null,
        playing_plan: null,
        playing_at: null,
        camera: null,
      },
    ]);
    // a later report replaces errors and skew, and what is playing with its time
    c.record(7, 1, 60, report({ playing: { contentId: 6, planId: 9 } }), 1120);
    expect(c.rows(0, 1)[0]).toMatchObject({
      errors: [],
      clock_skew: 0,
      playing_content: 6,
      playing_at: 1120,
      free_storage_mb: 3000,
    });
    expect(c.rows(1, 2).map((r) => r.device_id)).toEqual([8]);
  });

  it('grows past its first capacity without losing a slot', () => {
    const c = new PresenceColumns();
    for (let id = 1; id <= 5000; id++) c.record(id, 2, 60, report({ freeStorageMb: id }), id);
    expect(c.size).toBe(5000);
    const rows = c.rows(0, 5000);
    expect(rows.every((r, i) => r.device_id === i + 1 && r.free_storage_mb === i + 1 && r.t_first === i + 1)).toBe(
      true,
    );
  });

  it('a failed write comes back: a device heard from since keeps its newer report and the earlier first time', () => {
    const failed = new PresenceColumns();
    failed.record(1, 1, 60, report({ appVersion: 'a' }), 100);
    failed.record(2, 1, 60, report({ appVersion: 'b', volume: 10 }), 101);
    failed.record(3, 1, 60, report({ appVersion: 'c', errors: [{ code: 'x' }] }), 102);
    const now = new PresenceColumns();
    now.record(3, 1, 60, report({ appVersion: 'c2' }), 160);
    now.restore(failed, 1); // device 1 was written before the failure
    expect(
      now.rows(0, 10).map((r) => [r.device_id, r.app_version, r.t_first, r.t_seen, r.volume, r.errors.length]),
    ).toEqual([
      [3, 'c2', 102, 160, null, 0],
      [2, 'b', 101, 101, 10, 0],
    ]);
  });
});
