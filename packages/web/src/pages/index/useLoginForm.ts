import { useCallback, useRef, useState } from 'react';
import { baseMessage as message } from '@vitrine/contract';
import { useLang } from '../../i18n';
import { checkValue, PHONE, SMS_CODE } from '../_public/rules';
import { placeRefusal } from '../_public/refusal';

export type Mode = 'password' | 'sms';
export type Field = 'un' | 'pw' | 'code';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const FIELDS: readonly Field[] = ['un', 'pw', 'code'];
const EMPTY: Values = { un: '', pw: '', code: '' };

/** The fields a mode submits: the phone with the password, or with the SMS code. */
export const fieldsOf = (mode: Mode): Field[] => (mode === 'password' ? ['un', 'pw'] : ['un', 'code']);

/**
 * The login panel's form without antd (decisions/0119), checked as the antd forms check: the
 * contract's schemas (rules.ts) give the messages in the user's language; a field is checked on
 * submit, then on every change, as antd does once a field has shown a message.
 */
export function useLoginForm() {
  const lang = useLang();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const checked = useRef(new Set<Field>());
  const runs = useRef<Record<Field, number>>({ un: 0, pw: 0, code: 0 });

  /** Checks one field and shows its message; the answer of an older check is dropped. */
  const check = useCallback(
    async (field: Field, value: string): Promise<boolean> => {
      checked.current.add(field);
      const run = ++runs.current[field];
      const error =
        field === 'un'
          ? await checkValue(PHONE, value, lang)
          : field === 'code'
            ? await checkValue(SMS_CODE, value, lang)
            : value
              ? null
              : message('field.required', lang);
      if (run === runs.current[field]) setErrors((was) => ({ ...was, [field]: error ?? undefined }));
      return error === null;
    },
    [lang],
  );

  const change = (field: Field, value: string) => {
    setValues((was) => ({ ...was, [field]: value }));
    setAlert(null);
    if (checked.current.has(field)) void check(field, value);
  };

  /** Checks the fields; the first that is not valid, or null. */
  const validate = async (fields: readonly Field[]): Promise<Field | null> => {
    const results = await Promise.all(fields.map((field) => check(field, values[field])));
    return fields.find((_field, i) => !results[i]) ?? null;
  };

  /** Forgets the messages of the password and code fields (on switching tabs). */
  const resetSecrets = () => {
    setAlert(null);
    for (const field of ['pw', 'code'] as const) {
      checked.current.delete(field);
      runs.current[field]++;
    }
    setErrors((was) => ({ un: was.un }));
  };

  /** A refusal from the server: its field messages on the fields, the rest in the alert. */
  const refuse = useCallback((err: unknown) => {
    const placed = placeRefusal(err, FIELDS);
    if (!placed) return;
    if (placed.onForm.length > 0) {
      setErrors((was) => ({ ...was, ...Object.fromEntries(placed.onForm.map((f) => [f.name, f.errors.join(' ')])) }));
    }
    setAlert(placed.alert);
  }, []);

  return { values, errors, alert, setAlert, change, validate, resetSecrets, refuse };
}
