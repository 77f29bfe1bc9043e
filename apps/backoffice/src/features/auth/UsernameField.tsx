import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from '../../ui/TextField.tsx';

/** An operator's username, kept as typed: no capital letters or spelling corrections from the browser. */
export function UsernameField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation();
  return <TextField label={t('auth.username')} autoCapitalize="none" spellCheck={false} {...props} />;
}
