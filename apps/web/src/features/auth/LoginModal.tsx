import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { smsLoginBody, usernameLoginBody } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { useMemo, useState } from 'react';
import { type Control, Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { Checkbox, FormMessage } from '../../ui/Field.tsx';
import { GamepadIcon, LockIcon, PhoneIcon, UserIcon } from '../../ui/icons.tsx';
import { Button, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { useWhitelabel } from '../site/queries.ts';
import { type AuthModalOptions, openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { CaptchaField, FormField, SmsFields, visitorSms } from './fields.tsx';
import { useModuleFlags } from './queries.ts';
import { rememberedLogin, rememberLogin } from './remember.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import {
  errorCode,
  errorText,
  refusal,
  schemaText,
  serverFieldErrors,
  showFieldErrors,
} from './validation.ts';

type LoginTab = 'username' | 'sms';
type UsernameLogin = z.input<typeof usernameLoginBody>;
/** The sms tab's username is the mobile number and its password the SMS code, as on the wire. */
type SmsLogin = z.input<typeof smsLoginBody>;

/** The captcha, once shown, is required (the contract's bodies leave it optional for the original's client). */
const captchaCheck =
  (shown: boolean) => (value: { captcha?: string | undefined }, context: z.RefinementCtx) => {
    if (shown && !value.captcha?.trim()) {
      context.addIssue({ code: 'custom', path: ['captcha'], message: 'required' });
    }
  };

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
  const [remember, setRemember] = useState(remembered.remember);
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaAfterFailures, setCaptchaAfterFailures] = useState(false);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'login' | 'freePlay' | null>(null);
  const usernameForm = useForm<UsernameLogin>({
    resolver: zodResolver(usernameLoginBody.superRefine(captchaCheck(captchaShown))),
    defaultValues: {
      type: 'username',
      username: options.username ?? remembered.username,
      password: '',
      captcha: '',
    },
    shouldFocusError: false,
  });
  const smsForm = useForm<SmsLogin>({
    resolver: zodResolver(smsLoginBody.superRefine(captchaCheck(captchaShown))),
    defaultValues: {
      type: 'sms',
      username: remembered.sms?.mobileNum ?? '',
      password: '',
      countryDialingCode: remembered.sms?.countryDialingCode ?? '',
      captcha: '',
    },
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(usernameForm.formState.submitCount + smsForm.formState.submitCount);
  const username = usernameForm.watch('username');

  function selectTab(next: LoginTab) {
    setChosenTab(next);
    usernameForm.clearErrors();
    smsForm.clearErrors();
    setFormError(null);
  }

  async function submit(body: UsernameLogin | SmsLogin) {
    if (busy) return;
    setFormError(null);
    setBusy('login');
    const answer = captchaShown ? { captcha: body.captcha?.trim() } : { captcha: undefined };
    try {
      const value = await api(accountEndpoints.login, { body: { ...body, ...answer } });
      rememberLogin(
        brand,
        remember,
        body.type === 'sms'
          ? { type: 'sms', mobileNum: body.username, countryDialingCode: body.countryDialingCode }
          : { type: 'username', username: body.username.trim() },
      );
      leaveModalPath();
      await completeLogin(value, tab, {
        queryClient,
        goHome,
        ...(body.type === 'sms' ? {} : { password: body.password }),
      });
    } catch (cause) {
      const code = errorCode(cause);
      const rename: Record<string, string> = tab === 'sms' ? { verificationCode: 'password' } : {};
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
      // The password (or SMS code) is typed again; the refusal's messages show beside the fields.
      if (tab === 'sms') smsForm.setValue('password', '');
      else usernameForm.setValue('password', '');
      const refused = refusal(t, cause, {
        rename,
        shown:
          code === 'captcha_invalid' ? ['captcha'] : tab === 'sms' ? ['username', 'password'] : ['username'],
      });
      if (tab === 'sms') showFieldErrors(smsForm.setError, refused.fields);
      else showFieldErrors(usernameForm.setError, refused.fields);
      setFormError(refused.message);
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
      <form
        ref={focus.ref}
        className="auth-form"
        noValidate
        onSubmit={tab === 'sms' ? smsForm.handleSubmit(submit) : usernameForm.handleSubmit(submit)}
      >
        <p className="auth-form__lead">{t('auth.login.lead')}</p>
        {options.notice === 'passwordReset' ? (
          <FormMessage tone="success">{t('auth.reset.done')}</FormMessage>
        ) : null}
        <Tabs label={t('auth.login.method')} tabs={tabs} selected={tab} onSelect={selectTab}>
          <div className="auth-form__fields">
            {tab === 'username' ? (
              <>
                <FormField
                  control={usernameForm.control}
                  name="username"
                  label={t('auth.fields.username')}
                  required
                  data-autofocus={username ? undefined : true}
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={64}
                />
                <FormField
                  control={usernameForm.control}
                  name="password"
                  label={t('auth.fields.password')}
                  type="password"
                  required
                  data-autofocus={username ? true : undefined}
                  autoComplete="current-password"
                  maxLength={128}
                />
              </>
            ) : (
              <SmsFields
                send={visitorSms('login')}
                form={smsForm}
                names={{ mobile: 'username', dialingCode: 'countryDialingCode', code: 'password' }}
              />
            )}
            {captchaShown && captchaAfterFailures ? (
              <p className="auth-form__note field--wide" role="status">
                {t('auth.login.captchaWhy')}
              </p>
            ) : null}
            {captchaShown ? (
              <Controller
                key={tab}
                control={(tab === 'sms' ? smsForm : usernameForm).control as Control<UsernameLogin>}
                name="captcha"
                render={({ field, fieldState }) => (
                  <CaptchaField
                    value={{ captcha: field.value ?? '' }}
                    onChange={(answer) => field.onChange(answer.captcha)}
                    onClear={() =>
                      tab === 'sms' ? smsForm.setValue('captcha', '') : usernameForm.setValue('captcha', '')
                    }
                    error={schemaText(t, fieldState.error)}
                    resetKey={captchaReset}
                  />
                )}
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
