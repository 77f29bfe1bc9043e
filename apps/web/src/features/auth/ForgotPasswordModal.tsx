import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { forgotPasswordEmailBody, resetPasswordByPhoneBody } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { FormMessage } from '../../ui/Field.tsx';
import { HeadsetIcon, MailIcon, PhoneIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { FormField, SmsFields, visitorSms } from './fields.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useFlag } from './queries.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import { confirmation, refusal, showFieldErrors } from './validation.ts';

type Method = 'email' | 'mobileNum';
/** An e-mail address, checked before sending ('invalid_format'); the server answers whether it is the account's. */
const emailAddress = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'invalid_format');
type EmailForm = z.input<typeof forgotPasswordEmailBody>;
const mobileSchema = resetPasswordByPhoneBody.superRefine(confirmation);
type MobileForm = z.input<typeof mobileSchema>;

/** Forgot password by e-mail: user name and e-mail (form-urlencoded); the member receives a single-use link. */
function EmailForm() {
  const { t } = useTranslation();
  const customerService = useCustomerService();
  const form = useForm<EmailForm>({
    resolver: zodResolver(forgotPasswordEmailBody.extend({ email: emailAddress })),
    defaultValues: { username: '', email: '' },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  async function submit(body: EmailForm) {
    setFormError(null);
    try {
      await api(accountEndpoints.forgotPasswordEmail, { body });
      setSent(true);
    } catch (cause) {
      const refused = refusal(t, cause);
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
    }
  }

  if (sent) {
    return (
      <div className="auth-form">
        <FormMessage tone="success">{t('auth.forgot.emailSent')}</FormMessage>
        <Button size="lg" onClick={() => openAuthModal('login')}>
          {t('auth.forgot.backToLogin')}
        </Button>
      </div>
    );
  }
  return (
    <form ref={focus.ref} className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="auth-form__fields">
        <FormField
          control={form.control}
          name="username"
          label={t('auth.fields.username')}
          required
          data-autofocus
          autoComplete="username"
          maxLength={64}
        />
        <FormField
          control={form.control}
          name="email"
          texts={{ format: t('validation.emailInvalid') }}
          label={t('auth.fields.email')}
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={200}
        />
      </div>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" size="lg" className="auth-form__submit" loading={form.formState.isSubmitting}>
        {t('auth.forgot.sendLink')}
      </Button>
      <p className="auth-form__switch">
        {t('auth.forgot.needHelp')}{' '}
        <button type="button" className="link-button" onClick={customerService.open}>
          <HeadsetIcon />
          {t('status.customerService')}
        </button>
      </p>
      {customerService.dialog}
    </form>
  );
}

/** Forgot password by phone (CHNGPASSVERIF3): mobile number, SMS code and a new password; success logs in. */
function MobileForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { goHome } = useAuthNavigation();
  const form = useForm<MobileForm>({
    resolver: zodResolver(mobileSchema),
    defaultValues: {
      mobileNum: '',
      countryDialingCode: undefined,
      verificationCode: '',
      newPassword: '',
      confirmNewPassword: '',
    },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);
  const [formError, setFormError] = useState<string | null>(null);

  async function submit(body: MobileForm) {
    setFormError(null);
    try {
      const value = await api(accountEndpoints.resetPasswordByPhone, { body });
      await completeLogin(value, 'resetPassword', { queryClient, goHome });
    } catch (cause) {
      const refused = refusal(t, cause);
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
    }
  }

  return (
    <form ref={focus.ref} className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
      <div className="auth-form__fields">
        <SmsFields
          send={visitorSms('resetPassword')}
          form={form}
          names={{ mobile: 'mobileNum', dialingCode: 'countryDialingCode', code: 'verificationCode' }}
        />
        <NewPasswordFields control={form.control} />
      </div>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" size="lg" className="auth-form__submit" loading={form.formState.isSubmitting}>
        {t('auth.forgot.setPassword')}
      </Button>
    </form>
  );
}

/** The forgot-password modal (§2 forgetPassModal): method tabs email and mobileNum (CHNGPASSVERIF3). */
export function ForgotPasswordModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const byPhone = useFlag('CHNGPASSVERIF3');
  const [chosen, setChosen] = useState<Method>('email');
  const method: Method = byPhone ? chosen : 'email';
  const tabs = [
    { key: 'email' as const, label: t('auth.forgot.tabEmail'), icon: <MailIcon /> },
    ...(byPhone
      ? [{ key: 'mobileNum' as const, label: t('auth.forgot.tabMobile'), icon: <PhoneIcon /> }]
      : []),
  ];
  return (
    <Modal open onClose={onClose} title={t('auth.forgot.title')} width={480} className="auth-modal">
      <div className="auth-form">
        <p className="auth-form__lead">{t('auth.forgot.prompt')}</p>
        <Tabs label={t('auth.forgot.method')} tabs={tabs} selected={method} onSelect={setChosen}>
          {method === 'email' ? <EmailForm /> : <MobileForm />}
        </Tabs>
        <p className="auth-form__switch">
          <button type="button" className="link-button" onClick={() => openAuthModal('login')}>
            {t('auth.forgot.backToLogin')}
          </button>
        </p>
      </div>
    </Modal>
  );
}
