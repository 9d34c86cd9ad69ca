import { describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { arrayLiteral } from './array.js';

describe('arrayLiteral', () => {
  it('is read back by PostgreSQL as the same values', async () => {
    const db = await openPglite({});
    try {
      const texts = ['a', '', 'NULL', 'a b', 'x,y', '{z}', 'q"uote', 'back\\slash', '\\"', ' lead', '中文', 'e\u0301'];
      const [t] = await db.admin.query<{ v: (string | null)[] }>('select $1::text[] as v', [
        arrayLiteral([...texts, null, undefined]),
      ]);
      expect(t.v).toEqual([...texts, null, null]);
      const nums = [0, -1, 1.5, 1732650000.123, 1e-7, 2147483647, -0];
      const [n] = await db.admin.query<{ v: number[] }>('select $1::float8[] as v', [arrayLiteral(nums)]);
      expect(n.v).toEqual(nums.map((x) => x || 0)); // -0 is written 0, as pg writes it
      const [e] = await db.admin.query<{ n: number }>('select cardinality($1::int[])::int as n', [arrayLiteral([])]);
      expect(e.n).toBe(0);
      // each of the three ways: all numbers, all plain texts (one join each), anything else
      const mixed = [3000, null, 0, undefined, -5];
      const [m] = await db.admin.query<{ v: (number | null)[] }>('select $1::int[] as v', [arrayLiteral(mixed)]);
      expect(m.v).toEqual([3000, null, 0, null, -5]);
      const plain = ['0b6d8f0e-8c2a-4c47-9a55-3c1f7d2e9b10', 'watch', 'a b', '', 'NULL', 'x,y'];
      const [p] = await db.admin.query<{ v: string[] }>('select $1::text[] as v', [arrayLiteral(plain)]);
      expect(p.v).toEqual(plain);
      const [q] = await db.admin.query<{ v: string[] }>('select $1::text[] as v', [arrayLiteral(['plain', 'q"uote'])]);
      expect(q.v).toEqual(['plain', 'q"uote']);
    } finally {
      await db.close();
    }
    expect(() => arrayLiteral([NaN])).toThrow();
    expect(() => arrayLiteral([Infinity])).toThrow();
  });
});
