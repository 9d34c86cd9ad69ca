import { describe, expect, it } from 'vitest';
import { RET, allCalls, type CallDef } from '@vitrine/contract';
import { useTestApp, type TestApp } from './harness.js';
import { TENANT_ROUTES, markedRecords } from './matrix/index.js';
import { world, type World } from './matrix/types.js';
import { tenantHeaders } from './factories.js';

// No input is a server error: every field of every call gets edge values (integers past the column
// range, NUL, lone surrogates, wrong types, nested values, huge strings) on top of a body that is
// otherwise valid (the isolation matrix's), and an unknown field is added. Any 50000 fails.

const t = useTestApp({ limits: { authPerMinute: 1e6, smsPerMinute: 1e6, smsPerIpDay: 1e6, smsPerPhoneDay: 1e6 } });

const EDGE: unknown[] = [
  2147483648,
  -2147483649,
  1e300,
  -1,
  0,
  1.5,
  '2147483648',
  '99999999999999999999',
  'abc',
  '',
  ' ',
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  'x'.repeat(20_000),
  { a: 1 },
  [1, 2],
  [{ p: 'abc' }],
  null,
  true,
  '{"p":"x"}',
  '[]',
];

/** Session-ending and message-sending calls would spoil the run, not find a 500. */
const SKIP = new Set(['account/logout', 'account/logout-all', 'account/close', 'company/leave']);

function fieldsOf(def: CallDef, base: Record<string, unknown>) {
  const schema = def.body as unknown as { shape?: Record<string, unknown> };
  return [...new Set([...Object.keys(schema.shape ?? {}), ...Object.keys(base)])];
}

async function send(t: TestApp, def: CallDef, body: Record<string, unknown>, headers: Record<string, string>) {
  if (def.method === 'GET') {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(body))
      if (v !== undefined && v !== null) qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    return t.app.inject({ method: 'GET', url: `/api/${def.path}?${qs}`, headers });
  }
  return t.app.inject({
    method: 'POST',
    url: `/api/${def.path}`,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

describe('edge values never give 50000', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
    await markedRecords(w);
  });

  const bodies = new Map(TENANT_ROUTES.map((r) => [r.path, r.body]));
  const calls = allCalls.filter((c) => ['public', 'user', 'tenant'].includes(c.auth) && !SKIP.has(c.path));
  for (const def of calls) {
    it(def.path, async () => {
      const headers =
        def.auth === 'tenant'
          ? tenantHeaders(w.a.owner, w.a, w.a.ownerRole)
          : def.auth === 'user'
            ? w.a.owner.headers
            : {};
      const made = bodies.get(def.path);
      const base = (typeof made === 'function' ? await made(w) : made) ?? {};
      const failures: string[] = [];
      const cases: Record<string, unknown>[] = [{ ...base, zzUnknownField: 'x' }];
      for (const field of fieldsOf(def, base)) for (const v of EDGE) cases.push({ ...base, [field]: v });
      for (const body of cases) {
        const res = await send(t, def, body, headers);
        const ret = String(res.headers['content-type'] ?? '').startsWith('application/json')
          ? (res.json() as { ret: number }).ret
          : RET.ok;
        if (res.statusCode >= 500 || ret === RET.internal)
          failures.push(`${JSON.stringify(body).slice(0, 160)} → ${res.statusCode} ${ret}`);
      }
      expect(failures).toEqual([]);
    });
  }
});

describe('an unknown filter field is 40001 naming it', () => {
  let w: World;
  it('builds the world', async () => {
    w = await world(t);
  });
  // Every list call takes the spec's filter object; a misspelt filter must not list everything.
  const lists = allCalls.filter(
    (c) => c.auth === 'tenant' && 'keyword' in ((c.body as unknown as { shape?: object }).shape ?? {}),
  );
  it('covers the list calls', () => expect(lists.length).toBeGreaterThan(20));
  const bodies = new Map(TENANT_ROUTES.map((r) => [r.path, r.body]));
  for (const def of lists) {
    it(def.path, async () => {
      const made = bodies.get(def.path);
      const base = (typeof made === 'function' ? await made(w) : made) ?? {};
      const res = await send(t, def, { ...base, shopIdd: 3 }, tenantHeaders(w.a.owner, w.a, w.a.ownerRole));
      const body = res.json() as { ret: number; result: { fields: { field: string; message: string }[] } };
      expect(body.ret).toBe(RET.validation);
      expect(body.result.fields).toContainEqual({
        field: 'shopIdd',
        message: expect.stringMatching(/Unknown field|不支持的字段/),
      });
    });
  }
});
