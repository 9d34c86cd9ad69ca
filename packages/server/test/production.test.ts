import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { randomPhone } from './factories.js';

// In production the development SMS outbox does not exist: codes are never readable over HTTP,
// and the call is neither registered nor documented.
const t = useTestApp({ production: true });

describe('production mode', () => {
  it('has no dev/sms-outbox and stores no code in the outbox', async () => {
    const phone = randomPhone();
    const sent = await post(t, 'account/code', { un: phone });
    // no code in the answer either, even to a caller on this machine
    expect(sent.body).toMatchObject({ ret: 0, result: { resendIn: 60 } });
    expect(sent.body.result).not.toHaveProperty('devCode');
    const res = await post(t, 'dev/sms-outbox', { un: phone });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ ret: RET.notFound });
    const rows = await t.db.admin.query('select 1 from sms_outbox where phone = $1', [phone]);
    expect(rows).toHaveLength(0);
  });

  it('the OpenAPI document does not list the development outbox (account.test.ts: it does outside production)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/account/code');
    expect(Object.keys(doc.paths).filter((p) => p.includes('sms-outbox'))).toEqual([]);
  });
});
