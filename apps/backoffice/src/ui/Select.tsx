import { type ReactNode, type SelectHTMLAttributes, useId } from 'react';
import { describedBy, Field } from './Field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  hideLabel?: boolean;
  fieldClassName?: string;
}

export function Select({
  label,
  options,
  hint,
  error,
  hideLabel,
  fieldClassName,
  className,
  required,
  ...rest
}: SelectProps) {
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
      <div className="select-wrap">
        <select
          id={id}
          className={['input', 'select', className ?? ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy(id, hint, error)}
          {...rest}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
