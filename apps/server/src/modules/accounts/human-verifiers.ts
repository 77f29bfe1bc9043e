import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { type Rng, uuid } from '../../platform/rng.ts';
import {
  CAPTCHA_SECONDS,
  drawCaptcha,
  type HumanAnswer,
  type HumanChallenge,
  type HumanVerifier,
  ImageCaptcha,
} from './captcha.ts';
import * as store from './store.ts';

/**
 * Human verifiers other than the built-in drawn captcha (which a script can read: keep it for offline installs),
 * chosen by CAPTCHA_PROVIDER: Cloudflare Turnstile and hCaptcha, whose widget token the server checks with the
 * provider's siteverify endpoint (CAPTCHA_VERIFY_URL; tests point it at a loopback sandbox).
 */
export class SiteverifyCaptcha implements HumanVerifier {
  constructor(
    private readonly options: {
      provider: 'turnstile' | 'hcaptcha';
      siteKey: string;
      secret: string;
      verifyUrl: string;
      timeoutMs?: number;
      fetch?: typeof fetch;
    },
  ) {}

  async challenge(_db: Queryable, _now: Date): Promise<HumanChallenge> {
    return {
      captchaId: '',
      image: '',
      expiresInSeconds: CAPTCHA_SECONDS,
      provider: this.options.provider,
      siteKey: this.options.siteKey,
    };
  }

  /** POSTs the widget's token with our secret; only `success: true` passes (the provider makes tokens single use). */
  async verify(_db: Queryable, answer: HumanAnswer, _now: Date): Promise<boolean> {
    const token = answer.captcha?.trim();
    if (!token || token.length > 4096) return false;
    const body = new URLSearchParams({ secret: this.options.secret, response: token });
    if (answer.ip) body.set('remoteip', answer.ip);
    if (this.options.provider === 'hcaptcha') body.set('sitekey', this.options.siteKey);
    try {
      const response = await (this.options.fetch ?? fetch)(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return false;
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
    } catch {
      // The provider could not be reached or answered nonsense: the answer is not verified.
      return false;
    }
  }
}

/**
 * Browser tests' verifier, through the same seam: a drawn captcha whose text is always the configured one
 * (CAPTCHA_PROVIDER=test with CAPTCHA_TEST_ANSWER), single use like the real one. Refused in production.
 */
class FixedAnswerCaptcha extends ImageCaptcha {
  constructor(
    private readonly answer: string,
    private readonly random: Rng,
  ) {
    super(random);
  }

  override async challenge(db: Queryable, now: Date): Promise<HumanChallenge> {
    const id = uuid(this.random);
    await store.insertCaptcha(db, id, this.answer, now, new Date(now.getTime() + CAPTCHA_SECONDS * 1000));
    return {
      captchaId: id,
      image: drawCaptcha(this.answer, this.random).toString('base64'),
      expiresInSeconds: CAPTCHA_SECONDS,
    };
  }
}

export function verifierFromConfig(config: Config, rng: Rng): HumanVerifier {
  const captcha = config.captcha;
  if (captcha.provider === 'image') return new ImageCaptcha(rng);
  if (captcha.provider === 'test') return new FixedAnswerCaptcha(captcha.answer, rng);
  return new SiteverifyCaptcha(captcha);
}

/** What the forms show: a provider's widget and its site key, or the drawn image (also the test verifier's). */
export function captchaProviderOf(config: Config): {
  provider: 'image' | 'turnstile' | 'hcaptcha';
  siteKey: string;
} {
  const { captcha } = config;
  return captcha.provider === 'turnstile' || captcha.provider === 'hcaptcha'
    ? { provider: captcha.provider, siteKey: captcha.siteKey }
    : { provider: 'image', siteKey: '' };
}
