import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './fields.tsx';
import { PASSWORD_LENGTH } from './validation.ts';

/** The new password and its confirmation, as every password form of the accounts area asks for them. */
export function NewPasswordFields<
  T extends FieldValues & { newPassword: string; confirmNewPassword?: string },
>({ control, autoFocus = false }: { control: Control<T>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const length = t('validation.passwordLength', PASSWORD_LENGTH);
  return (
    <>
      <FormField
        control={control}
        name={'newPassword' as Path<T>}
        texts={{ length }}
        label={t('auth.fields.newPassword')}
        type="password"
        hint={length}
        required
        data-autofocus={autoFocus ? true : undefined}
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
      <FormField
        control={control}
        name={'confirmNewPassword' as Path<T>}
        label={t('auth.fields.confirmNewPassword')}
        type="password"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
    </>
  );
}
