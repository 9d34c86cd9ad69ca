import { z } from 'zod';

// Field schemas shared by many calls. Messages are keys of messages.ts; the server and the forms
// translate them into the user's language.

/** Spec §5: empty → 手机号不能为空; not 11 digits starting with 1 → 手机格式不正确. */
export const phone = z
  .string({ error: 'phone.empty' })
  .trim()
  .min(1, 'phone.empty')
  .regex(/^1\d{10}$/, 'phone.format');

export const password = z.string({ error: 'field.required' }).min(8, 'password.length').max(64, 'password.length');
export const smsCode = z
  .string({ error: 'code.format' })
  .trim()
  .regex(/^\d{6}$/, 'code.format');
export const text = (max: number) =>
  z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(max, 'field.tooLong');
export const optionalText = (max: number) => z.string().trim().max(max, 'field.tooLong').optional();
/**
 * A logo or avatar: empty, or the lasting address of an image uploaded here (`<apiBase>/file/img/<sha256>`),
 * never someone else's site or a script URL (issue 8 §1).
 */
export const ownImage = z
  .string()
  .trim()
  .max(300, 'field.tooLong')
  .regex(/^$|^(\/[A-Za-z0-9_.-]+)*\/file\/img\/[0-9a-f]{64}$/, 'field.invalid')
  .optional();

/**
 * Integers are the database's: 32-bit, like the int columns they land in (an id is 1..INT_MAX). Every
 * integer a body carries is one of these, so none can overflow its column (issue 24: 2^31 in a
 * heartbeat stopped the presence flush of every enterprise). A bigger bound is a bigint column's, named
 * where it is used.
 */
export const INT_MAX = 2147483647;
export const INT_MIN = -INT_MAX - 1;
/** Numbers arrive as strings in form bodies: the console's calls read them with these. */
export const int = z.coerce
  .number({ error: 'field.invalid' })
  .int('field.invalid')
  .min(INT_MIN, 'field.invalid')
  .max(INT_MAX, 'field.invalid');
export const id = int.positive('field.invalid');
/** The same integers in JSON bodies (the device API), where a string or null is not a number. */
export const int4 = z
  .number({ error: 'field.invalid' })
  .int('field.invalid')
  .min(INT_MIN, 'field.invalid')
  .max(INT_MAX, 'field.invalid');
export const id4 = int4.positive('field.invalid');

/**
 * Text the database can store: no NUL characters and no lone UTF-16 surrogates. The server checks
 * every string of every body with it before the call's schema runs (plugins/register.ts).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** How deep a body may nest (its own object is level 1): deeper is 40001 before anything walks it. */
export const MAX_DEPTH = 64;

/** `field` is `path` dotted, for the answer (at most 200 characters: keys can be long). */
export type BodyFault = { field: string; path: string[]; message: 'field.tooDeep' | 'field.invalid' };

type Frame = { value: unknown; depth: number; key: string; up?: Frame };

function fault(message: BodyFault['message'], frame?: Frame, key?: string): BodyFault {
  const path: string[] = key === undefined ? [] : [key];
  for (let f = frame; f?.up; f = f.up) path.push(f.key);
  path.reverse();
  const field = path.join('.') || '_';
  return { field: field.length > 200 ? `${field.slice(0, 199)}…` : field, path, message };
}

/** A key that could reach an object's prototype (`__proto__`, or `constructor` holding a `prototype`). */
const poisons = (k: string, v: unknown) =>
  k === '__proto__' || (k === 'constructor' && !!v && typeof v === 'object' && Object.hasOwn(v, 'prototype'));

/**
 * The first fault of a parsed body, or undefined: a container nested deeper than MAX_DEPTH
 * (`field.tooDeep`), a prototype-poisoning key (`field.invalid`, named: a JSON-in-form string is
 * parsed by JSON.parse, which keeps such keys as plain own properties), or with `text`, a string or key that
 * is bad text (`field.invalid`). One walk
 * with its own stack, never recursion: a body nested 8,000 levels costs what 8,000 values cost and
 * never reaches the call stack's limit. Bodies are clean almost always, so no path is built unless one
 * is found. `depth` is the level of `value` itself (a JSON-in-form field's value sits below its body).
 */
export function bodyFault(value: unknown, opts: { text?: boolean; depth?: number } = {}): BodyFault | undefined {
  const text = opts.text ?? true;
  if (typeof value === 'string') return text && BAD_TEXT.test(value) ? fault('field.invalid') : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const stack: Frame[] = [{ value, depth: opts.depth ?? 1, key: '' }];
  for (let frame = stack.pop(); frame; frame = stack.pop()) {
    if (frame.depth > MAX_DEPTH) return fault('field.tooDeep', frame);
    const node = frame.value;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) {
        const v: unknown = node[i];
        if (typeof v === 'string') {
          if (text && BAD_TEXT.test(v)) return fault('field.invalid', frame, String(i));
        } else if (v && typeof v === 'object')
          stack.push({ value: v, depth: frame.depth + 1, key: String(i), up: frame });
      }
    } else {
      for (const k in node as object) {
        if (!Object.hasOwn(node as object, k)) continue;
        const v = (node as Record<string, unknown>)[k];
        if (text && BAD_TEXT.test(k)) return fault('field.invalid', frame); // its object: the key is not echoed
        if (poisons(k, v)) return fault('field.invalid', frame, k);
        if (typeof v === 'string') {
          if (text && BAD_TEXT.test(v)) return fault('field.invalid', frame, k);
        } else if (v && typeof v === 'object') stack.push({ value: v, depth: frame.depth + 1, key: k, up: frame });
      }
    }
  }
  return undefined;
}

/** Where the first bad text (or too deep a value) is: the dotted path, or undefined (presence rows use it). */
export function badTextPath(value: unknown): string | undefined {
  return bodyFault(value)?.field;
}

/**
 * Nested values travel as JSON strings in form bodies (API.md); accept both forms. What a string
 * parses to meets the body's rules too: no deeper than MAX_DEPTH, no bad text (a `\u0000` escape
 * in the string is a NUL once parsed), before the schema walks it.
 */
export function json<T extends z.ZodType>(schema: T) {
  return z.preprocess((v, ctx) => {
    if (typeof v !== 'string') return v;
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      return v;
    }
    const bad = bodyFault(parsed, { depth: 2 });
    if (bad) {
      ctx.addIssue({ code: 'custom', message: bad.message, path: bad.path });
      return z.NEVER;
    }
    return parsed;
  }, schema);
}

export const ids = json(z.array(id).min(1, 'field.required').max(500, 'field.tooLong'));
export const empty = z.object({}).strip();
export const ok = z.object({}).strip();

/** A calendar day YYYY-MM-DD that exists (2026-02-30 is refused here, not by the database). */
export const localDay = z
  .string({ error: 'field.required' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'field.invalid')
  .refine((d) => {
    const t = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d;
  }, 'field.invalid');
