import { describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { FLUSH_CHUNK, Presence } from './presence.js';
import { rowProblem, type PresenceRow } from './presence-columns.js';

// The flush against a database that fails on demand: a row's values (SQLSTATE 22, 23) cost only that
// row; any other failure costs no row at all (they wait for the next flush).

type Call = number[];

/** A database whose statement fails with `code` while `failing(deviceIds)` says so; counts the calls. */
function fakeDb(failing: (ids: number[]) => string | undefined) {
  const calls: Call[] = [];
  const db = {
    tx: async (
      _scope: unknown,
      fn: (q: { query: (sql: string, params: unknown[]) => Promise<{ n: number }[]> }) => Promise<unknown>,
    ) =>
      fn({
        query: async (_sql, [json]) => {
          const ids = (JSON.parse(json as string) as PresenceRow[]).map((r) => r.device_id);
          calls.push(ids);
          const code = failing(ids);
          if (code) throw Object.assign(new Error(`failed ${code}`), { code });
          return [{ n: ids.length }];
        },
      }),
  } as unknown as Db;
  return { db, calls };
}

const quiet = { warn: () => {} };
const report = { errors: [], clockSkew: 0 };

describe('presence flush', () => {
  it('a row the database refuses is found by halving its statement; the others are written', async () => {
    const { db, calls } = fakeDb((ids) => (ids.includes(1500) ? '22003' : undefined));
    const dropped: number[] = [];
    const p = new Presence(db, { warn: (o) => void dropped.push(o.deviceId) });
    for (let id = 1; id <= 2500; id++) p.record(id, 1, 60, report, 1000);
    expect(await p.flush()).toBe(2499);
    expect(dropped).toEqual([1500]);
    expect(p.size).toBe(0);
    expect(calls.length).toBeLessThan(30); // ~2·log2(1000) statements for the chunk that held it
  });

  it('a failure of the database itself drops nothing: the failed chunk and the later ones wait for the next flush', async () => {
    let down = true;
    const { db } = fakeDb((ids) => (down && ids.includes(FLUSH_CHUNK + 1) ? '57P01' : undefined));
    const p = new Presence(db, { warn: () => expect.unreachable('nothing is dropped') });
    for (let id = 1; id <= 2500; id++) p.record(id, 1, 60, report, 1000);
    await expect(p.flush()).rejects.toThrow(/57P01/);
    expect(p.size).toBe(2500 - FLUSH_CHUNK);
    down = false;
    expect(await p.flush()).toBe(2500 - FLUSH_CHUNK);
    // an internal error (XX000) is the database's too
    const { db: broken } = fakeDb(() => 'XX000');
    const q = new Presence(broken, quiet);
    q.record(1, 1, 60, report, 1000);
    await expect(q.flush()).rejects.toThrow();
    expect(q.size).toBe(1);
  });

  it('rows checked against their columns: ids, int4 and smallint numbers, times, text the database can store', () => {
    const row: PresenceRow = {
      device_id: 1,
      enterprise_id: 1,
      t_first: 1000,
      t_seen: 1000,
      hb_interval: 60,
      app_version: '1',
      free_storage_mb: null,
      volume: 50,
      direction: 1,
      errors: [],
      clock_skew: 0,
      playing_content: 2 ** 31 - 1,
      playing_plan: 0,
      playing_at: 1000,
      camera: { state: 'on', fps: 2, lastVisitAt: null },
    };
    expect(rowProblem(row)).toBeUndefined();
    for (const [over, field] of [
      [{ playing_content: 2 ** 31 }, 'playing_content'],
      [{ playing_plan: -(2 ** 31) - 1 }, 'playing_plan'],
      [{ device_id: 0 }, 'device_id'],
      [{ enterprise_id: 1.5 }, 'enterprise_id'],
      [{ volume: 40000 }, 'volume'],
      [{ direction: 0.5 }, 'direction'],
      [{ t_seen: Infinity }, 't_seen'],
      [{ t_first: null }, 't_first'],
      [{ hb_interval: NaN }, 'hb_interval'],
      [{ clock_skew: 1e40 }, 'clock_skew'],
      [{ camera: { state: 'on', fps: Infinity, lastVisitAt: null } }, 'camera'],
      [{ app_version: 'a\u0000' }, 'app_version'],
      [{ errors: [{ code: 'x', message: '\ud800' }] }, 'errors'],
    ] as const) {
      expect(rowProblem({ ...row, ...over } as PresenceRow), field).toBe(field);
    }
  });
});
