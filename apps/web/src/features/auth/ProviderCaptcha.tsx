import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The part of the Turnstile and hCaptcha browser APIs the widget uses (both are alike). */
interface WidgetApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback': () => void;
      language?: string;
    },
  ): string;
  reset(widgetId?: string): void;
  remove(widgetId: string): void;
}

const SCRIPTS = {
  turnstile: {
    src: 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit',
    global: 'turnstile',
  },
  hcaptcha: { src: 'https://js.hcaptcha.com/1/api.js?render=explicit', global: 'hcaptcha' },
} as const;

const loading = new Map<string, Promise<WidgetApi>>();

/** Loads the provider's script once (an external file, as the Content-Security-Policy allows for it). */
function loadProvider(provider: keyof typeof SCRIPTS): Promise<WidgetApi> {
  const known = loading.get(provider);
  if (known) return known;
  const { src, global } = SCRIPTS[provider];
  const promise = new Promise<WidgetApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    script.onload = () => {
      const api = (window as unknown as Record<string, WidgetApi | undefined>)[global];
      if (api) resolve(api);
      else reject(new Error(`${provider} did not load`));
    };
    script.onerror = () => reject(new Error(`${provider} did not load`));
    document.head.append(script);
  });
  loading.set(provider, promise);
  promise.catch(() => loading.delete(provider));
  return promise;
}

/**
 * The widget of a third-party human check (Cloudflare Turnstile or hCaptcha, as GET /wps/captcha names it): its
 * token goes into the form's captcha answer, and the server checks it with the provider.
 */
export function ProviderCaptcha({
  provider,
  siteKey,
  onToken,
  error,
}: {
  provider: 'turnstile' | 'hcaptcha';
  siteKey: string;
  onToken: (token: string) => void;
  error?: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const box = useRef<HTMLFieldSetElement>(null);
  const latest = useRef(onToken);
  latest.current = onToken;
  useEffect(() => {
    let widget: string | null = null;
    let api: WidgetApi | null = null;
    let cancelled = false;
    loadProvider(provider).then(
      (loaded) => {
        if (cancelled || !box.current) return;
        api = loaded;
        widget = loaded.render(box.current, {
          sitekey: siteKey,
          language: i18n.language,
          callback: (token) => latest.current(token),
          'expired-callback': () => latest.current(''),
          'error-callback': () => latest.current(''),
        });
      },
      () => latest.current(''),
    );
    return () => {
      cancelled = true;
      if (api && widget) api.remove(widget);
    };
  }, [provider, siteKey, i18n.language]);
  return (
    <div className="field">
      <fieldset ref={box} className="captcha__widget" aria-label={t('auth.fields.captcha')} />
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
