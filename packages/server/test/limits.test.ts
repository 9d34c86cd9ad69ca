import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { makeUser, randomPhone } from './factories.js';

const t = useTestApp({
  limits: {
    authPerMinute: 5,
    smsPerMinute: 3,
    smsPerIpDay: 4,
    smsPerPhoneDay: 10,
    activatePerMinute: 3,
    joinPerMinute: 3,
  },
});

describe('per-IP limits, counted in the database', () => {
  it('refuses SMS sends past the per-minute and daily caps of one IP', async () => {
    const rets = [];
    for (let i = 0; i < 4; i++) rets.push((await post(t, 'account/code', { un: randomPhone() })).body.ret);
    expect(rets).toEqual([0, 0, 0, RET.tooMany]);
    const [{ count }] = await t.db.admin.query<{ count: number }>(
      `select count from rate_counters where key like 'ip:sms:%'`,
    );
    expect(count).toBe(4);
  });

  it('refuses auth calls past the per-minute limit with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(t, 'account/exists', { un: randomPhone() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('screen activation has its own bucket: a fleet rolling out does not lock people out of signing in', async () => {
    const activate = () =>
      t.app.inject({ method: 'POST', url: '/device-api/activate', payload: { code: 'NOPE', activation: 'AAAA-AAAA' } });
    const rets = [];
    for (let i = 0; i < 4; i++) rets.push((await activate()).json().ret);
    expect(rets.slice(0, 3).every((r) => r !== RET.tooMany)).toBe(true);
    expect(rets[3]).toBe(RET.tooMany);
    // the sign-in bucket of this address is untouched by the activations
    const [row] = await t.db.admin.query<{ count: number }>(
      `select count from rate_counters where key like 'ip:activate:%'`,
    );
    expect(row.count).toBe(4);
  });

  it('creating and joining enterprises count per user and per address: enterprise codes cannot be walked', async () => {
    const u = await makeUser(t);
    const rets = [];
    for (let i = 0; i < 4; i++)
      rets.push((await post(t, 'company/apply-join', { enCode: `E${100000 + i}` }, u.headers)).body.ret);
    expect(rets.slice(0, 3).every((r) => r !== RET.tooMany)).toBe(true);
    expect(rets[3]).toBe(RET.tooMany);
    // the same user from another address is still counted
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/company/create',
      remoteAddress: '198.51.100.9',
      headers: u.headers,
      payload: { title: 'Walker Co' },
    });
    expect(other.json().ret).toBe(RET.tooMany);
  });
});
