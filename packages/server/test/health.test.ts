import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

// Liveness and readiness for balancers (issue 27 §3): ready while serving, not while draining.
const t = useTestApp();

describe('health endpoints', () => {
  it('answers alive and ready, and not ready while draining', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([ready.statusCode, ready.json()]).toEqual([200, { status: 'ready' }]);
    t.health.draining = true;
    const draining = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect([draining.statusCode, draining.json()]).toEqual([503, { status: 'draining' }]);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    t.health.draining = false;
  });
});
