import { describe, expect, it } from 'vitest';
import { RET } from '@vitrine/contract';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { configFromEnv } from '../src/config.js';
import { DEMO_PASSWORD, demoPassword } from '../src/seed/demo.js';
import { post, useTestApp } from './harness.js';
import { randomPhone } from './factories.js';

// Issue 8 §1: anyone who could reach the port took over any account in three calls (account/code →
// dev/sms-outbox → account/login-sms). The server listens on this machine by default, and the
// development outbox answers only a caller on this machine.

const t = useTestApp();

const outbox = (phone: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/dev/sms-outbox',
    remoteAddress,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify({ un: phone }),
  });

describe('safe by default', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise', () => {
    expect(configFromEnv({}).host).toBe('127.0.0.1');
    expect(configFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('in production the demo is off unless DEMO=1, and then its password is generated and kept owner-only', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-demo-'));
    expect(configFromEnv({ DATA_DIR: dataDir }).demo).toBe(true);
    expect(configFromEnv({ DATA_DIR: dataDir, NODE_ENV: 'production' }).demo).toBe(false);
    expect(configFromEnv({ DATA_DIR: dataDir, NODE_ENV: 'production', DEMO: '1' }).demo).toBe(true);
    expect(demoPassword({ production: false, dataDir })).toBe(DEMO_PASSWORD);
    const generated = demoPassword({ production: true, dataDir });
    expect(generated).toMatch(/^[0-9a-f]{24}$/);
    expect(demoPassword({ production: true, dataDir })).toBe(generated);
    expect(statSync(join(dataDir, 'demo.password')).mode & 0o077).toBe(0);
  });

  it('account/code carries the code to a caller on this machine in development only', async () => {
    const send = (remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/account/code', remoteAddress, payload: { un: randomPhone() } });
    expect((await send('127.0.0.1')).json().result.devCode).toMatch(/^\d{6}$/);
    expect((await send('10.0.0.7')).json().result).toEqual({ resendIn: 60 });
    // production: test/production.test.ts
  });

  it('the development outbox answers a caller on this machine, and refuses the network and proxied callers', async () => {
    const phone = randomPhone();
    expect((await post(t, 'account/code', { un: phone })).body.ret).toBe(0);
    const local = await outbox(phone, '127.0.0.1');
    expect(local.json()).toMatchObject({ ret: 0, result: { list: [{ purpose: expect.any(String) }] } });
    for (const [address, headers] of [
      ['10.0.0.5', {}],
      ['192.168.1.20', {}],
      ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
    ] as const) {
      const res = await outbox(phone, address, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ ret: RET.forbidden, msg: '仅限本机访问', result: null });
    }
  });
});

describe('security headers', () => {
  const https = useTestApp({ https: true });
  it('every answer carries a CSP without inline script, no framing, nosniff and a referrer policy; no HSTS without TLS', async () => {
    for (const url of ['/api/account/exists', '/device-api/nothing', '/index', '/api/docs']) {
      const res = await t.app.inject({ method: url.startsWith('/api/account') ? 'POST' : 'GET', url });
      const csp = String(res.headers['content-security-policy'] ?? '');
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
  it('HSTS when served over TLS (HTTPS=1)', async () => {
    const res = await https.app.inject({ method: 'POST', url: '/api/account/exists' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });
});
