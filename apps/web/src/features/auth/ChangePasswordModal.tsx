import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { KeyIcon, LogoutIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { forgetKnownPassword, takeKnownPassword } from './completeLogin.ts';
import { loadMemberInfo } from './member.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { showNotice } from './notice.ts';
import { signOut } from './signOut.ts';
import { type FieldErrors, newPasswordProblems, refusal } from './validation.ts';

/**
 * The change-password modal (§2 changePassModal, §3 change password). Forced after a login with the default
 * password 123456 or an expired one (PWDEXPFORCECHANGE3): then it cannot be dismissed, only answered or left by
 * signing out, and the current password is not asked again when the login just gave it. After a change the login
 * info loads, the modal closes and the site goes to /.
 */
export function ChangePasswordModal({ forced, onClose }: { forced: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [known] = useState(() => (forced ? takeKnownPassword() : null));
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const focus = useFirstInvalidFocus();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function close() {
    forgetKnownPassword();
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = newPasswordProblems(t, password, confirm);
    if (known === null && !oldPassword) found.oldPassword = t('validation.required');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focus.refused();
      return;
    }
    setBusy(true);
    try {
      await api(accountEndpoints.changePassword, {
        body: { oldPassword: known ?? oldPassword, newPassword: password, confirmNewPassword: confirm },
      });
      forgetKnownPassword();
      try {
        await loadMemberInfo(queryClient);
      } catch {
        // The header fills in later.
      }
      showNotice({ kind: 'passwordChanged' });
      onClose();
      navigate('/');
    } catch (cause) {
      const refused = refusal(t, cause, {
        shown:
          known === null
            ? ['oldPassword', 'newPassword', 'confirmNewPassword']
            : ['newPassword', 'confirmNewPassword'],
      });
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
    } finally {
      setBusy(false);
    }
  }

  async function leave() {
    forgetKnownPassword();
    onClose();
    await signOut(queryClient, () => navigate('/index'));
  }

  return (
    <Modal
      open
      onClose={close}
      dismissible={!forced}
      title={forced ? t('auth.changePassword.forcedTitle') : t('auth.changePassword.title')}
      width={460}
      className="auth-modal"
    >
      <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        {forced ? <FormMessage tone="info">{t('auth.changePassword.forcedLead')}</FormMessage> : null}
        <div className="auth-form__fields">
          {known === null ? (
            <Field
              label={t('auth.fields.oldPassword')}
              type="password"
              value={oldPassword}
              onChange={setOldPassword}
              error={errors.oldPassword}
              required
              data-autofocus
              autoComplete="current-password"
              maxLength={128}
            />
          ) : null}
          <NewPasswordFields
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors}
            autoFocus={known !== null}
          />
        </div>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <div className="auth-form__actions">
          {forced ? (
            <Button variant="secondary" size="lg" icon={<LogoutIcon />} onClick={() => void leave()}>
              {t('header.signOut')}
            </Button>
          ) : (
            <Button variant="secondary" size="lg" onClick={close}>
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" size="lg" icon={<KeyIcon />} loading={busy}>
            {t('auth.changePassword.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
