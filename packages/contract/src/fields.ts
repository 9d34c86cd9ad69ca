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
export const smsCode = z.string({ error: 'code.format' }).trim().regex(/^\d{6}$/, 'code.format');
export const text = (max: number) => z.string({ error: 'field.required' }).trim().min(1, 'field.required').max(max, 'field.tooLong');
export const optionalText = (max: number) => z.string().trim().max(max, 'field.tooLong').optional();
/**
 * A logo or avatar: empty, or the lasting address of an image uploaded here (`<apiBase>/file/img/<sha256>`),
 * never someone else's site or a script URL (issue 8 §1).
 */
export const ownImage = z.string().trim().max(300, 'field.tooLong').regex(/^$|^(\/[A-Za-z0-9_.-]+)*\/file\/img\/[0-9a-f]{64}$/, 'field.invalid').optional();

/** Numbers arrive as strings in form bodies; integers are the database's (32-bit, like its columns). */
export const INT_MAX = 2147483647;
export const int = z.coerce.number({ error: 'field.invalid' }).int('field.invalid').min(-INT_MAX - 1, 'field.invalid').max(INT_MAX, 'field.invalid');
export const id = int.positive('field.invalid');

/**
 * Text the database can store: no NUL characters and no lone UTF-16 surrogates. The server checks
 * every string of every body with it before the call's schema runs (plugins/register.ts).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what it looks for
const BAD_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Whether any string in `value` (keys included) is bad text: a walk that allocates nothing. */
function hasBadText(value: unknown): boolean {
  if (typeof value === 'string') return BAD_TEXT.test(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) if (hasBadText(value[i])) return true;
  } else if (value && typeof value === 'object') {
    for (const k in value) if (Object.hasOwn(value, k) && (BAD_TEXT.test(k) || hasBadText((value as Record<string, unknown>)[k]))) return true;
  }
  return false;
}

/** Where the first bad text is (the body's dotted path), or undefined; bodies are clean almost always, so look first. */
export function badTextPath(value: unknown, path: string[] = []): string | undefined {
  return hasBadText(value) ? findBadText(value, path) : undefined;
}

function findBadText(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return BAD_TEXT.test(value) ? path.join('.') || '_' : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadText(value[i], [...path, String(i)]);
      if (bad !== undefined) return bad;
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const bad = findBadText(k, path) ?? findBadText(v, [...path, k]);
      if (bad !== undefined) return bad;
    }
  }
  return undefined;
}

/** Nested values travel as JSON strings in form bodies (API.md); accept both forms. */
export function json<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);
}

export const ids = json(z.array(id).min(1, 'field.required').max(500, 'field.tooLong'));
export const empty = z.object({}).strip();
export const ok = z.object({}).strip();

/** A calendar day YYYY-MM-DD that exists (2026-02-30 is refused here, not by the database). */
export const localDay = z.string({ error: 'field.required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'field.invalid')
  .refine((d) => { const t = Date.parse(`${d}T00:00:00Z`); return !Number.isNaN(t) && new Date(t).toISOString().slice(0, 10) === d; }, 'field.invalid');
