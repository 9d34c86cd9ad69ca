import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { ApiError, fieldErrors } from '../../api/client';

type Feedback = {
  /** A refusal that belongs to no field of the form, shown above the submit button. */
  alert: string | null;
  clearAlert: () => void;
  /** Puts an ApiError on the form: field messages on their fields, the rest in the alert. */
  onError: (err: unknown) => void;
};

function fieldName(name: unknown): string {
  return Array.isArray(name) ? String(name[0]) : String(name);
}

/**
 * Server refusals come back as ApiError with `msg` already in the user's language and, for
 * validation, `fields`.
 */
export function useFormFeedback(form: FormInstance, fields: readonly string[]): Feedback {
  const [alert, setAlert] = useState<string | null>(null);

  const onError = useCallback(
    (err: unknown) => {
      // Network errors and the spec §8 catalogue (65536, 10017) were already shown by the client.
      if (!(err instanceof ApiError) || err.handled) return;
      const entries = fieldErrors(err);
      const onForm = entries.filter((entry) => fields.includes(fieldName(entry.name)));
      if (onForm.length > 0) form.setFields(onForm);
      const elsewhere = entries.filter((entry) => !fields.includes(fieldName(entry.name)));
      if (onForm.length === 0 || elsewhere.length > 0) {
        const details = elsewhere.flatMap((entry) => entry.errors ?? []);
        setAlert([err.message, ...details].filter(Boolean).join(' · '));
      } else {
        setAlert(null);
      }
    },
    [form, fields],
  );

  const clearAlert = useCallback(() => setAlert(null), []);
  return { alert, clearAlert, onError };
}
