import { describe, expect, it } from 'vitest';
import { MAX_DEPTH, RET } from '@vitrine/contract';
import { post, useTestApp } from './harness.js';
import { activated, makeDevice, makeFleet } from './devices.js';

// Issue 24 §1: a body nested 8,000 levels (48 KB) overflowed the recursive text check on every
// path: 500. It is 40001 `field.tooDeep` naming where it got too deep, on console, public and device
// paths, and inside the JSON strings a form body carries; a body at the limit is judged as usual.

const t = useTestApp();

/** `{"<field>": [[[…]]]}` with the field's value nested `levels` arrays deep. */
const deep = (field: string, levels: number) => `{"${field}":${'['.repeat(levels)}${']'.repeat(levels)}}`;
type Answer = { ret: number; msg: string; result: { fields: { field: string; message: string }[] } | null };

async function json(url: string, payload: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return { status: res.statusCode, body: res.json() as Answer };
}

describe('deep bodies are 40001, never 500', () => {
  it('a public JSON body nested 8,000 levels names the field, in both languages', async () => {
    const zh = await json('/api/account/exists', deep('un', 8000));
    expect(zh.status).toBe(400);
    expect(zh.body.ret).toBe(RET.validation);
    expect(zh.body.result?.fields[0]).toEqual({ field: expect.stringMatching(/^un(\.0)+$/), message: '嵌套层级过深' });
    const en = await json('/api/account/exists', deep('un', 8000), { 'accept-language': 'en' });
    expect(en.body.result?.fields[0].message).toBe('Nested too deeply');
  });

  it('a body just within the limit reaches the schema (its usual 40001)', async () => {
    const res = await json('/api/account/exists', deep('un', MAX_DEPTH - 1));
    expect(res.body.ret).toBe(RET.validation);
    expect(res.body.result?.fields[0]).toEqual({ field: 'un', message: expect.not.stringMatching(/嵌套/) });
    const over = await json('/api/account/exists', deep('un', MAX_DEPTH));
    expect(over.body.result?.fields[0].message).toBe('嵌套层级过深');
  });

  it('a deep key path is named, cut to 200 characters', async () => {
    const body = `${'{"abcdefgh":'.repeat(8000)}1${'}'.repeat(8000)}`;
    const res = await json('/api/account/exists', body);
    expect(res.body.ret).toBe(RET.validation);
    expect(res.body.result?.fields[0].field).toMatch(/^(abcdefgh\.)+a?b?c?d?e?f?g?h?…$/);
    expect(res.body.result?.fields[0].field.length).toBe(200);
  });

  it('tenant lists: deep JSON strings in form fields and escaped NULs in them are 40001 too', async () => {
    const f = await makeFleet(t);
    const tooDeep = await post(
      t,
      'shop/enable-list',
      { areaRange: `{"p":${'['.repeat(8000)}${']'.repeat(8000)}}` },
      f.sup,
    );
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.result.fields).toEqual([
      { field: expect.stringMatching(/^areaRange\.p(\.0)+$/), message: '嵌套层级过深' },
    ]);
    // "\u0000" is six harmless characters in the form field and a NUL once parsed
    const nul = await post(t, 'shop/enable-list', { areaRange: '{"p":["a\\u0000"],"c":[],"a":[],"s":[]}' }, f.sup);
    expect(nul.status).toBe(400);
    expect(nul.body.result.fields).toEqual([{ field: 'areaRange.p.0', message: '格式不正确' }]);
    const ok = await post(t, 'shop/enable-list', { areaRange: '{"p":["11"],"c":[],"a":[],"s":[]}' }, f.sup);
    expect(ok.body.ret).toBe(RET.ok);
  });

  it('device calls: a deep body without escapes (the fast path) is 40001', async () => {
    const f = await makeFleet(t);
    const token = await activated(t, f, await makeDevice(t, f));
    for (const path of ['heartbeat', 'plays']) {
      const res = await json(`/device-api/${path}`, deep('errors', 8000), { dt: token });
      expect(res.status, path).toBe(400);
      expect(res.body.result?.fields[0], path).toEqual({
        field: expect.stringMatching(/^errors(\.0)+$/),
        message: '嵌套层级过深',
      });
    }
  });
});
