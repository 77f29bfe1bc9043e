import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { KeyIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { openAuthModal } from './authModal.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { errorCode, type FieldErrors, newPasswordProblems, refusal } from './validation.ts';

/**
 * The page the e-mailed reset link opens (/login#resetToken=…, see the server's sendResetMail): a new password
 * and its confirmation. The link works once; afterwards the login pop-up opens with the user name filled in.
 */
export function ResetPasswordModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const focus = useFirstInvalidFocus();
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = newPasswordProblems(t, password, confirm);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focus.refused();
      return;
    }
    setBusy(true);
    try {
      const result = await api(accountEndpoints.resetPassword, {
        body: { token, newPassword: password, confirmNewPassword: confirm },
      });
      openAuthModal('login', { username: result.userName, notice: 'passwordReset' });
    } catch (cause) {
      if (errorCode(cause) === 'reset_link_invalid') setLinkDead(true);
      const refused = refusal(t, cause, { shown: ['newPassword', 'confirmNewPassword'] });
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('auth.reset.title')} width={460} className="auth-modal">
      <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="auth-form__lead">{t('auth.reset.lead')}</p>
        <div className="auth-form__fields">
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors}
            autoFocus
          />
        </div>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {linkDead ? (
          <Button variant="secondary" size="lg" onClick={() => openAuthModal('forgot')}>
            {t('auth.reset.newLink')}
          </Button>
        ) : (
          <Button type="submit" size="lg" className="auth-form__submit" icon={<KeyIcon />} loading={busy}>
            {t('auth.reset.submit')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
