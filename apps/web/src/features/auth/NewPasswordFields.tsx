import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field.tsx';
import { PASSWORD_LENGTH } from './validation.ts';

/** The new password and its confirmation, as every password form of the accounts area asks for them. */
export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  autoFocus = false,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { newPassword?: string; confirmNewPassword?: string };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('auth.fields.newPassword')}
        type="password"
        value={password}
        onChange={onPassword}
        error={errors.newPassword}
        hint={t('validation.passwordLength', PASSWORD_LENGTH)}
        required
        data-autofocus={autoFocus ? true : undefined}
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
      <Field
        label={t('auth.fields.confirmNewPassword')}
        type="password"
        value={confirm}
        onChange={onConfirm}
        error={errors.confirmNewPassword}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
    </>
  );
}
