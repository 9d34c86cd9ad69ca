import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

// The single-page app: history fallback for pages, but a missing asset is a 404, never index.html.
const dist = mkdtempSync(join(tmpdir(), 'vitrine-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Vitrine</title>');
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');

const t = useTestApp({ webDist: dist });

describe('serving the web app', () => {
  it('answers page paths with index.html', async () => {
    for (const url of ['/', '/index', '/store/store?x=1', '/register_succeed?flag=1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>Vitrine</title>');
      // revalidated on every use, so a rebuild reaches open tabs at their next navigation (issue 25 §7)
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    // a HEAD (link checkers, load balancers) answers as the GET does
    expect((await t.app.inject({ method: 'HEAD', url: '/index' })).statusCode).toBe(200);
  });

  it('serves assets, including ones written after start, and 404s missing ones', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    writeFileSync(join(dist, 'assets', 'late.js'), 'late');
    expect((await t.app.inject({ method: 'GET', url: '/assets/late.js' })).body).toBe('late');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it('keeps API 404s in the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().ret).toBe(40004);
  });
});
