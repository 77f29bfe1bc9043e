import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../auth/fields.tsx';

/** The six-digit payment password that confirms money leaving the account (withdrawals, transfers). */
export function PaymentPasswordField<T extends FieldValues>({
  control,
  name,
  serverError,
}: {
  control: Control<T>;
  name: Path<T>;
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name={name}
      label={t('wallet.paymentPassword')}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={6}
      describe={(error) => (error ? t('wallet.errors.paymentPassword') : undefined)}
      serverError={serverError}
      required
    />
  );
}
