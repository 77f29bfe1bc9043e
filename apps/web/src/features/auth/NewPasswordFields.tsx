import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { PASSWORD_LENGTH, schemaText } from './validation.ts';

/** The new password and its confirmation, as every password form of the accounts area asks for them. */
export function NewPasswordFields<
  T extends FieldValues & { newPassword: string; confirmNewPassword?: string },
>({ control, autoFocus = false }: { control: Control<T>; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const length = t('validation.passwordLength', PASSWORD_LENGTH);
  return (
    <>
      <Controller
        control={control}
        name={'newPassword' as Path<T>}
        render={({ field, fieldState }) => (
          <Field
            ref={field.ref}
            label={t('auth.fields.newPassword')}
            type="password"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={schemaText(t, fieldState.error, { length })}
            hint={length}
            required
            data-autofocus={autoFocus ? true : undefined}
            autoComplete="new-password"
            maxLength={PASSWORD_LENGTH.max}
          />
        )}
      />
      <Controller
        control={control}
        name={'confirmNewPassword' as Path<T>}
        render={({ field, fieldState }) => (
          <Field
            ref={field.ref}
            label={t('auth.fields.confirmNewPassword')}
            type="password"
            value={field.value ?? ''}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={schemaText(t, fieldState.error)}
            required
            autoComplete="new-password"
            maxLength={PASSWORD_LENGTH.max}
          />
        )}
      />
    </>
  );
}
