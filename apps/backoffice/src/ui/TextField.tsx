import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { classNames } from './classNames.ts';
import { Field, type FieldOptions, splitFieldOptions } from './Field.tsx';

export interface TextFieldProps
  extends FieldOptions,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'required'> {}

export function TextField({ className, ...props }: TextFieldProps) {
  const [field, input] = splitFieldOptions(props);
  return (
    <Field {...field}>
      {(attributes) => <input {...attributes} className={classNames('input', className)} {...input} />}
    </Field>
  );
}

export interface TextAreaProps
  extends FieldOptions,
    Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'required'> {}

export function TextArea({ className, ...props }: TextAreaProps) {
  const [field, textarea] = splitFieldOptions(props);
  return (
    <Field {...field}>
      {(attributes) => (
        <textarea {...attributes} className={classNames('input', 'textarea', className)} {...textarea} />
      )}
    </Field>
  );
}
