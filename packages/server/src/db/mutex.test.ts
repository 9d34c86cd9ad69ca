import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { withStatementTimeout } from './limits.js';
import { Mutex } from './mutex.js';

// PGlite's one session (db/mutex.ts): a console call waits for what holds the session, not for the
// device and job work queued before it; within a class, arrival order; a failure frees the mutex.

const t = useTestApp();

describe('the session mutex', () => {
  it('runs urgent work before queued background work, each class in arrival order, and survives a failure', async () => {
    const m = new Mutex();
    const order: string[] = [];
    let open!: () => void;
    const held = m.run(() => new Promise<void>((r) => (open = r)).then(() => void order.push('held')));
    const queued = [
      m.run(async () => void order.push('device 1')),
      m.run(async () => {
        order.push('device 2');
        throw new Error('bad batch');
      }),
      m.run(async () => void order.push('console 1'), true),
      m.run(async () => void order.push('device 3')),
      m.run(async () => void order.push('console 2'), true),
    ];
    open();
    await held;
    const outcomes = await Promise.allSettled(queued);
    expect(order).toEqual(['held', 'console 1', 'console 2', 'device 1', 'device 2', 'device 3']);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
    expect(await m.run(async () => 'free')).toBe('free');
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'on PGlite, a console call goes before the device transactions queued ahead of it',
    async () => {
      const order: string[] = [];
      const tx = (name: string) =>
        t.db.tx({}, async (q) => void (await q.query('select pg_sleep(0.02)'), order.push(name)));
      const device = [1, 2, 3, 4].map((i) => tx(`device ${i}`));
      const console = withStatementTimeout(10_000, () => tx('console'), true);
      await Promise.all([...device, console]);
      // the first device transaction already held the session; the console call came next
      expect(order).toEqual(['device 1', 'console', 'device 2', 'device 3', 'device 4']);
    },
  );
});
