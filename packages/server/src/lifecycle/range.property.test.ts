import fc from 'fast-check';
import type { Range } from '@vitrine/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/client.js';
import { testDatabase } from '../../test/harness.js';
import { inRange, inRangeSql, shopsInRange, type Place } from './range.js';
import { Params } from './sql.js';

// The TypeScript predicate and the SQL function in_range (migration 0281) answer the same on random
// ranges and places, on whichever database this run uses (PGlite, or PostgreSQL with DATABASE_URL).
// Codes come from a two-letter alphabet so that prefixes (44 ⊃ 4445 ⊃ 444554) collide often.

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => ({ db, drop } = await testDatabase()));
afterAll(() => drop());

const digit = fc.constantFrom('4', '5');
const code = (len: number) => fc.array(digit, { minLength: len, maxLength: len }).map((d) => d.join(''));
const anyCode = fc.oneof(code(2), code(4), code(6));
const shopRef = fc.oneof(
  fc.integer({ min: 1, max: 12 }).map((n) => `s${String(n).padStart(8, '0')}`),
  fc.integer({ min: 1, max: 12 }).map(String),
  fc.constantFrom('x', '', 's-1'),
);
const range: fc.Arbitrary<Range> = fc.record({
  p: fc.array(code(2), { maxLength: 2 }),
  c: fc.array(code(4), { maxLength: 2 }),
  a: fc.array(code(6), { maxLength: 2 }),
  s: fc.array(shopRef, { maxLength: 3 }),
});
const place: fc.Arbitrary<Place> = fc.oneof(
  fc.record({ shopId: fc.integer({ min: 1, max: 12 }), code: code(6) }),
  fc.record({ shopId: fc.constant(null), code: anyCode }),
);

async function sqlInRange(r: Range, p: Place): Promise<boolean> {
  const params = new Params([p.shopId, p.code]);
  const [row] = await db.admin.query<{ ok: boolean }>(
    `select ${inRangeSql('$1::int', '$2::text', r, params.add)} as ok`,
    params.values,
  );
  return row.ok;
}

describe('in range: TypeScript and SQL agree', () => {
  it('on random ranges and places', async () => {
    await fc.assert(
      fc.asyncProperty(range, place, async (r, p) => {
        expect(await sqlInRange(r, p)).toBe(inRange(r, p));
      }),
      { numRuns: 300 },
    );
  });

  it('a null range holds everything, an empty one nothing', async () => {
    expect(inRange(null, { shopId: 1, code: '440305' })).toBe(true);
    const none = { p: [], c: [], a: [], s: [] };
    expect(inRange(none, { shopId: 1, code: '440305' })).toBe(false);
    expect(await sqlInRange(none, { shopId: 1, code: '440305' })).toBe(false);
    expect(
      shopsInRange({ ...none, c: ['4403'] }, [
        { id: 1, district: '440305' },
        { id: 2, district: '450101' },
      ]).map((s) => s.id),
    ).toEqual([1]);
  });

  it('is inlined into a list query (no function call left in the plan)', async () => {
    const params = new Params([1]);
    const cut = { p: ['44'], c: [], a: [], s: ['s00000001'] };
    const sql = `select s.id from shops s where s.enterprise_id = $1 and ${inRangeSql('s.id', 's.district', cut, params.add)}`;
    const plan = (await db.admin.query<{ 'QUERY PLAN': string }>(`explain (verbose, costs off) ${sql}`, params.values))
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    expect(plan).not.toMatch(/in_range/);
    expect(plan).toMatch(/\^@/);
    expect(plan).toMatch(/Index|Seq Scan/);
  });
});
