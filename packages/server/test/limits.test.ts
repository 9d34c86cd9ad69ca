import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { randomPhone } from './factories.js';

const t = useTestApp({ limits: { authPerMinute: 5, smsPerMinute: 3, smsPerIpDay: 4, smsPerPhoneDay: 10 } });

describe('per-IP limits, counted in the database', () => {
  it('refuses SMS sends past the per-minute and daily caps of one IP', async () => {
    const rets = [];
    for (let i = 0; i < 4; i++) rets.push((await post(t, 'account/code', { un: randomPhone() })).body.ret);
    expect(rets).toEqual([0, 0, 0, RET.tooMany]);
    const [{ count }] = await t.db.admin.query<{ count: number }>(`select count from rate_counters where key like 'ip:sms:%'`);
    expect(count).toBe(4);
  });

  it('refuses auth calls past the per-minute limit with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(t, 'account/exists', { un: randomPhone() })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
