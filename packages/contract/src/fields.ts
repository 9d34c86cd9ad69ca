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

/** Numbers arrive as strings in form bodies. */
export const int = z.coerce.number({ error: 'field.invalid' }).int('field.invalid');
export const id = int.positive('field.invalid');

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
