import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { schemaMessage } from './form.ts';

/** The amount of a money form: decimal keyboard, the schema's or the server's message beside it. */
export function AmountField<T extends FieldValues>({
  control,
  name,
  serverError,
  hint,
  addon,
}: {
  control: Control<T>;
  name: Path<T>;
  serverError?: string | undefined;
  hint?: string;
  addon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          ref={field.ref}
          label={t('wallet.amount')}
          inputMode="decimal"
          value={String(field.value ?? '')}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={schemaMessage(t, fieldState.error) ?? serverError}
          hint={hint}
          required
          addon={addon}
        />
      )}
    />
  );
}
