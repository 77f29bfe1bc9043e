import { type InputHTMLAttributes, type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EyeIcon, EyeOffIcon } from './icons.tsx';
import './form.css';

export interface FieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'prefix'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message beside the field (§5: validation messages appear beside the field). */
  error?: string | undefined;
  /** A hint under the field, such as the rule the value must follow. */
  hint?: string | undefined;
  /** Marked with an asterisk and aria-required. */
  required?: boolean;
  /** A control after the input, inside the field's frame (a send button, a captcha image). */
  addon?: ReactNode;
  /** A control before the input (the country-code picker). */
  prefix?: ReactNode;
  /** The input itself, e.g. a form library's field ref, so a refused submit can focus it. */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled text input with its message beside it: the label names the input, the error and hint describe it,
 * and an invalid value is marked aria-invalid. Passwords get a show/hide button.
 */
export function Field({
  label,
  value,
  onChange,
  error,
  hint,
  required = false,
  addon,
  prefix,
  type = 'text',
  id,
  className,
  ...input
}: FieldProps) {
  const { t } = useTranslation();
  const ownId = useId();
  const inputId = id ?? ownId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const [revealed, setRevealed] = useState(false);
  const password = type === 'password';
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['field', error ? 'field--invalid' : '', className].filter(Boolean).join(' ')}>
      <div className="field__label">
        <label htmlFor={inputId}>{label}</label>
        {required ? (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        ) : null}
      </div>
      <div className="field__frame">
        {prefix}
        <input
          {...input}
          id={inputId}
          className="field__input"
          type={password && revealed ? 'text' : type}
          value={value}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {password ? (
          <button
            type="button"
            className="field__reveal"
            aria-label={revealed ? t('form.hidePassword') : t('form.showPassword')}
            aria-pressed={revealed}
            title={revealed ? t('form.hidePassword') : t('form.showPassword')}
            onClick={() => setRevealed(!revealed)}
          >
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        ) : null}
        {addon}
      </div>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface CheckboxProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  required?: boolean;
}

/** A checkbox with its label, and its message beside it. */
export function Checkbox({ label, checked, onChange, error, required = false }: CheckboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'check check--invalid' : 'check'}>
      <input
        id={id}
        type="checkbox"
        className="check__box"
        checked={checked}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="check__label">
        {label}
      </label>
      {error ? (
        <p id={errorId} className="field__error check__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A form-level message: a refusal from the server (role alert) or a success (role status). */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-message form-message--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
