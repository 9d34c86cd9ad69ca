import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon } from '../_public/icons';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  icon: ReactNode;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field (role alert), linked to the input for screen readers. */
  error?: string;
  /** Drawn after the input on the same line (the send-code button). */
  addon?: ReactNode;
};

/** A labelled input of the login panel, with its icon, its message and, for a password, a show toggle. */
export function TextField({ id, label, icon, testId, value, onChange, error, addon, type = 'text', ...input }: Props) {
  const { t } = useTranslation('public');
  const [shown, setShown] = useState(false);
  const secret = type === 'password';
  return (
    <div className={error ? 'vt-field has-error' : 'vt-field'}>
      <label className="vt-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="vt-field-row">
        <div className="vt-input">
          <span className="vt-input-icon">{icon}</span>
          <input
            {...input}
            id={id}
            data-testid={testId}
            type={secret && shown ? 'text' : type}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {secret && (
            <button
              type="button"
              className="vt-input-toggle"
              aria-pressed={shown}
              aria-label={t('login.showPassword')}
              onClick={() => setShown((was) => !was)}
            >
              <EyeIcon />
            </button>
          )}
        </div>
        {addon}
      </div>
      {error && (
        <div className="vt-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
