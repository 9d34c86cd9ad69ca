import type { z } from 'zod';

// A fast acceptor derived from a contract's zod object schema, for hot paths that parse many small
// objects (the device API's batches of 500 events). It is never the judge of a bad value: it either
// vouches for a value — and gives exactly the output the schema's own parse gives — or answers ASK,
// and the caller asks the schema (safeParse), which accepts or rejects with its own issue.
//
// Nothing of the shape is written twice: the acceptor is generated from the schema's definition and
// runs the schema's own checks (`_zod.check`: its bounds, integer formats, patterns, trim and
// lower-case overwrites) on each value, in the order zod runs them. Only the base types are stated
// here, and only their plain case: a string; a number neither NaN nor infinite; a member of a
// literal's or an enum's set. Any part it does not know (coercion, defaults, nullable, nested objects,
// refinements of the object, catch-all keys) leaves the acceptor undefined: callers then use the
// schema alone. Generated code rather than one closure per field: each call site then sees one
// check, which is what makes it several times faster than zod's own parse of the same object.

/** The acceptor's answer for a value it does not vouch for: parse it with the schema. */
export const ASK: unique symbol = Symbol('ask');
export type Ask = typeof ASK;

type Payload = { value: unknown; issues: unknown[] };
type CheckDef = { when?: (p: Payload) => boolean };
type Check = { _zod: { def: CheckDef; check: (p: Payload) => unknown } };
type Internals = {
  def: {
    type: string; coerce?: boolean; checks?: Check[]; shape?: Record<string, Schema>; catchall?: unknown;
    innerType?: Schema; options?: Schema[];
  };
  traits: Set<string>;
  values?: Set<unknown>;
  optin?: string;
};
type Schema = { _zod: Internals };

/** The values of a literal or enum (or a union of them, which zod answers as is), else undefined. */
function valueSet(s: Schema): Set<unknown> | undefined {
  const { def } = s._zod;
  if (def.checks?.length) return undefined;
  if (def.type === 'literal' || def.type === 'enum') return s._zod.values;
  if (def.type === 'union' && def.options?.length) {
    const sets = def.options.map(valueSet);
    return sets.every(Boolean) ? new Set(sets.flatMap((x) => [...x!])) : undefined;
  }
  return undefined;
}

/**
 * The code that takes `v` (a present value) to its output in `v`, or returns ASK; `env` collects what
 * the code refers to (`r<i>`). Undefined when the field's schema is beyond this acceptor.
 */
function fieldCode(s: Schema, env: unknown[]): string | undefined {
  const { def } = s._zod;
  const ref = (x: unknown) => `r${env.push(x) - 1}`;
  let code: string;
  if (def.type === 'string' && !def.coerce) code = `if (typeof v !== 'string') return ASK;`;
  else if (def.type === 'number' && !def.coerce) code = `if (typeof v !== 'number' || !Number.isFinite(v)) return ASK;`;
  else {
    const values = valueSet(s);
    if (!values) return undefined;
    return `if (!${ref(values)}.has(v)) return ASK;`;
  }
  // zod runs a schema's checks after its parse; a schema that is itself a check (z.int(), z.uuid()) first
  const checks: Check[] = [...(s._zod.traits.has('$ZodCheck') ? [s as unknown as Check] : []), ...(def.checks ?? [])];
  if (!checks.length) return code;
  code += ' p.value = v;';
  for (const c of checks) {
    // a check answers nothing when it is synchronous; anything else (a promise) is zod's to await
    const run = `if (${ref(c._zod.check)}(p) !== undefined || p.issues.length) { p.issues = []; return ASK; }`;
    code += c._zod.def.when ? ` if (${ref(c._zod.def)}.when(p)) { ${run} }` : ` ${run}`;
  }
  return `${code} v = p.value;`;
}

/**
 * The acceptor of a zod object schema (unknown keys stripped, as z.object does), or undefined when
 * any part of it is beyond this acceptor. Its output for a value it vouches for equals
 * `schema.parse(value)`; for any other value it answers ASK.
 */
export function fastParser<S extends z.ZodObject>(schema: S): ((raw: unknown) => z.output<S> | Ask) | undefined {
  const { def } = (schema as unknown as Schema)._zod;
  if (def.type !== 'object' || def.catchall !== undefined || def.checks?.length || !def.shape) return undefined;
  const env: unknown[] = [];
  let body = `if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return ASK;\nconst out = {};\nlet v;\n`;
  for (const [key, s] of Object.entries(def.shape)) {
    const optional = s._zod.def.type === 'optional';
    const inner = optional ? s._zod.def.innerType : s;
    if (key === '__proto__' || !inner || (optional && (inner._zod.optin !== undefined || s._zod.def.checks?.length))) return undefined;
    const code = fieldCode(inner, env);
    if (code === undefined) return undefined;
    const k = JSON.stringify(key);
    // an absent optional key stays absent; any other undefined is zod's to judge
    const absent = optional ? `if (!(${k} in raw)) {} else return ASK;` : 'return ASK;';
    body += `v = raw[${k}];\nif (v === undefined) { ${absent} } else { ${code} out[${k}] = v; }\n`;
  }
  body += 'return out;';
  try {
    const refs = env.map((_, i) => `const r${i} = e[${i}];\n`).join('');
    const make = new Function('e', 'ASK', `${refs}const p = { value: undefined, issues: [] };\nreturn function fastParse(raw) {\n${body}\n};`);
    return make(env, ASK) as (raw: unknown) => z.output<S> | Ask;
  } catch {
    return undefined; // no code generation here (a policy forbids it): the schema alone
  }
}
