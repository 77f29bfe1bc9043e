import type { SelectHTMLAttributes } from 'react';
import { classNames } from './classNames.ts';
import { Field, type FieldOptions, splitFieldOptions } from './Field.tsx';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps
  extends FieldOptions,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'required'> {
  options: readonly SelectOption[];
}

export function Select({ options, className, ...props }: SelectProps) {
  const [field, select] = splitFieldOptions(props);
  return (
    <Field {...field}>
      {(attributes) => (
        <div className="select-wrap">
          <select {...attributes} className={classNames('input', 'select', className)} {...select}>
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
    </Field>
  );
}
