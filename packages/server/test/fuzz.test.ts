import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RET, allCalls, deviceApi, type CallDef } from '@vitrine/contract';
import { useTestApp, type TestApp } from './harness.js';
import { activated, makeDevice, makeFleet } from './devices.js';
import { tenantHeaders } from './factories.js';
import { TENANT_ROUTES, markedRecords } from './matrix/index.js';
import { world, type World } from './matrix/types.js';

// Issue 24 §3: bodies generated from the contract for every call — console and device — with a
// fixed seed: each call's otherwise valid body (the isolation matrix's) gets one field replaced by
// a hostile value (wrong types, ±2^31, 2^53, null, huge strings, NUL, lone surrogates, deep nesting,
// prototype keys), or is replaced whole. No answer may be a 5xx, and a 40001 names the field.

const t = useTestApp({
  limits: { authPerMinute: 1e6, smsPerMinute: 1e6, smsPerIpDay: 1e6, smsPerPhoneDay: 1e6, joinPerMinute: 1e6 },
});

const SEED = 24;
/** Bodies per call: ~300 calls × this stays well within a minute. */
const RUNS = 8;
/** Session-ending calls would spoil the run, not find a 500. */
const SKIP = new Set(['account/logout', 'account/logout-all', 'account/close', 'company/leave']);

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 31 - 1,
    2 ** 53,
    -(2 ** 53),
    1e300,
    -1,
    0,
    1.5,
    Number.MAX_SAFE_INTEGER + 2,
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '1e999',
    'NaN',
    null,
    true,
    false,
    '',
    ' ',
    [],
    {},
    [null],
    [[]],
    [{}],
    'a\u0000b',
    '\u0000',
    'x\ud800',
    '\udc00y',
    ['\u0000'],
    { k: '\ud800' },
    'x'.repeat(100_000),
    ['x'.repeat(10_000)],
    nested(60),
    nested(70),
    nested(500),
    JSON.stringify(nested(70)),
    JSON.stringify({ p: ['\u0000'] }),
    JSON.parse('{"__proto__":{"polluted":1}}'),
    { constructor: { prototype: { polluted: 1 } } },
    '__proto__',
    { toString: 1, valueOf: 'x' },
  ),
  fc.integer(),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 5 }),
);

const fieldsOf = (def: CallDef) =>
  Object.keys((def.body as unknown as { shape?: Record<string, unknown> }).shape ?? {});

type Case = { body: unknown; field?: string; value?: unknown };
/** The call's cases: one field replaced (a known one, or a prototype key), or the whole body replaced. */
function casesOf(def: CallDef, base: Record<string, unknown>, seed: number): Case[] {
  const names = [...new Set([...fieldsOf(def), ...Object.keys(base)])];
  const oneField = fc
    .tuple(names.length ? fc.constantFrom(...names) : fc.constant('zz'), hostile)
    .map(([field, v]): Case => ({ body: { ...base, [field]: v }, field, value: v }));
  const whole = hostile.map((v): Case => ({ body: v }));
  const proto = fc
    .constantFrom('__proto__', 'constructor', 'prototype')
    .map((k): Case => ({ body: JSON.parse(`{${JSON.stringify(k)}:{"x":1}}`), field: k }));
  return fc.sample(
    fc.oneof({ arbitrary: oneField, weight: 8 }, { arbitrary: whole, weight: 1 }, { arbitrary: proto, weight: 1 }),
    { seed, numRuns: RUNS },
  );
}

async function send(t: TestApp, url: string, def: CallDef, body: unknown, headers: Record<string, string>) {
  const inQuery = Object.keys(def.query?.shape ?? {});
  if (inQuery.length && body && typeof body === 'object' && !Array.isArray(body)) {
    // search1's from/size travel in the query string
    const qs = new URLSearchParams(
      Object.entries(body)
        .filter(([k]) => inQuery.includes(k))
        .map(([k, v]) => [k, String(v)]),
    );
    const rest = Object.fromEntries(Object.entries(body).filter(([k]) => !inQuery.includes(k)));
    return t.app.inject({
      method: 'POST',
      url: `${url}?${qs}`,
      payload: JSON.stringify(rest),
      headers: { ...headers, 'content-type': 'application/json' },
    });
  }
  if (def.method === 'GET') {
    const qs = new URLSearchParams();
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const [k, v] of Object.entries(body))
        if (v !== undefined && v !== null) qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
    return t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers });
  }
  return t.app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(body),
    headers: { ...headers, 'content-type': 'application/json' },
  });
}

