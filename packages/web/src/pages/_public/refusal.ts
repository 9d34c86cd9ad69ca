import { ApiError, fieldErrors } from '../../api/client';

export type FieldRefusal = { name: string; errors: string[] };

/**
 * Where a server refusal belongs on a form: messages for the form's own `fields` on those fields,
 * the rest (and a refusal naming no field of the form) in an alert; null when there is nothing to
 * show, because it is no ApiError or the client already showed it (network errors and the spec §8
 * catalogue: 65536, 10017). `msg` is already in the user's language.
 */
export function placeRefusal(
  err: unknown,
  fields: readonly string[],
): { onForm: FieldRefusal[]; alert: string | null } | null {
  if (!(err instanceof ApiError) || err.handled) return null;
  const entries = fieldErrors(err);
  const onForm = entries.filter((entry) => fields.includes(entry.name));
  const elsewhere = entries.filter((entry) => !fields.includes(entry.name));
  const alert =
    onForm.length === 0 || elsewhere.length > 0
      ? [err.message, ...elsewhere.flatMap((entry) => entry.errors)].filter(Boolean).join(' · ')
      : null;
  return { onForm, alert };
}
