import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterRule } from '@tessera/contract';
import { Tabs } from '@tessera/ui/tabs';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { Checkbox, Field, FormMessage } from '../../ui/Field.tsx';
import { PhoneIcon, UserIcon } from '../../ui/icons.tsx';
import { Button, CenteredSpinner, Modal } from '../../ui/index.ts';
import { useFirstInvalidFocus } from '../../ui/useFirstInvalidFocus.ts';
import { currentCountryQuery, useWhitelabel } from '../site/queries.ts';
import { openAuthModal } from './authModal.ts';
import { completeLogin } from './completeLogin.ts';
import { type CaptchaAnswer, CaptchaField, MobileField, SmsCodeField } from './fields.tsx';
import { useModuleFlags, useRegisterRules } from './queries.ts';
import { urlCodes } from './urlCodes.ts';
import { useAuthNavigation } from './useAuthNavigation.ts';
import {
  breaksRule,
  errorCode,
  errorText,
  type FieldErrors,
  mobileProblem,
  PASSWORD_LENGTH,
  passwordProblem,
  refusal,
  ruleMessage,
  smsCodeProblem,
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

const TEXT_KEYS = [
  ...EXTRA_FIELDS,
  'username',
  'password',
  'confirmPassword',
  'mobileNum',
  'affiliateCode',
] as const;
type TextKey = (typeof TEXT_KEYS)[number];
type Values = Record<TextKey, string> & { verificationCode: string };

const EMPTY: Values = {
  ...(Object.fromEntries(TEXT_KEYS.map((key) => [key, ''])) as Record<TextKey, string>),
  verificationCode: '',
};

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

  const [values, setValues] = useState<Values>(EMPTY);
  const [dialingCode, setDialingCode] = useState('');
  const [captcha, setCaptcha] = useState<CaptchaAnswer>({ captcha: '' });
  const [captchaReset, setCaptchaReset] = useState(0);
  const [adult, setAdult] = useState(false);
  const [terms, setTerms] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const focus = useFirstInvalidFocus();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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

  const set = (key: keyof Values) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const affiliateFieldShown = enabled('affiliateCode') && affiliate !== 'valid' && affiliate !== 'checking';
  const passwordAsked = tab === 'username' || passwordOnMobile;
  const mobileShown = tab === 'mobile' || enabled('mobileNum');
  const smsShown = smsVerification && mobileShown;
  const captchaShown = enabled('captcha');
  const extras = EXTRA_FIELDS.filter(enabled);

  function selectTab(next: RegisterTab) {
    setChosenTab(next);
    setErrors({});
    setFormError(null);
  }

  function reset() {
    setValues(EMPTY);
    setAdult(false);
    setTerms(false);
    setErrors({});
    setFormError(null);
    setCaptchaReset((n) => n + 1);
  }

  /** A rule-checked field's problem: required when the rule says so, and the rule's message when broken. */
  function ruleProblem(key: RuleKey, value: string, force = false): string | null {
    const found = rule(key);
    if (!force && !found?.enabled) return null;
    if (value.trim() === '') return force || found?.required ? t('validation.required') : null;
    if (found?.enabled && breaksRule(found, value.trim())) return ruleMessage(found);
    return null;
  }

  function check(): FieldErrors {
    const found: FieldErrors = {};
    const add = (key: string, problem: string | null) => {
      if (problem) found[key] = problem;
    };
    if (tab === 'username') add('username', ruleProblem('username', values.username, true));
    if (passwordAsked) {
      add('password', passwordProblem(t, values.password) ?? ruleProblem('password', values.password));
      if (values.confirmPassword === '') add('confirmPassword', t('validation.required'));
      else if (values.confirmPassword !== values.password)
        add('confirmPassword', t('validation.inconsistentTwice'));
    }
    if (tab === 'mobile') add('mobileNum', mobileProblem(t, values.mobileNum, rule('mobileNum')));
    else if (mobileShown) {
      add(
        'mobileNum',
        values.mobileNum
          ? mobileProblem(t, values.mobileNum, rule('mobileNum'))
          : ruleProblem('mobileNum', ''),
      );
    }
    if (smsShown && (tab === 'mobile' || values.mobileNum)) {
      add('verificationCode', smsCodeProblem(t, values.verificationCode));
    }
    for (const key of extras) add(key, ruleProblem(key, values[key]));
    if (affiliateFieldShown) add('affiliateCode', ruleProblem('affiliateCode', values.affiliateCode));
    if (captchaShown && !captcha.captcha.trim()) add('captcha', t('validation.required'));
    if (!adult) add('ageConfirmed', t('validation.agreeAge'));
    if (!terms) add('termsAccepted', t('validation.agreeTerms'));
    return found;
  }

  /** The affiliate code that goes with the registration, checked when it was typed (§4: before the submit). */
  async function affiliateCode(): Promise<string | null | undefined> {
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
      setErrors((current) => ({ ...current, affiliateCode: errorText(t, cause) }));
      return null;
    }
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
    setBusy(true);
    try {
      const code = await affiliateCode();
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
        ...(captchaShown ? { captcha: captcha.captcha.trim() } : {}),
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
      const refused = refusal(t, cause, { rename: { mobileNo: 'mobileNum' } });
      setErrors(refused.fields);
      setFormError(refused.message);
      focus.refused();
      // §4: a failed registration resets the human check.
      setCaptchaReset((n) => n + 1);
    } finally {
      setBusy(false);
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
      <Field
        key={key}
        className={options.wide ? 'field--wide' : undefined}
        label={options.label ?? t(`auth.fields.${key}`)}
        value={values[key]}
        onChange={set(key)}
        error={errors[key]}
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

  const mobileFields = (
    <>
      <div className="field--wide">
        <MobileField
          mobile={values.mobileNum}
          onMobile={set('mobileNum')}
          countryDialingCode={dialingCode}
          onCountry={setDialingCode}
          error={errors.mobileNum ?? errors.countryDialingCode}
          required={tab === 'mobile' || (rule('mobileNum')?.required ?? false)}
        />
      </div>
      {smsShown ? (
        <div className="field--wide">
          <SmsCodeField
            value={values.verificationCode}
            onChange={set('verificationCode')}
            error={errors.verificationCode}
            required={tab === 'mobile' || values.mobileNum !== ''}
            canSend={() => {
              const problems: FieldErrors = {};
              const mobileError = mobileProblem(t, values.mobileNum, rule('mobileNum'));
              if (mobileError) problems.mobileNum = mobileError;
              if (tab === 'username') {
                const usernameError = ruleProblem('username', values.username, true);
                if (usernameError) problems.username = usernameError;
              }
              setErrors((current) => ({ ...current, mobileNum: '', username: '', ...problems }));
              return Object.keys(problems).length === 0;
            }}
            send={() =>
              tab === 'username'
                ? api(accountEndpoints.smsRegisterUsername, {
                    body: {
                      username: values.username.trim(),
                      mobileNo: values.mobileNum,
                      countryDialingCode: dialingCode,
                    },
                  })
                : api(accountEndpoints.smsRegister, {
                    body: { mobileNo: values.mobileNum, countryDialingCode: dialingCode },
                  })
            }
            onFieldErrors={(fields) => setErrors((current) => ({ ...current, ...fields }))}
          />
        </div>
      ) : null}
    </>
  );

  const passwordFields = passwordAsked ? (
    <>
      <Field
        label={t('auth.fields.password')}
        type="password"
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        hint={hint('password') ?? t('validation.passwordLength', PASSWORD_LENGTH)}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_LENGTH.max}
      />
      <Field
        label={t('auth.fields.confirmPassword')}
        type="password"
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
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
        <form ref={focus.ref} className="auth-form" noValidate onSubmit={(event) => void submit(event)}>
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
                  <CaptchaField
                    value={captcha}
                    onChange={setCaptcha}
                    error={errors.captcha}
                    resetKey={captchaReset}
                  />
                </div>
              ) : null}
            </div>
          </Tabs>
          <div className="auth-form__checks">
            <Checkbox
              label={t('auth.register.adult')}
              checked={adult}
              onChange={setAdult}
              error={errors.ageConfirmed}
              required
            />
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
              checked={terms}
              onChange={setTerms}
              error={errors.termsAccepted}
              required
            />
          </div>
          {formError ? <FormMessage tone="error">{formError}</FormMessage> : null}
          <div className="auth-form__actions">
            <Button variant="secondary" size="lg" onClick={reset}>
              {t('auth.register.reset')}
            </Button>
            <Button type="submit" size="lg" variant="accent" loading={busy}>
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
