import { type ReactNode, useId } from 'react';
import { classNames } from './classNames.ts';

/** What a labelled control takes besides the attributes of its own element. */
export interface FieldOptions {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  hideLabel?: boolean;
  /** The class of the field around the control; `className` is the control's own. */
  fieldClassName?: string;
}

/** The attributes that tie a control to the label, hint and error of its field. */
export interface ControlAttributes {
  id: string;
  'aria-invalid': true | undefined;
  'aria-required': true | undefined;
  'aria-describedby': string | undefined;
}

/** Separates a control's props into the field's options and the attributes of the control element. */
export function splitFieldOptions<P extends FieldOptions>({
  label,
  hint,
  error,
  required,
  hideLabel,
  fieldClassName,
  ...control
}: P) {
  return [
    { label, hint, error, required, hideLabel, fieldClassName } satisfies FieldOptions,
    control,
  ] as const;
}

/** A label, a control, a hint and the server's message for that field, in one column. */
export function Field({
  label,
  hint,
  error,
  required,
  hideLabel,
  fieldClassName,
  children,
}: FieldOptions & { children: (attributes: ControlAttributes) => ReactNode }) {
  const id = useId();
  return (
    <div className={classNames('field', error && 'field-invalid', fieldClassName)}>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'field-label'}>
        {label}
        {required ? (
          <span className="field-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-required': required || undefined,
        'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
