import { zodResolver } from '@hookform/resolvers/zod';
import { resetPasswordBody } from '@tessera/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { KeyIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { openAuthModal } from './authModal.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { confirmation, errorCode, refusal, showFieldErrors } from './validation.ts';

/** The link's token travels beside the form: the server answers an unusable one (reset_link_invalid). */
const schema = resetPasswordBody.omit({ token: true }).superRefine(confirmation);
type Form = z.input<typeof schema>;

/**
 * The page the e-mailed reset link opens (/login#resetToken=…, see the server's sendResetMail): a new password
 * and its confirmation. The link works once; afterwards the login pop-up opens with the user name filled in.
 */
export function ResetPasswordModal({ token, onClose }: { token: string; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm<Form>({
    resolver: zodResolver(schema),
    defaultValues: { newPassword: '', confirmNewPassword: '' },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);

  async function submit(body: Form) {
    setFormError(null);
    try {
      const result = await api(accountEndpoints.resetPassword, { body: { ...body, token } });
      openAuthModal('login', { username: result.userName, notice: 'passwordReset' });
    } catch (cause) {
      if (errorCode(cause) === 'reset_link_invalid') setLinkDead(true);
      const refused = refusal(t, cause, { shown: ['newPassword', 'confirmNewPassword'] });
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
    }
  }

  return (
    <Modal open onClose={onClose} title={t('auth.reset.title')} width={460} className="auth-modal">
      <form ref={focus.ref} className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
        <p className="auth-form__lead">{t('auth.reset.lead')}</p>
        <div className="auth-form__fields">
          <NewPasswordFields control={form.control} autoFocus />
        </div>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        {linkDead ? (
          <Button variant="secondary" size="lg" onClick={() => openAuthModal('forgot')}>
            {t('auth.reset.newLink')}
          </Button>
        ) : (
          <Button
            type="submit"
            size="lg"
            className="auth-form__submit"
            icon={<KeyIcon />}
            loading={form.formState.isSubmitting}
          >
            {t('auth.reset.submit')}
          </Button>
        )}
      </form>
    </Modal>
  );
}
