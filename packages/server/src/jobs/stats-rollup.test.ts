import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.js';
import { activated, dev, makeDevice, makeFleet } from '../../test/devices.js';
import { statsRollup } from './stats-rollup.js';

// The rollup job every 10 s (issue 25 §7): on PGlite's one session it folds what has just arrived
// (nothing can commit behind the watermark there); on PostgreSQL it leaves rows younger than the
// settle window for the next run.

const t = useTestApp();

it('folds visits that just arrived on PGlite, and lets them settle first on PostgreSQL', async () => {
  expect(statsRollup.schedule).toEqual({ everySeconds: 10 });
  const f = await makeFleet(t);
  const token = await activated(t, f, await makeDevice(t, f));
  const now = Math.floor(Date.now() / 1000);
  const events = [1, 2, 3].map((i) => ({
    eventId: randomUUID(),
    time: now - i * 60,
    gender: 1,
    ageBand: 2,
    action: 'watch',
  }));
  expect((await dev<{ accepted: number }>(t, 'visits', { events }, token)).body.result.accepted).toBe(3);
  const out = (await statsRollup.run(t.deps, {})) as { folded: number };
  expect(out.folded).toBe(t.db.kind === 'pglite' ? 3 : 0);
});
