import {
  CAPTCHA_REFRESH_MIN_INTERVAL_MS,
  REGISTRATION_SMS_COUNTDOWN_S,
  SMS_SEND_THROTTLE_MS,
} from '@tessera/contract';
import { useEffect, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type PathValue,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api.ts';
import { accountEndpoints } from '../../app/endpoints.ts';
import { CountryPicker } from '../../ui/CountryPicker.tsx';
import { Field, type FieldProps } from '../../ui/Field.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { Button, Modal, Spinner } from '../../ui/index.ts';
import { ProviderCaptcha } from './ProviderCaptcha.tsx';
import { useCountries, useFlag } from './queries.ts';
import {
  errorText,
  type FieldErrors,
  type SchemaTexts,
  schemaText,
  serverFieldErrors,
} from './validation.ts';

/** What was typed; the image's id travels in the HttpOnly cookie GET /wps/captcha sets, as for the original. */
interface CaptchaAnswer {
  captcha: string;
}

interface CaptchaFieldProps {
  value: CaptchaAnswer;
  onChange: (value: CaptchaAnswer) => void;
  /**
   * Clears the answer for a new image without checking it again (the refusal that asked for the new image stays
   * beside the field); onChange with an empty answer by default.
   */
  onClear?: () => void;
  error?: string | undefined;
  /** A new value fetches a new image and clears the answer (after a failed submit). */
  resetKey: number;
}

/**
 * The captcha (§4 login, §5 registration): the server's image (GET /wps/captcha, single use) and the answer.
 * A click on the image draws a new one, at most once per second (CAPTCHA_REFRESH_MIN_INTERVAL_MS).
 */
export function CaptchaField({ value, onChange, onClear, error, resetKey }: CaptchaFieldProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  const [provider, setProvider] = useState<{ provider: 'turnstile' | 'hcaptcha'; siteKey: string } | null>(
    null,
  );
  const [failed, setFailed] = useState(false);
  const lastRefresh = useRef(0);
  const latest = useRef({ value, onChange, onClear });
  latest.current = { value, onChange, onClear };
  const clear = () => (latest.current.onClear ?? (() => latest.current.onChange({ captcha: '' })))();

  async function load() {
    lastRefresh.current = Date.now();
    setFailed(false);
    try {
      const setup = await api(accountEndpoints.captchaProvider);
      if (setup.provider !== 'image') {
        setProvider({ provider: setup.provider, siteKey: setup.siteKey });
        clear();
        return;
      }
      setImage(await api(accountEndpoints.captcha));
      clear();
    } catch {
      setFailed(true);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new image on mount and on every reset
  useEffect(() => {
    void load();
  }, [resetKey]);

  function refresh() {
    if (Date.now() - lastRefresh.current < CAPTCHA_REFRESH_MIN_INTERVAL_MS) return;
    void load();
  }

  if (provider) {
    return (
      <ProviderCaptcha
        key={resetKey}
        provider={provider.provider}
        siteKey={provider.siteKey}
        error={error}
        onToken={(captcha) => latest.current.onChange({ captcha })}
      />
    );
  }

  return (
    <Field
      label={t('auth.fields.captcha')}
      value={value.captcha}
      onChange={(captcha) => onChange({ ...value, captcha })}
      error={error}
      required
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      maxLength={6}
      addon={
        <span className="field__addon">
          <button
            type="button"
            className="captcha__image"
            aria-label={t('auth.captcha.refresh')}
            title={t('auth.captcha.refresh')}
            onClick={refresh}
          >
            {image ? (
              <img
                src={`data:image/png;base64,${image}`}
                alt={t('auth.captcha.image')}
                width={112}
                height={36}
              />
            ) : failed ? (
              <RefreshIcon />
            ) : (
              <Spinner size="sm" />
            )}
          </button>
        </span>
      }
    />
  );
}

/** Sends an SMS code; answers the minutes it stays valid (value.expiredMinutes). */
export type SendSms = () => Promise<{ expiredMinutes: number }>;

interface SmsCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  /** Checks the form before sending (a valid mobile number); answers false to send nothing. */
  canSend: () => boolean | Promise<boolean>;
  send: SendSms;
  /** Per-field messages of a refused send, for the fields beside it (the mobile number). */
  onFieldErrors: (errors: FieldErrors) => void;
  /** False where the code is only needed once a mobile number is given (the username registration tab). */
  required?: boolean;
}

/**
 * The SMS verification code with its send button (§4 SMS send): a click is taken at most once per 1000 ms; after
 * a send the button counts down expiredMinutes × 60 s (60 s when the answer names none) and is disabled until 0.
 * A refused send shows the server's message in a warning with a confirm button (§8).
 */
export function SmsCodeField({
  value,
  onChange,
  error,
  canSend,
  send,
  onFieldErrors,
  required = true,
}: SmsCodeFieldProps) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const lastClick = useRef(0);

  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setTimeout(() => setSeconds(seconds - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [seconds]);

  async function onSend() {
    const now = Date.now();
    if (now - lastClick.current < SMS_SEND_THROTTLE_MS || seconds > 0 || sending) return;
    lastClick.current = now;
    if (!(await canSend())) return;
    setSending(true);
    try {
      const answer = await send();
      const minutes = answer.expiredMinutes;
      setSeconds(minutes > 0 ? minutes * 60 : REGISTRATION_SMS_COUNTDOWN_S);
      setSent(true);
    } catch (cause) {
      onFieldErrors(serverFieldErrors(cause, { mobileNo: 'mobileNum' }));
      setFailure(errorText(t, cause));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <Field
        label={t('auth.fields.smsCode')}
        value={value}
        onChange={(code) => onChange(code.replace(/\D/g, '').slice(0, 6))}
        error={error}
        hint={sent ? t('auth.sms.sent') : undefined}
        required={required}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        addon={
          <span className="field__addon">
            <Button
              size="sm"
              variant="secondary"
              className="sms-send"
              loading={sending}
              disabled={seconds > 0}
              onClick={() => void onSend()}
            >
              {seconds > 0
                ? t('auth.sms.resendIn', { seconds })
                : sent
                  ? t('auth.sms.resend')
                  : t('auth.sms.send')}
            </Button>
          </span>
        }
      />
      <Modal
        open={failure !== null}
        onClose={() => setFailure(null)}
        title={t('auth.sms.failedTitle')}
        width={420}
        footer={<Button onClick={() => setFailure(null)}>{t('common.confirm')}</Button>}
      >
        <p>{failure}</p>
      </Modal>
    </>
  );
}

interface MobileFieldProps {
  mobile: string;
  onMobile: (value: string) => void;
  countryDialingCode: string;
  onCountry: (code: string) => void;
  error?: string | undefined;
  required?: boolean;
  label?: string;
}

/**
 * A mobile number with the country-code picker in front of it. The picker shows when the country-code display
 * flag (COUNTRYCODE3) is on; otherwise the current country's code (or the first listed) is used unseen.
 */
export function MobileField({
  mobile,
  onMobile,
  countryDialingCode,
  onCountry,
  error,
  required = true,
  label,
}: MobileFieldProps) {
  const { t } = useTranslation();
  const { countries, currentDialingCode, ready } = useCountries();
  const pickerShown = useFlag('COUNTRYCODE3');
  const latest = useRef(onCountry);
  latest.current = onCountry;

  // Without the picker the code still has to be set, once the lists are known.
  useEffect(() => {
    if (pickerShown || !ready) return;
    const code = countries.find((c) => c.countryDialingCode === currentDialingCode) ?? countries[0];
    if (code) latest.current(code.countryDialingCode);
  }, [pickerShown, ready, countries, currentDialingCode]);

  return (
    <Field
      label={label ?? t('auth.fields.mobileNum')}
      value={mobile}
      onChange={(value) => onMobile(value.replace(/\D/g, ''))}
      error={error}
      required={required}
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={20}
      data-dialing-code={countryDialingCode}
      prefix={
        pickerShown && ready ? (
          <CountryPicker
            label={t('auth.fields.countryCode')}
            countries={countries}
            value={countryDialingCode || undefined}
            fallback={currentDialingCode}
            onChange={onCountry}
          />
        ) : null
      }
    />
  );
}

/** The names of a form's mobile number, dialing code and SMS code. */
interface SmsNames<T extends FieldValues> {
  mobile: Path<T>;
  dialingCode: Path<T>;
  code: Path<T>;
}

/** The number an SMS code goes to. */
export interface SmsNumber {
  mobileNum: string;
  countryDialingCode: string;
}

/** Sends a visitor's SMS code (SMS login, reset by phone) to a number. */
export const visitorSms =
  (purpose: 'login' | 'resetPassword') =>
  (number: SmsNumber): ReturnType<SendSms> =>
    api(accountEndpoints.smsNoLogin, { body: { ...number, purpose } });

/**
 * A mobile number and the SMS code `send` sends to it (a visitor's login or reset, a member's new number), as fields
 * of a react-hook-form form: the code is sent only once the number passes the form's schema.
 */
export function SmsFields<T extends FieldValues>({
  send,
  form,
  names,
  mobileLabel,
}: {
  send: (number: SmsNumber) => ReturnType<SendSms>;
  form: UseFormReturn<T>;
  names: SmsNames<T>;
  mobileLabel?: string;
}) {
  const { t } = useTranslation();
  const dialingCode: string = useWatch({ control: form.control, name: names.dialingCode }) ?? '';
  // A missing or unknown dialing code is said beside the number it belongs to.
  const dialingError = get(form.formState.errors, names.dialingCode) as FieldError | undefined;
  return (
    <>
      <Controller
        control={form.control}
        name={names.mobile}
        render={({ field, fieldState }) => (
          <MobileField
            label={mobileLabel}
            mobile={field.value}
            onMobile={field.onChange}
            countryDialingCode={dialingCode}
            onCountry={(code) => form.setValue(names.dialingCode, code as PathValue<T, Path<T>>)}
            error={schemaText(t, fieldState.error ?? dialingError, {
              value: field.value,
              format: t('validation.mobileInvalid'),
            })}
          />
        )}
      />
      <Controller
        control={form.control}
        name={names.code}
        render={({ field, fieldState }) => (
          <SmsCodeField
            value={field.value}
            onChange={field.onChange}
            error={schemaText(t, fieldState.error, {
              value: field.value,
              format: t('validation.smsCodeInvalid'),
            })}
            canSend={async () => {
              if (!form.getValues(names.mobile)) {
                form.setError(names.mobile, { type: 'custom', message: 'required' });
                return false;
              }
              return form.trigger(names.mobile);
            }}
            send={() =>
              send({
                mobileNum: form.getValues(names.mobile),
                countryDialingCode: form.getValues(names.dialingCode) ?? '',
              })
            }
            onFieldErrors={(fields) => {
              // A refused send names the number (mobileNum): its message shows beside the form's number.
              if (fields.mobileNum)
                form.setError(names.mobile, { type: 'server', message: fields.mobileNum });
            }}
          />
        )}
      />
    </>
  );
}

/**
 * A Field bound to a react-hook-form form: its value, its input (focused by a refused submit) and its schema's or
 * the server's message beside it, in the site's language (schemaText with `texts`, or the form's own `describe`);
 * `serverError`, for forms that keep the server's refusal apart, shows when the schema has nothing to say.
 */
export function FormField<T extends FieldValues>({
  control,
  name,
  texts,
  describe,
  serverError,
  ...props
}: Omit<FieldProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'ref' | 'name'> & {
  control: Control<T>;
  name: Path<T>;
  texts?: SchemaTexts;
  describe?: (error: FieldError | undefined) => string | undefined;
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field
          {...props}
          ref={field.ref}
          value={field.value ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={
            (describe ? describe(fieldState.error) : schemaText(t, fieldState.error, texts)) ?? serverError
          }
        />
      )}
    />
  );
}
