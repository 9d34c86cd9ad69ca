import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls, deviceApi, INT_MAX, INT_MIN, playEvent, saleLine, visitEvent } from '@vitrine/contract';

// Every integer a body may carry fits the int column it lands in (issue 24 §1: a heartbeat with
// contentId 2^31 was accepted and stopped the presence flush of every enterprise; a play with it
// answered 500 and lost its batch). Derived from the contract: a new call or field without int4
// bounds fails here. Bigint columns are named below with the bound they take instead.

/** `call or item path` → the largest value its bigint column is given. */
const BIGINT: Record<string, number> = { 'saleLine.amount': 10_000_000_000 };

type Node = Record<string, unknown>;

/** Every integer of a JSON schema whose bounds are not within int4: `where [min, max]`. */
function unbounded(node: unknown, where: string, out: string[]): string[] {
  if (Array.isArray(node)) node.forEach((n, i) => unbounded(n, `${where}[${i}]`, out));
  if (!node || typeof node !== 'object' || Array.isArray(node)) return out;
  const o = node as Node;
  if (o.type === 'integer') {
    // a number that must be one of a few values (contract describe.ts oneOf) carries them as `enum`
    const values = Array.isArray(o.enum) ? (o.enum as number[]) : undefined;
    const min = values ? Math.min(...values) : ((o.minimum ?? o.exclusiveMinimum) as number | undefined);
    const max = values ? Math.max(...values) : ((o.maximum ?? o.exclusiveMaximum) as number | undefined);
    const key = where.replace(/\.properties\./g, '.');
    if (min === undefined || max === undefined || min < INT_MIN || max > (BIGINT[key] ?? INT_MAX))
      out.push(`${key} [${min}, ${max}]`);
  }
  for (const [k, v] of Object.entries(o))
    if (typeof v === 'object')
      unbounded(
        v,
        k === 'properties'
          ? `${where}.properties`
          : k === 'items' || k === 'anyOf' || k === 'oneOf'
            ? where
            : `${where}.${k}`,
        out,
      );
  return out;
}

const schemaOf = (s: z.ZodType) => z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' });

describe('integers in bodies', () => {
  it('every integer of every call (console and device API) and of every batch item is an int4, or a named bigint', () => {
    const bodies: [string, z.ZodType][] = [
      ...[...allCalls, ...Object.values(deviceApi)].map((c): [string, z.ZodType] => [c.path, c.body]),
      // batches judge their items one by one: their bodies hold unknowns
      ['playEvent', playEvent],
      ['visitEvent', visitEvent],
      ['saleLine', saleLine],
    ];
    expect(bodies.length).toBeGreaterThan(300);
    const found = bodies.flatMap(([where, s]) => unbounded(schemaOf(s), where, []));
    expect(found).toEqual([]);
  });

  it('the walk sees what it guards: an id without a bound, in a nested array, is found', () => {
    const loose = z.object({ targets: z.object({ s: z.array(z.union([z.string(), z.number().int().positive()])) }) });
    expect(unbounded(schemaOf(loose), 'x', [])).toEqual(['x.targets.s[1] [0, 9007199254740991]']);
  });
});
