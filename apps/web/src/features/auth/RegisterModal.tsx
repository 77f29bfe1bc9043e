import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  emptyRegisterForm,
  type RegisterFormValues,
  type RegisterRule,
  registerFormSchema,
} from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { getSiteLanguage } from '../../i18n/language.ts';
import { Checkbox, FormMessage } from '../../ui/Field.tsx';
import { PhoneIcon, UserIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { currentCountryQuery, useWhitelabel } from '../site/queries.ts';
import { openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { CaptchaField, FormField, MobileField, SmsCodeField } from './fields.tsx';
import { useModuleFlags, useRegisterRules } from './queries.ts';
import { urlCodes } from './urlCodes.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import {
  errorCode,
  errorText,
  PASSWORD_LENGTH,
  refusal,
  ruleMessage,
  schemaText,
  showFieldErrors,
} from './validation.ts';

type RegisterTab = 'username' | 'mobile';
type RuleKey = RegisterRule['key'];

/** The rule-driven fields besides user name, password, mobile number, affiliate code and captcha, in form order. */
const EXTRA_FIELDS = [
  'email',
  'payeeName',
  'qqNum',
  'line',
  'whatsapp',
  'facebook',
  'wechat',
  'idNumber',
  'recommenderId',
  'paymentPassword',
] as const satisfies readonly RuleKey[];
type ExtraField = (typeof EXTRA_FIELDS)[number];

type TextKey = Exclude<
  keyof RegisterFormValues,
  'ageConfirmed' | 'termsAccepted' | 'captcha' | 'verificationCode'
>;

const EMPTY = emptyRegisterForm();

const INPUT_HINTS: Partial<
  Record<TextKey, { type?: string; autoComplete?: string; inputMode?: 'numeric' | 'email' }>
> = {
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  payeeName: { autoComplete: 'name' },
  qqNum: { inputMode: 'numeric' },
  whatsapp: { inputMode: 'numeric' },
  paymentPassword: { type: 'password', autoComplete: 'off', inputMode: 'numeric' },
};

type AffiliateState = 'none' | 'checking' | 'valid' | 'invalid';

/**
 * The registration modal (§2 registerModal, §4 registration, §5 validation): tabs username and mobile number
 * (MOBILENUMREG3); fields from the server's rules (shown when enabled, marked when required, messages by
 * patternId); confirm password; SMS code (REGMOBVERF3); password on the mobile tab (MOBILENUMPASSREG3); captcha;
 * the affiliate code of the URL, checked first; 18+ and terms. Success logs in, closes the modal and goes to /.
 */
export function RegisterModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { goHome } = useAuthNavigation();
  const flagsQuery = useModuleFlags();
  const rulesQuery = useRegisterRules();
  const whitelabel = useWhitelabel().data;
  const currentCountry = useQuery(currentCountryQuery).data;
  const flags = flagsQuery.data ?? {};
  const rules = new Map(Object.values(rulesQuery.data ?? {}).map((rule) => [rule.key, rule]));
  const rule = (key: RuleKey) => rules.get(key);
  const enabled = (key: RuleKey) => rule(key)?.enabled ?? false;

  const usernameTab = flags.USERNAMEREG3 ?? false;
  const mobileTab = flags.MOBILENUMREG3 ?? false;
  const smsVerification = flags.REGMOBVERF3 ?? false;
  const passwordOnMobile = flags.MOBILENUMPASSREG3 ?? false;
  const [chosenTab, setChosenTab] = useState<RegisterTab | null>(null);
  const tab: RegisterTab =
    chosenTab && (chosenTab === 'username' ? usernameTab : mobileTab)
      ? chosenTab
      : usernameTab
        ? 'username'
        : 'mobile';

  const [dialingCode, setDialingCode] = useState('');
  const [captchaReset, setCaptchaReset] = useState(0);
  const [formError, setFormError] = useState<string | null>(null);
  const [affiliateDialog, setAffiliateDialog] = useState<string | null>(null);
  const codes = useRef(urlCodes()).current;
  const [affiliate, setAffiliate] = useState<AffiliateState>(codes.affiliateCode ? 'checking' : 'none');

  // §4 registration: the affiliate code of the URL is checked at once; a failed check shows a dialog and the field.
  useEffect(() => {
    if (!codes.affiliateCode) return;
    let live = true;
    api(accountEndpoints.affiliateCheck, {
      query: { code: codes.affiliateCode, domain: window.location.hostname },
    })
      .then(() => live && setAffiliate('valid'))
      .catch((cause: unknown) => {
        if (!live) return;
        setAffiliate('invalid');
        setAffiliateDialog(errorText(t, cause));
      });
    return () => {
      live = false;
    };
  }, [codes.affiliateCode, t]);

  const affiliateFieldShown = enabled('affiliateCode') && affiliate !== 'valid' && affiliate !== 'checking';
  const passwordAsked = tab === 'username' || passwordOnMobile;
  const mobileShown = tab === 'mobile' || enabled('mobileNum');
  const smsShown = smsVerification && mobileShown;
  const captchaShown = enabled('captcha');
  const extras = EXTRA_FIELDS.filter(enabled);
  // The schema from the server's rules (contract registerFormSchema): the server checks the same.
  const ruleList = useMemo(() => Object.values(rulesQuery.data ?? {}), [rulesQuery.data]);
  const schema = useMemo(
    () =>
      registerFormSchema(ruleList, {
        tab,
        passwordAsked,
        smsVerification,
        language: getSiteLanguage(),
        passwordLength: true,
        skip: affiliateFieldShown ? [] : ['affiliateCode'],
      }),
    [ruleList, tab, passwordAsked, smsVerification, affiliateFieldShown],
  );
  const form = useForm<RegisterFormValues>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
    shouldFocusError: false,
  });
  const focus = useFirstInvalidFocus(form.formState.submitCount);

  function selectTab(next: RegisterTab) {
    setChosenTab(next);
    form.clearErrors();
    setFormError(null);
  }

  function reset() {
    form.reset(EMPTY);
    setFormError(null);
    setCaptchaReset((n) => n + 1);
  }

  /** The affiliate code that goes with the registration, checked when it was typed (§4: before the submit). */
  async function affiliateCode(values: RegisterFormValues): Promise<string | null | undefined> {
    if (affiliate === 'valid') return codes.affiliateCode;
    const typed = affiliateFieldShown ? values.affiliateCode.trim() : '';
    if (!typed) return undefined;
    try {
      await api(accountEndpoints.affiliateCheck, {
        query: { code: typed, domain: window.location.hostname },
      });
      return typed;
    } catch (cause) {
      setAffiliateDialog(errorText(t, cause));
      form.setError('affiliateCode', { type: 'server', message: errorText(t, cause) });
      return null;
    }
  }

  async function submit(values: RegisterFormValues) {
    setFormError(null);
    try {
      const code = await affiliateCode(values);
      if (code === null) return;
      const optional = (key: TextKey) => (values[key].trim() ? values[key].trim() : undefined);
      const extraValues = Object.fromEntries(
        extras.map((key: ExtraField) => [
          key,
          key === 'paymentPassword' ? values[key] || undefined : optional(key),
        ]),
      );
      const mobile = mobileShown ? optional('mobileNum') : undefined;
      const countryDialingCode = dialingCode || currentCountry?.countryDialingCode || undefined;
      const common = {
        ...extraValues,
        ...(smsShown && mobile ? { verificationCode: values.verificationCode } : {}),
        ...(captchaShown ? { captcha: values.captcha.trim() } : {}),
        affiliateCode: code,
        referralCode: codes.referralCode || undefined,
        ageConfirmed: true as const,
        termsAccepted: true as const,
        login: true,
        registerUrl: window.location.href.slice(0, 500),
        registerMethod: 'WEB' as const,
        domain: window.location.hostname,
      };
      const result =
        tab === 'username'
          ? await api(accountEndpoints.register, {
              body: {
                ...common,
                username: values.username.trim(),
                password: values.password,
                confirmPassword: values.confirmPassword,
                mobileNum: mobile,
                countryDialingCode,
              },
            })
          : await api(accountEndpoints.registerMobile, {
              body: {
                ...common,
                mobileNum: values.mobileNum,
                countryDialingCode: countryDialingCode ?? '',
                ...(passwordAsked
                  ? { password: values.password, confirmPassword: values.confirmPassword }
                  : {}),
              },
            });
      if (result.session) await completeLogin(result.session, 'register', { queryClient, goHome });
      else openAuthModal('login', { username: result.userName });
    } catch (cause) {
      if (errorCode(cause) === 'affiliate_invalid') {
        setAffiliate('invalid');
        setAffiliateDialog(errorText(t, cause));
      }
      const refused = refusal(t, cause, {
        // The dialing code is chosen beside the number: its message shows there.
        rename: { mobileNo: 'mobileNum', countryDialingCode: 'mobileNum' },
      });
      showFieldErrors(form.setError, refused.fields);
      setFormError(refused.message);
      // §4: a failed registration resets the human check.
      setCaptchaReset((n) => n + 1);
    }
  }

  const loading = flagsQuery.isPending || rulesQuery.isPending;
  // The form appears once the rules have loaded: its first field takes the focus then.
  useEffect(() => {
    if (!loading) focus.ref.current?.querySelector<HTMLElement>('[data-autofocus], input')?.focus();
  }, [loading, focus.ref]);
  const closed = !loading && (!whitelabel?.directRegistration || (!usernameTab && !mobileTab));
  const hint = (key: RuleKey) => {
    const found = rule(key);
    return found?.enabled ? ruleMessage(found) : undefined;
  };

  const textField = (key: TextKey, options: { wide?: boolean; label?: string; autoFocus?: boolean } = {}) => {
    const found = rule(key as RuleKey);
    const input = INPUT_HINTS[key] ?? {};
    return (
      <FormField
        key={key}
        control={form.control}
        name={key}
        className={options.wide ? 'field--wide' : undefined}
        label={options.label ?? t(`auth.fields.${key}`)}
        hint={found?.enabled ? ruleMessage(found) : undefined}
        required={found?.required ?? false}
        maxLength={found?.maxLength || undefined}
        type={input.type}
        autoComplete={input.autoComplete}
        inputMode={input.inputMode}
        data-autofocus={options.autoFocus || undefined}
      />
    );
  };

  const mobileRequired = tab === 'mobile' || (rule('mobileNum')?.required ?? false);
  const mobileFields = (
    <>
      <div className="field--wide">
        <Controller
          control={form.control}
          name="mobileNum"
          render={({ field, fieldState }) => (
            <MobileField
              mobile={field.value}
              onMobile={field.onChange}
              countryDialingCode={dialingCode}
              onCountry={setDialingCode}
              error={schemaText(t, fieldState.error, {
                format: t('validation.mobileInvalid'),
              })}
              required={mobileRequired}
            />
          )}
        />
      </div>
      {smsShown ? (
        <div className="field--wide">
          <Controller
            control={form.control}
            name="verificationCode"
            render={({ field, fieldState }) => (
              <SmsCodeField
                value={field.value}
                onChange={field.onChange}
                error={schemaText(t, fieldState.error)}
                required={tab === 'mobile' || form.getValues('mobileNum') !== ''}
                canSend={async () => {
                  // A code goes only to a valid number (and, on the user-name tab, with a valid user name).
                  if (!form.getValues('mobileNum')) {
                    form.setError('mobileNum', { type: 'custom', message: 'required' });
                    return false;
                  }
                  return form.trigger(tab === 'username' ? ['mobileNum', 'username'] : ['mobileNum']);
                }}
                send={() => {
                  const values = form.getValues();
                  return tab === 'username'
                    ? api(accountEndpoints.smsRegisterUsername, {
                        body: {
                          username: values.username.trim(),
                          mobileNo: values.mobileNum,
                          countryDialingCode: dialingCode,
                        },
                      })
                    : api(accountEndpoints.smsRegister, {
                        body: { mobileNo: values.mobileNum, countryDialingCode: dialingCode },
                      });
                }}
                onFieldErrors={(fields) => showFieldErrors(form.setError, fields)}
              />
            )}
          />
        </div>
      ) : null}
    </>
  );

  const passwordFields = passwordAsked ? (
    <>
      <FormField
        control={form.control}
        name="password"
        texts={{ length: t('validation.passwordLength', PASSWORD_LENGTH) }}
        label={t('auth.fields.password')}
        type="password"
        hint={hint('password') ?? t('validation.passwordLength', PASSWORD_LENGTH)}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
      <FormField
        control={form.control}
        name="confirmPassword"
        label={t('auth.fields.confirmPassword')}
        type="password"
        required
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
    </>
  ) : null;

  const tabs = [
    ...(usernameTab
      ? [{ key: 'username' as const, label: t('auth.register.tabUsername'), icon: <UserIcon /> }]
      : []),
    ...(mobileTab
      ? [{ key: 'mobile' as const, label: t('auth.register.tabMobile'), icon: <PhoneIcon /> }]
      : []),
  ];

  return (
    <Modal open onClose={onClose} title={t('auth.register.title')} width={640} className="auth-modal">
      {loading ? (
        <CenteredSpinner label={t('common.loading')} />
      ) : closed ? (
        <FormMessage tone="info">{t('auth.register.closed')}</FormMessage>
      ) : (
        <form ref={focus.ref} className="auth-form" noValidate onSubmit={form.handleSubmit(submit)}>
          <p className="auth-form__lead">{t('auth.register.lead')}</p>
          <Tabs label={t('auth.register.method')} tabs={tabs} selected={tab} onSelect={selectTab}>
            <div className="auth-form__grid">
              {tab === 'username' ? (
                <>
                  {textField('username', { wide: true, autoFocus: true })}
                  {passwordFields}
                  {extras.includes('email') ? textField('email', { wide: true }) : null}
                  {mobileShown ? mobileFields : null}
                </>
              ) : (
                <>
                  {mobileFields}
                  {passwordFields}
                  {extras.includes('email') ? textField('email', { wide: true }) : null}
                </>
              )}
              {extras.filter((key) => key !== 'email').map((key) => textField(key))}
              {affiliateFieldShown ? textField('affiliateCode', { wide: true }) : null}
              {affiliate === 'valid' ? (
                <p className="auth-form__note field--wide">
                  {t('auth.register.affiliateApplied', { code: codes.affiliateCode })}
                </p>
              ) : null}
              {captchaShown ? (
                <div className="field--wide">
                  <Controller
                    control={form.control}
                    name="captcha"
                    render={({ field, fieldState }) => (
                      <CaptchaField
                        value={{ captcha: field.value }}
                        onChange={(answer) => field.onChange(answer.captcha)}
                        onClear={() => form.setValue('captcha', '')}
                        error={schemaText(t, fieldState.error)}
                        resetKey={captchaReset}
                      />
                    )}
                  />
                </div>
              ) : null}
            </div>
          </Tabs>
          <div className="auth-form__checks">
            <Controller
              control={form.control}
              name="ageConfirmed"
              render={({ field, fieldState }) => (
                <Checkbox
                  label={t('auth.register.adult')}
                  checked={field.value}
                  onChange={field.onChange}
                  error={schemaText(t, fieldState.error, { accept: t('validation.agreeAge') })}
                  required
                />
              )}
            />
            <Controller
              control={form.control}
              name="termsAccepted"
              render={({ field, fieldState }) => (
                <Checkbox
                  label={
                    <Trans
                      i18nKey="auth.register.terms"
                      components={{
                        terms: (
                          // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated words inside.
                          <a href="/terms" target="_blank" rel="noopener" className="check__link" />
                        ),
                      }}
                    />
                  }
                  checked={field.value}
                  onChange={field.onChange}
                  error={schemaText(t, fieldState.error, { accept: t('validation.agreeTerms') })}
                  required
                />
              )}
            />
          </div>
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <div className="auth-form__actions">
            <Button variant="secondary" size="lg" onClick={reset}>
              {t('auth.register.reset')}
            </Button>
            <Button type="submit" size="lg" variant="accent" loading={form.formState.isSubmitting}>
              {t('auth.register.submit')}
            </Button>
          </div>
          <p className="auth-form__switch">
            {t('auth.register.haveAccount')}{' '}
            <button type="button" className="link-button" onClick={() => openAuthModal('login')}>
              {t('auth.register.toLogin')}
            </button>
          </p>
        </form>
      )}
      <Modal
        open={affiliateDialog !== null}
        onClose={() => setAffiliateDialog(null)}
        title={t('auth.register.affiliateTitle')}
        width={420}
        footer={<Button onClick={() => setAffiliateDialog(null)}>{t('common.confirm')}</Button>}
      >
        <p>{affiliateDialog}</p>
      </Modal>
    </Modal>
  );
}
