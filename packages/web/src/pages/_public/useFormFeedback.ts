import { useCallback, useState } from 'react';
import type { FormInstance } from 'antd';
import { placeRefusal } from './refusal';

type Feedback = {
  /** A refusal that belongs to no field of the form, shown above the submit button. */
  alert: string | null;
  clearAlert: () => void;
  /** Puts an ApiError on the form: field messages on their fields, the rest in the alert. */
  onError: (err: unknown) => void;
};

/** Server refusals on an antd form (refusal.ts says where each message goes). */
export function useFormFeedback(form: FormInstance, fields: readonly string[]): Feedback {
  const [alert, setAlert] = useState<string | null>(null);

  const onError = useCallback(
    (err: unknown) => {
      const placed = placeRefusal(err, fields);
      if (!placed) return;
      if (placed.onForm.length > 0) form.setFields(placed.onForm);
      setAlert(placed.alert);
    },
    [form, fields],
  );

  const clearAlert = useCallback(() => setAlert(null), []);
  return { alert, clearAlert, onError };
}
