import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { useTestApp } from '../../test/harness.js';
import { activated, dev, makeDevice, makeFleet } from '../../test/devices.js';

// Per-device call limits: past callsPerMinute a device gets 40029 (HTTP 429); other devices do not.

const t = useTestApp({ deviceLoop: { timers: false, callsPerMinute: 5 } });

describe('device call limits', () => {
  it('the sixth call of a minute is 40029 for that device only', async () => {
    const f = await makeFleet(t);
    const a = await activated(t, f, await makeDevice(t, f));
    const b = await activated(t, f, await makeDevice(t, f));
    const window = Math.floor(Date.now() / 60_000);
    const rets: number[] = [];
    for (let i = 0; i < 6; i++) rets.push((await dev(t, 'heartbeat', {}, a)).body.ret);
    // the count is per clock minute: if it turned over meanwhile the sixth call is a first again
    if (Math.floor(Date.now() / 60_000) === window) {
      expect(rets).toEqual([0, 0, 0, 0, 0, RET.tooMany]);
      const res = await dev(t, 'plays', { events: [] }, a);
      expect([res.status, res.body.ret]).toEqual([429, RET.tooMany]);
    }
    expect((await dev(t, 'heartbeat', {}, b)).body.ret).toBe(0);
  });
});
