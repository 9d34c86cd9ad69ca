import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { configFromEnv } from '../src/config.js';
import { post, useTestApp } from './harness.js';
import { randomPhone } from './factories.js';

// Issue 8 §1: anyone who could reach the port took over any account in three calls (account/code →
// dev/sms-outbox → account/login-sms). The server listens on this machine by default, and the
// development outbox answers only a caller on this machine.

const t = useTestApp();

const outbox = (phone: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST', url: '/api/dev/sms-outbox', remoteAddress,
    headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ un: phone }),
  });

describe('safe by default', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('the development outbox answers a caller on this machine, and refuses the network and proxied callers', async () => {
    const phone = randomPhone();
    expect((await post(t, 'account/code', { un: phone })).body.ret).toBe(0);
    const local = await outbox(phone, '127.0.0.1');
    expect(local.json()).toMatchObject({ ret: 0, result: { list: [{ purpose: expect.any(String) }] } });
    for (const [address, headers] of [['10.0.0.5', {}], ['192.168.1.20', {}], ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }]] as const) {
      const res = await outbox(phone, address, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ret: RET.forbidden, msg: '仅限本机访问', result: null });
    }
  });
});
