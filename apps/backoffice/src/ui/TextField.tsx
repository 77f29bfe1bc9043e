import { type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './Field.tsx';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  hideLabel?: boolean;
  fieldClassName?: string;
}

export function TextField({
  label,
  hint,
  error,
  hideLabel,
  fieldClassName,
  className,
  required,
  ...rest
}: TextFieldProps) {
  const id = useId();
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      required={required}
      hideLabel={hideLabel}
      className={fieldClassName}
    >
      <input
        id={id}
        className={['input', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </Field>
  );
}

export interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  fieldClassName?: string;
}

export function TextArea({
  label,
  hint,
  error,
  fieldClassName,
  className,
  required,
  ...rest
}: TextAreaProps) {
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} className={fieldClassName}>
      <textarea
        id={id}
        className={['input', 'textarea', className ?? ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
    </Field>
  );
}
