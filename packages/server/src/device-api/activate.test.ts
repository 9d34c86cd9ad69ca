import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { testConfig, useTestApp, type Envelope } from '../../test/harness.js';
import { consoleCode, makeDevice, makeFleet } from '../../test/devices.js';

// Wrong activation tries count per address and per the code actually tried (issue 24 §1): device
// codes are unique per enterprise only, so a wrong try cannot be charged to the live codes of a
// device code — a stranger's tries would burn every enterprise's codes. Five wrong codes from one
// address throttle that address; nobody else's codes are touched.

// the tests' own limit is high (every test calls from one address); the production default here
const t = useTestApp({ limits: { ...testConfig('').limits, activateWrongPerAddress: 5 } });

async function activate(from: string, code: string, activation: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/device-api/activate',
    remoteAddress: from,
    headers: { 'content-type': 'application/json', cookie: 'language=en-US' },
    payload: JSON.stringify({ code, activation }),
  });
  return { status: res.statusCode, body: res.json() as Envelope<{ deviceToken: string; deviceId: number }> };
}

describe('activation tries', () => {
  it('five wrong codes from one address throttle that address only; both enterprises with the same device code still activate', async () => {
    const code = `VT-${Date.now() % 100000}`;
    const fleets = [await makeFleet(t), await makeFleet(t)];
    const devices = [await makeDevice(t, fleets[0], { code }), await makeDevice(t, fleets[1], { code })];
    const right = [await consoleCode(t, fleets[0], devices[0].id), await consoleCode(t, fleets[1], devices[1].id)];

    for (const wrong of ['AAAA-AAAA', 'AAAA-AAAB', 'AAAA-AAAC', 'AAAA-AAAD', 'AAAA-AAAE']) {
      const res = await activate('203.0.113.7', code, wrong);
      expect(res.body.ret).toBe(RET.validation);
    }
    // throttled: even a right code from that address waits, with its own clear answer
    const held = await activate('203.0.113.7', code, right[0]);
    expect(held.status).toBe(429);
    expect(held.body).toMatchObject({
      ret: RET.tooMany,
      msg: 'Too many wrong activation codes from this address; try again in 15 minutes',
    });
    // the stranger burnt nothing: both enterprises' screens activate from their own address
    for (const i of [0, 1]) {
      const ok = await activate('198.51.100.20', code, right[i]);
      expect(ok.body.ret, JSON.stringify(ok.body)).toBe(0);
      expect(ok.body.result.deviceId).toBe(devices[i].id);
    }
    const [{ attempts }] = await t.db.admin.query<{ attempts: number }>(
      'select max(attempts)::int as attempts from device_activations where device_code = $1',
      [code],
    );
    expect(attempts).toBe(0);
  });

  it('the same wrong code sent again and again counts once (a screen retrying a typo does not lock its shop out)', async () => {
    const f = await makeFleet(t);
    const d = await makeDevice(t, f);
    for (let i = 0; i < 8; i++)
      expect((await activate('192.0.2.44', d.code, 'BBBB-BBBB')).body.ret).toBe(RET.validation);
    expect((await activate('192.0.2.44', d.code, await consoleCode(t, f, d.id))).body.ret).toBe(0);
  });
});
