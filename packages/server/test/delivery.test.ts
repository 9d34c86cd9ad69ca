import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness.js';

// Delivery over real HTTP: the precompressed files the build writes beside each asset are sent by
// the browser's Accept-Encoding, hashed assets are cached for a year, pages are revalidated.
const dist = mkdtempSync(join(tmpdir(), 'vitrine-delivery-'));
const script = `export const answer = ${JSON.stringify('forty-two '.repeat(200))};\n`;
const html =
  '<!doctype html><html><head><link rel="icon" href="/favicon.svg"><title>Vitrine</title></head>' +
  `<body>${'<!-- padding -->'.repeat(50)}</body></html>`;
const favicon =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#2f5bea"/></svg>';
mkdirSync(join(dist, 'assets'));
for (const [file, text] of [
  ['assets/app-Ab12Cd34.js', script],
  ['index.html', html],
]) {
  writeFileSync(join(dist, file), text);
  writeFileSync(join(dist, `${file}.br`), brotliCompressSync(text));
  writeFileSync(join(dist, `${file}.gz`), gzipSync(text));
}
writeFileSync(join(dist, 'favicon.svg'), favicon);

const t = useTestApp({ webDist: dist });
let base = '';
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };
/** A GET whose body comes back as sent (fetch would decode it and hide the encoding). */
const get = (path: string, acceptEncoding?: string) =>
  new Promise<Raw>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    request(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });

const varies = (r: Raw) =>
  String(r.headers.vary)
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('delivering the web app', () => {
  it('sends a hashed asset brotli-encoded to a browser that accepts br', async () => {
    const res = await get('/assets/app-Ab12Cd34.js', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
    expect(varies(res)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends it gzip-encoded when only gzip is accepted, and as it is when nothing is', async () => {
    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    expect(varies(gz)).toBe(true);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/app-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect(varies(plain)).toBe(true);
  });

  it('revalidates index.html, whether asked by name, as / or as a page route', async () => {
    for (const path of ['/index.html', '/', '/index', '/home/home?x=1']) {
      const res = await get(path, 'br');
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-cache');
      expect(res.headers['content-encoding'], path).toBe('br');
      expect(res.headers['content-type'], path).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.body).toString(), path).toBe(html);
    }
  });

  it('has a favicon, and /favicon.ico leads to it', async () => {
    const res = await get('/favicon.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const ico = await get('/favicon.ico');
    expect(ico.status).toBe(301);
    expect(ico.headers.location).toBe('/favicon.svg');
  });

  it('leaves API answers alone', async () => {
    const res = await get('/api/nothing/here', 'gzip, br');
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBeUndefined();
    expect(JSON.parse(res.body.toString()).ret).toBe(40004);
  });
});
