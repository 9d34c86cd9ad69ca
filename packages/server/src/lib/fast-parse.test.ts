import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { playEvent, visitEvent } from '@vitrine/contract';
import { judge } from '../device-api/events.js';
import { ASK, fastParser } from './fast-parse.js';

// The fast acceptor must never differ from the contract: whatever it vouches for, zod accepts with
// the same output (same keys, same order, same values); everything else it leaves to zod. Checked
// over every field of the device events crossed with good and bad values, and at the level of
// judge(): the same valid events, the same rejections with the same messages as zod alone.

const uuid = '0b6d8f0e-8c2a-4c47-9a55-3c1f7d2e9b10';
const sha = 'ab'.repeat(32);
const now = Math.floor(Date.now() / 1000);
const VALUES: unknown[] = [
  undefined, null, true, false, 0, -0, 1, -1, 0.5, 1.5, 2, 3, 4, 5, 7, 100, 86_400_000, 86_400_001, now, now + 0.25,
  1e11, 1e11 + 1, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -1e-9, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY,
  '', ' ', '1', '0', 'watch', 'WATCH', ' watch', 'pass', 'interact', 'enter', 'walk',
  uuid, uuid.toUpperCase(), ` ${uuid} `, `${uuid}\n`, `${uuid}0`, uuid.slice(1), uuid.replace(/-/g, ''), '0B6D8F0E-8C2A-4C47-9A55-3C1F7D2E9B1G',
  sha, sha.toUpperCase(), ` ${sha}`, sha.slice(2), `${sha}00`, 'x'.repeat(64),
  {}, [], [1], { a: 1 },
];

function corpus(good: Record<string, unknown>): unknown[] {
  const out: unknown[] = [good, { ...good }, null, 'junk', 5, [], [good], true];
  for (const key of Object.keys(good)) {
    for (const v of VALUES) {
      const e: Record<string, unknown> = { ...good, [key]: v };
      out.push(e);
      if (v === undefined) {
        const { [key]: _gone, ...without } = good;
        out.push(without);
      }
    }
  }
  out.push({ ...good, extra: 1, __proto__: { x: 1 } }, { extra: 'x', ...good }, Object.assign(Object.create(good) as object, {}), JSON.parse(`{"__proto__": {"a": 1}, "eventId": "${uuid}"}`));
  // key order of the input must not show in the output
  out.push(Object.fromEntries(Object.entries(good).reverse()));
  return out;
}

function compare(schema: z.ZodObject, values: unknown[]) {
  const fast = fastParser(schema);
  expect(fast).toBeDefined();
  let vouched = 0;
  let accepted = 0;
  for (const v of values) {
    const f = fast!(v);
    const zod = schema.safeParse(v);
    // a key present with the value undefined (never in JSON) is left to zod
    if (zod.success && !(v && typeof v === 'object' && Object.values(v).includes(undefined))) accepted++;
    if (f === ASK) continue;
    vouched++;
    expect(zod.success, `fast accepted what zod refuses: ${JSON.stringify(v)}`).toBe(true);
    expect(f).toStrictEqual(zod.data);
    expect(Object.keys(f as object)).toEqual(Object.keys(zod.data as object));
  }
  return { vouched, accepted };
}

const visit = { eventId: uuid, time: now, gender: 1, ageBand: 2, action: 'watch', dwellMs: 3000, pitchId: 5 };
const play = { eventId: uuid, contentId: 12, planId: 3, materialSha256: sha, start: now, durationMs: 15000 };

describe('fastParser', () => {
  it('vouches only for what the contract accepts, with its output, over the device events', () => {
    const visits = corpus(visit);
    const plays = corpus(play);
    // and it vouches for every event of these the contract accepts that JSON can carry
    for (const [schema, values] of [[visitEvent, visits], [playEvent, plays]] as const) {
      const { vouched, accepted } = compare(schema, values);
      expect(accepted).toBeGreaterThan(20);
      expect(vouched).toBe(accepted);
    }
    // the events a device sends do take the fast path
    const { pitchId: _p, ...noPitch } = visit;
    for (const e of [visit, noPitch, { ...visit, time: now + 0.125 }, { ...visit, gender: 0, ageBand: 0, action: 'pass' }]) expect(fastParser(visitEvent)!(e)).not.toBe(ASK);
    expect(fastParser(playEvent)!(play)).not.toBe(ASK);
    // values zod rewrites (trim, lower case) are vouched for with zod's output, or left to zod
    const upper = { ...visit, eventId: ` ${uuid.toUpperCase()} ` };
    const f = fastParser(visitEvent)!(upper);
    expect(f === ASK || (f as { eventId: string }).eventId === uuid).toBe(true);
  });

  it('follows other schemas of the same kinds, and steps aside from kinds it does not know', () => {
    const s = z.object({
      name: z.string().trim().min(1, 'field.required').max(5, 'field.tooLong').optional(),
      n: z.number().int().multipleOf(5).max(100),
      kind: z.union([z.literal('a'), z.literal(2), z.enum(['x', 'y'])]),
      x: z.number().optional(), // no checks: only the base type stands between NaN and the output
    });
    const goods = [{ name: ' ab ', n: 10, kind: 'a', x: -1.5 }, { n: 0, kind: 2 }, { name: 'abcde', n: 100, kind: 'y' }];
    const values = goods.flatMap((g) => corpus(g));
    const { vouched, accepted } = compare(s, values);
    expect(vouched).toBeGreaterThan(10);
    expect(vouched).toBe(accepted);
    expect(fastParser(z.object({ n: z.coerce.number() }))).toBeUndefined();
    expect(fastParser(z.strictObject({ n: z.number() }))).toBeUndefined();
    expect(fastParser(z.object({ o: z.object({ n: z.number() }) }))).toBeUndefined();
    expect(fastParser(z.object({ n: z.number().default(1) }))).toBeUndefined();
    expect(fastParser(z.object({ n: z.number().nullable() }))).toBeUndefined();
    expect(fastParser(z.object({ n: z.number() }).refine((x) => x.n > 1))).toBeUndefined();
    // a refinement of a field is run as the field's own check, async ones are left to zod
    const r = z.object({ n: z.number().refine((x) => x % 2 === 0, 'field.invalid') });
    expect(compare(r, [{ n: 2 }, { n: 3 }, { n: '2' }])).toEqual({ vouched: 1, accepted: 1 });
    const a = z.object({ n: z.number().refine(async () => true) });
    expect(fastParser(a)!({ n: 1 })).toBe(ASK);
  });

  it('judge(): the same valid events and the same rejections, word for word, as the contract alone', () => {
    const events = (good: Record<string, unknown>) =>
      corpus(good).map((e) => (e && typeof e === 'object' && !Array.isArray(e) && (e as { eventId?: unknown }).eventId === uuid ? { ...e, eventId: randomUUID() } : e));
    for (const lang of ['zh', 'en'] as const) {
      for (const [kind, good] of [['visits', visit], ['plays', play]] as const) {
        const raws = [...events(good), good, good]; // and a repeat
        const fast = judge(kind, raws, lang, now);
        const slow = judge(kind, raws, lang, now, { fast: false });
        expect(fast).toStrictEqual(slow);
        expect(fast.valid.length).toBeGreaterThan(10);
        expect(fast.rejected.length).toBeGreaterThan(10);
        expect(fast.repeated).toBeGreaterThan(0);
      }
    }
  });
});
