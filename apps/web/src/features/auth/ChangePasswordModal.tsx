import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordBody } from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { KeyIcon, LogoutIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { forgetKnownPassword, takeKnownPassword } from './completeLogin.ts';
import { FormField } from './fields.tsx';
import { loadMemberInfo } from './member.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { showNotice } from './notice.ts';
import { signOut } from './signOut.ts';
import { confirmation, refusal, showFieldErrors } from './validation.ts';

const schema = changePasswordBody.superRefine(confirmation);
type Form = z.input<typeof schema>;

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
  // The current password the login just gave is not asked again.
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: known ?? '', newPassword: '', confirmNewPassword: '' },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);
  const [formError, setFormError] = useState<string | null>(null);

  function close() {
    forgetKnownPassword();
    onClose();
  }

  async function submit(body: Form) {
    setFormError(null);
    try {
      await api(accountEndpoints.changePassword, { body });
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
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
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
      <form ref={focus.ref} className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
        {forced ? <FormMessage tone="info">{t('auth.changePassword.forcedLead')}</FormMessage> : null}
        <div className="auth-form__fields">
          {known === null ? (
            <FormField
              control={form.control}
              name="oldPassword"
              label={t('auth.fields.oldPassword')}
              type="password"
              required
              data-autofocus
              autoComplete="current-password"
              maxLength={128}
            />
          ) : null}
          <NewPasswordFields control={form.control} autoFocus={known !== null} />
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
          <Button type="submit" size="lg" icon={<KeyIcon />} loading={form.formState.isSubmitting}>
            {t('auth.changePassword.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
