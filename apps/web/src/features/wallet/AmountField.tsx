import type { ReactNode } from 'react';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../auth/fields.tsx';
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
    <FormField
      control={control}
      name={name}
      label={t('wallet.amount')}
      inputMode="decimal"
      describe={(error) => schemaMessage(t, error)}
      serverError={serverError}
      hint={hint}
      required
      addon={addon}
    />
  );
}
