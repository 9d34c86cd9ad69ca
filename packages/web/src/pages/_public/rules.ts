import { baseMessage as message, type Lang } from '@vitrine/contract';
import type { z } from 'zod';
import type { FormRule } from 'antd';

type Contract = typeof import('./schemas');

/**
 * The contract with its zod schemas, fetched when a form first validates: a page's first paint
 * carries no zod (ADR 0101). Validation is asynchronous in antd forms anyway.
 */
const loadContract = (): Promise<Contract> => import('./schemas');

/**
 * Runs a contract field schema on a value and returns the translated message of its first issue,
 * or null when the value is valid. The contract's issues carry message keys (messages.ts), so the
 * form says exactly what the server would say (spec §5: 手机号不能为空 / 手机格式不正确).
 */
export function schemaError(schema: z.ZodType, value: unknown, lang: Lang): string | null {
  const parsed = schema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  return issue ? message(issue.message, lang) : message('field.invalid', lang);
}

type Pick = (contract: Contract) => z.ZodType;

/** The translated message for `value` against a contract schema, or null when it is valid. */
export async function checkValue(pick: Pick, value: unknown, lang: Lang): Promise<string | null> {
  return schemaError(pick(await loadContract()), value ?? '', lang);
}

/**
 * An antd form rule backed by a contract schema, picked from the contract once it is loaded
 * (`(c) => c.api.public.appointment.body.shape.name`). Empty inputs reach the schema as ''.
 */
export function schemaRule(pick: Pick, lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const error = await checkValue(pick, value, lang);
      if (error) throw new Error(error);
    },
  };
}

/** The schemas of the phone, password and SMS code fields, for rules and checks alike. */
export const PHONE: Pick = (c) => c.phone;
export const PASSWORD: Pick = (c) => c.password;
export const SMS_CODE: Pick = (c) => c.smsCode;

export const phoneRule = (lang: Lang) => schemaRule(PHONE, lang);
export const passwordRule = (lang: Lang) => schemaRule(PASSWORD, lang);
export const codeRule = (lang: Lang) => schemaRule(SMS_CODE, lang);

/**
 * Where to go after logging in: the guard's `redirect` query parameter when it is an in-app path
 * ('/…' but not '//host', which the browser would read as another origin), else the console home.
 */
export function redirectTarget(redirect: string | null | undefined): string {
  if (redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\')) {
    return redirect;
  }
  return '/home';
}