/** Whether z.coerce.number would read the value as a number (an object with odd toString/valueOf may throw). */
function numeric(v: unknown): boolean {
  try {
    return v === null || Number.isFinite(Number(v));
  } catch {
    return false;
  }
}

type Answer = { ret?: number; result?: { fields?: { field: string }[] } | null };

/**
 * What is wrong with one answer, or null. The replaced field must be among those named unless the
 * body was refused without it (`baseRefused`) or the value is one a number field coerces
 * (`[]`, `null`, `true` are 0 or 1: another field may then be what is wrong, as `reason` once `pass` is 0).
 */
function judge(def: CallDef, c: Case, status: number, answer: Answer, baseRefused: boolean): string | null {
  if (status >= 500 || answer.ret === RET.internal) return `${status} ${answer.ret}`;
  if (answer.ret !== RET.validation) return null;
  const fields = answer.result?.fields ?? [];
  if (!fields.length) return '40001 without fields';
  const coerced = 'value' in c && numeric(c.value);
  // a prototype key anywhere is refused by Fastify's JSON parser before any field is known: it names the key
  const poisoned = fields.some((f) => f.field === '__proto__');
  if (
    c.field &&
    !baseRefused &&
    !coerced &&
    !poisoned &&
    fieldsOf(def).includes(c.field) &&
    !fields.some((f) => f.field === c.field || f.field.startsWith(`${c.field}.`))
  ) {
    return `40001 naming ${fields.map((f) => f.field).join(',')}, not ${c.field}`;
  }
  return null;
}

const bodies = new Map(TENANT_ROUTES.map((r) => [r.path, r.body]));

describe('generated bodies never give 5xx; a 40001 names the field', () => {
  let w: World;
  let device: string;
  it('builds the world', async () => {
    w = await world(t);
    await markedRecords(w);
    const f = await makeFleet(t);
    device = await activated(t, f, await makeDevice(t, f));
  });

  /** Whether the call's own valid body is already 40001 (a public call's, sent empty). */
  const refused = async (url: string, def: CallDef, base: unknown, headers: Record<string, string>) => {
    const res = await send(t, url, def, base, headers);
    return (
      String(res.headers['content-type'] ?? '').startsWith('application/json') &&
      (res.json() as Answer).ret === RET.validation
    );
  };

  const consoleCalls = allCalls.filter((c) => ['public', 'user', 'tenant'].includes(c.auth) && !SKIP.has(c.path));
  it('covers every call', () => expect(consoleCalls.length + Object.keys(deviceApi).length).toBeGreaterThan(250));

  for (const [i, def] of consoleCalls.entries()) {
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
      const baseRefused = await refused(`/api/${def.path}`, def, base, headers);
      for (const c of casesOf(def, base, SEED + i)) {
        const res = await send(t, `/api/${def.path}`, def, c.body, headers);
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json')
          ? (res.json() as Answer)
          : {};
        const bad = judge(def, c, res.statusCode, json, baseRefused);
        if (bad) failures.push(`${JSON.stringify(c.body)?.slice(0, 120)} → ${bad}`);
      }
      expect(failures).toEqual([]);
    });
  }

  for (const [i, def] of Object.values(deviceApi).entries()) {
    it(`device-api/${def.path}`, async () => {
      const failures: string[] = [];
      const headers: Record<string, string> = def.auth === 'device' ? { dt: device } : {};
      const baseRefused = await refused(`/device-api/${def.path}`, def, {}, headers);
      for (const c of casesOf(def, {}, SEED + 1000 + i)) {
        const res = await send(t, `/device-api/${def.path}`, def, c.body, headers);
        const json = String(res.headers['content-type'] ?? '').startsWith('application/json')
          ? (res.json() as Answer)
          : {};
        const bad = judge(def, c, res.statusCode, json, baseRefused);
        if (bad) failures.push(`${JSON.stringify(c.body)?.slice(0, 120)} → ${bad}`);
      }
      expect(failures).toEqual([]);
    });
  }
});
