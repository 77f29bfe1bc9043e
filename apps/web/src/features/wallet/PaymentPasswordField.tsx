import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';

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
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          ref={field.ref}
          label={t('wallet.paymentPassword')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={6}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error ? t('wallet.errors.paymentPassword') : serverError}
          required
        />
      )}
    />
  );
}
