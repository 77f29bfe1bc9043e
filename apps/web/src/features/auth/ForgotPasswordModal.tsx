import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from '@tessera/ui/tabs';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { Field, FormMessage } from '../../ui/Field.tsx';
import { HeadsetIcon, MailIcon, PhoneIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { useCustomerService } from '../customer-service/useCustomerService.tsx';
import { openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { NoLoginSmsFields } from './fields.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { useFlag } from './queries.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import {
  type FieldErrors,
  mobileProblem,
  newPasswordProblems,
  refusal,
  smsCodeProblem,
} from './validation.ts';

type Method = 'email' | 'mobileNum';

/** Forgot password by e-mail: user name and e-mail (form-urlencoded); the member receives a single-use link. */
function EmailForm() {
  const { t } = useTranslation();
  const customerService = useCustomerService();
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const focus = useFirstInvalidFocus();
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    if (!username.trim()) found.username = t('validation.required');
    if (!email.trim()) found.email = t('validation.required');
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) found.email = t('validation.emailInvalid');
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focus.refused();
      return;
    }
    setBusy(true);
    try {
      await api(accountEndpoints.forgotPasswordEmail, {
        body: { username: username.trim(), email: email.trim() },
      });
      setSent(true);
    } catch (cause) {
      const refused = refusal(t, cause);
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
    } finally {
      setBusy(false);
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
    <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="auth-form__fields">
        <Field
          label={t('auth.fields.username')}
          value={username}
          onChange={setUsername}
          error={errors.username}
          required
          data-autofocus
          autoComplete="username"
          maxLength={64}
        />
        <Field
          label={t('auth.fields.email')}
          type="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          required
          autoComplete="email"
          inputMode="email"
          maxLength={200}
        />
      </div>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" size="lg" className="auth-form__submit" loading={busy}>
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
  const [mobile, setMobile] = useState('');
  const [dialingCode, setDialingCode] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const focus = useFirstInvalidFocus();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found: FieldErrors = {};
    const add = (key: string, problem: string | null) => {
      if (problem) found[key] = problem;
    };
    add('mobileNum', mobileProblem(t, mobile));
    add('verificationCode', smsCodeProblem(t, code));
    Object.assign(found, newPasswordProblems(t, password, confirm));
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focus.refused();
      return;
    }
    setBusy(true);
    try {
      const value = await api(accountEndpoints.resetPasswordByPhone, {
        body: {
          mobileNum: mobile,
          countryDialingCode: dialingCode,
          verificationCode: code,
          newPassword: password,
          confirmNewPassword: confirm,
        },
      });
      await completeLogin(value, 'resetPassword', { queryClient, goHome });
    } catch (cause) {
      const refused = refusal(t, cause);
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="auth-form__fields">
        <NoLoginSmsFields
          purpose="resetPassword"
          mobile={mobile}
          onMobile={setMobile}
          countryDialingCode={dialingCode}
          onCountry={setDialingCode}
          code={code}
          onCode={setCode}
          codeField="verificationCode"
          errors={errors}
          setErrors={setErrors}
        />
        <NewPasswordFields
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={errors}
        />
      </div>
      {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
      <Button type="submit" size="lg" className="auth-form__submit" loading={busy}>
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
