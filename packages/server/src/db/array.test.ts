import { describe, expect, it } from 'vitest';
import { openPglite } from './client.js';
import { arrayLiteral } from './array.js';

describe('arrayLiteral', () => {
  it('is read back by PostgreSQL as the same values', async () => {
    const db = await openPglite({});
    try {
      const texts = ['a', '', 'NULL', 'a b', 'x,y', '{z}', 'q"uote', 'back\\slash', '\\"', ' lead', '中文', 'e\u0301'];
      const [t] = await db.admin.query<{ v: (string | null)[] }>('select $1::text[] as v', [arrayLiteral([...texts, null, undefined])]);
      expect(t.v).toEqual([...texts, null, null]);
      const nums = [0, -1, 1.5, 1732650000.123, 1e-7, 2147483647, -0];
      const [n] = await db.admin.query<{ v: number[] }>('select $1::float8[] as v', [arrayLiteral(nums)]);
      expect(n.v).toEqual(nums.map((x) => x || 0)); // -0 is written 0, as pg writes it
      const [e] = await db.admin.query<{ n: number }>('select cardinality($1::int[])::int as n', [arrayLiteral([])]);
      expect(e.n).toBe(0);
    } finally {
      await db.close();
    }
    expect(() => arrayLiteral([NaN])).toThrow();
    expect(() => arrayLiteral([Infinity])).toThrow();
  });
});
