import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { randomPhone } from './factories.js';

// In production the development SMS outbox does not exist: codes are never readable over HTTP.
const t = useTestApp({ production: true });

describe('production mode', () => {
  it('refuses dev/sms-outbox and stores no code in the outbox', async () => {
    const phone = randomPhone();
    const sent = await post(t, 'account/code', { un: phone });
    // no code in the answer either, even to a caller on this machine
    expect(sent.body).toMatchObject({ ret: 0, result: { resendIn: 60 } });
    expect(sent.body.result).not.toHaveProperty('devCode');
    const res = await post(t, 'dev/sms-outbox', { un: phone });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ret: RET.forbidden, msg: '仅开发环境可用' });
    const rows = await t.db.admin.query('select 1 from sms_outbox where phone = $1', [phone]);
    expect(rows).toHaveLength(0);
  });
});
