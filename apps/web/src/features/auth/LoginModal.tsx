import { useQueryClient } from '@tanstack/react-query';
import { Tabs } from '@tessera/ui/tabs';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { Checkbox, Field, FormMessage } from '../../ui/Field.tsx';
import { GamepadIcon, LockIcon, PhoneIcon, UserIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { useWhitelabel } from '../site/queries.ts';
import { type AuthModalOptions, openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { type CaptchaAnswer, CaptchaField, NoLoginSmsFields } from './fields.tsx';
import { useModuleFlags } from './queries.ts';
import { rememberedLogin, rememberLogin } from './remember.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import {
  errorCode,
  errorText,
  type FieldErrors,
  mobileProblem,
  refusal,
  serverFieldErrors,
  smsCodeProblem,
} from './validation.ts';

type LoginTab = 'username' | 'sms';

/**
 * The login pop-up (§2 loginPopupModal, §4 login): tabs username and sms (sms only with MOBILEVERCODELOGIN3),
 * remember me, the captcha once the server asks for it, links to forgotten password and registration, and
 * free play (FREEPLAY3).
 */
export function LoginModal({ options, onClose }: { options: AuthModalOptions; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { goHome, leaveModalPath } = useAuthNavigation();
  const flags = useModuleFlags().data ?? {};
  const smsLogin = flags.MOBILEVERCODELOGIN3 ?? false;
  const freePlay = flags.FREEPLAY3 ?? false;
  const brand = useWhitelabel().data?.brand ?? 'tessera';
  const remembered = useMemo(() => rememberedLogin(brand), [brand]);

  const [chosenTab, setChosenTab] = useState<LoginTab | null>(null);
  const tab: LoginTab = smsLogin ? (chosenTab ?? (remembered.sms ? 'sms' : 'username')) : 'username';
  const [username, setUsername] = useState(options.username ?? remembered.username);
  const [password, setPassword] = useState('');
  const [mobile, setMobile] = useState(remembered.sms?.mobileNum ?? '');
  const [dialingCode, setDialingCode] = useState(remembered.sms?.countryDialingCode ?? '');
  const [smsCode, setSmsCode] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaAfterFailures, setCaptchaAfterFailures] = useState(false);
  const focus = useFirstInvalidFocus();
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captcha: '' });
  const [captchaReset, setCaptchaReset] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'login' | 'freePlay' | null>(null);

  function selectTab(next: LoginTab) {
    setChosenTab(next);
    setErrors({});
    setFormError(null);
  }

  function check(): FieldErrors {
    const found: FieldErrors = {};
    if (tab === 'username') {
      if (!username.trim()) found.username = t('validation.required');
      if (!password) found.password = t('validation.required');
    } else {
      const mobileError = mobileProblem(t, mobile);
      if (mobileError) found.mobileNum = mobileError;
      const codeError = smsCodeProblem(t, smsCode);
      if (codeError) found.smsCode = codeError;
    }
    if (captchaShown && !captcha.captcha.trim()) found.captcha = t('validation.required');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) {
      focus.refused();
      return;
    }
    setBusy('login');
    const answer = captchaShown ? { captcha: captcha.captcha.trim() } : {};
    try {
      const value =
        tab === 'username'
          ? await api(accountEndpoints.login, {
              body: { type: 'username', username: username.trim(), password, ...answer },
            })
          : await api(accountEndpoints.login, {
              body: {
                type: 'sms',
                username: mobile,
                password: smsCode,
                countryDialingCode: dialingCode,
                ...answer,
              },
            });
      rememberLogin(
        brand,
        remember,
        tab === 'username'
          ? { type: 'username', username: username.trim() }
          : { type: 'sms', mobileNum: mobile, countryDialingCode: dialingCode },
      );
      leaveModalPath();
      await completeLogin(value, tab, { queryClient, goHome, password });
    } catch (cause) {
      const code = errorCode(cause);
      const rename: Record<string, string> =
        tab === 'sms' ? { username: 'mobileNum', password: 'smsCode', verificationCode: 'smsCode' } : {};
      // §4: a refusal that carries a captcha requirement shows the captcha, saying why; every failure resets it.
      if (
        serverFieldErrors(cause, rename).captcha ||
        code === 'captcha_required' ||
        code === 'captcha_invalid'
      ) {
        if (!captchaShown) setCaptchaAfterFailures(true);
        setCaptchaShown(true);
      }
      setCaptchaReset((n) => n + 1);
      setPassword('');
      const refused = refusal(t, cause, {
        rename,
        shown:
          code === 'captcha_invalid' ? ['captcha'] : tab === 'sms' ? ['mobileNum', 'smsCode'] : ['username'],
      });
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
    } finally {
      setBusy(null);
    }
  }

  async function playFree() {
    if (busy) return;
    setBusy('freePlay');
    setFormError(null);
    try {
      const random = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16)).join('');
      const value = await api(accountEndpoints.freePlay, {
        body: { platform: 'W', os: navigator.platform.slice(0, 40), random, gatewayVersion: 3 },
      });
      await completeLogin(value, 'freeplay', { queryClient, goHome });
    } catch (cause) {
      setFormError(errorText(t, cause));
    } finally {
      setBusy(null);
    }
  }

  const tabs = [
    { key: 'username' as const, label: t('auth.login.tabUsername'), icon: <UserIcon /> },
    ...(smsLogin ? [{ key: 'sms' as const, label: t('auth.login.tabSms'), icon: <PhoneIcon /> }] : []),
  ];

  return (
    <Modal open onClose={onClose} title={t('auth.login.title')} width={460} className="auth-modal">
      <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="auth-form__lead">{t('auth.login.lead')}</p>
        {options.notice === 'passwordReset' ? (
          <FormMessage tone="success">{t('auth.reset.done')}</FormMessage>
        ) : null}
        <Tabs label={t('auth.login.method')} tabs={tabs} selected={tab} onSelect={selectTab}>
          <div className="auth-form__fields">
            {tab === 'username' ? (
              <>
                <Field
                  label={t('auth.fields.username')}
                  value={username}
                  onChange={setUsername}
                  error={errors.username}
                  required
                  data-autofocus={username ? undefined : true}
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={64}
                />
                <Field
                  label={t('auth.fields.password')}
                  type="password"
                  value={password}
                  onChange={setPassword}
                  error={errors.password}
                  required
                  data-autofocus={username ? true : undefined}
                  autoComplete="current-password"
                  maxLength={128}
                />
              </>
            ) : (
              <NoLoginSmsFields
                purpose="login"
                mobile={mobile}
                onMobile={setMobile}
                countryDialingCode={dialingCode}
                onCountry={setDialingCode}
                code={smsCode}
                onCode={setSmsCode}
                codeField="smsCode"
                errors={errors}
                setErrors={setErrors}
              />
            )}
            {captchaShown && captchaAfterFailures ? (
              <p className="auth-form__note field--wide" role="status">
                {t('auth.login.captchaWhy')}
              </p>
            ) : null}
            {captchaShown ? (
              <CaptchaField
                value={captcha}
                onChange={setCaptcha}
                error={errors.captcha}
                resetKey={captchaReset}
              />
            ) : null}
          </div>
        </Tabs>
        <div className="auth-form__row">
          <Checkbox label={t('auth.login.remember')} checked={remember} onChange={setRemember} />
          <button type="button" className="link-button" onClick={() => openAuthModal('forgot')}>
            {t('auth.login.forgot')}
          </button>
        </div>
        {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
        <Button
          type="submit"
          size="lg"
          className="auth-form__submit"
          icon={<LockIcon />}
          loading={busy === 'login'}
        >
          {t('auth.login.submit')}
        </Button>
        <p className="auth-form__switch">
          {t('auth.login.noAccount')}{' '}
          <button type="button" className="link-button" onClick={() => openAuthModal('register')}>
            {t('auth.login.toRegister')}
          </button>
        </p>
        {freePlay ? (
          <div className="auth-form__free">
            <span className="auth-form__divider">{t('auth.login.or')}</span>
            <Button
              variant="accent"
              size="lg"
              icon={<GamepadIcon />}
              loading={busy === 'freePlay'}
              onClick={() => void playFree()}
            >
              {t('auth.freePlay.button')}
            </Button>
            <p className="auth-form__hint">{t('auth.freePlay.hint')}</p>
          </div>
        ) : null}
      </form>
    </Modal>
  );
}
