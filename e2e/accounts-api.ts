import { accountsEndpoints, CAPTCHA_ID_HEADER, createClient } from '@tessera/contract';
import { vi } from 'vitest';
import { baseUrl, E2E_CAPTCHA_ANSWER, stack } from './browser.ts';

/**
 * Arranging accounts through the platform's API (the shared client, so encrypted bodies are sealed as the site
 * seals them), and reading what the server sent: SMS codes from the sandbox SMS gateway, mails from the loopback
 * SMTP server of e2e/server.ts.
 */
export function client(site = baseUrl()) {
  return createClient({ baseUrl: site });
}

let counter = 0;
/** A user name no other test uses: a letter first, letters and digits, 6 to 16 characters (the seeded rule). */
export function uniqueName(prefix = 'p'): string {
  counter += 1;
  // The counter in base 36: it grows over a worker's files (they share this module), and must never be cut off.
  return `${prefix}${Date.now().toString(36).slice(-6)}${counter.toString(36)}`.slice(0, 16);
}

/**
 * A mobile number no other test of this worker uses: always 9 digits, as a Vietnamese mobile number after +84 (the
 * time's last 6 digits in ms and this worker's count), however many the worker's files have asked for before.
 */
export function uniqueMobile(): string {
  counter += 1;
  return `9${String(Date.now()).slice(-6)}${String(counter % 100).padStart(2, '0')}`;
}

export const PASSWORD = 'Tessera-e2e-2026';

/**
 * A solved captcha for an API call: the test server's verifier always asks for E2E_CAPTCHA_ANSWER; the image's id
 * comes in a header (Node's fetch keeps no cookies).
 */
async function solvedCaptcha(site = baseUrl()): Promise<{ captchaId: string; captcha: string }> {
  const response = await fetch(`${site}${accountsEndpoints.captcha.path}`);
  return { captchaId: response.headers.get(CAPTCHA_ID_HEADER) ?? '', captcha: E2E_CAPTCHA_ANSWER };
}

/** Calls with a fresh captcha and its answer. */
async function withCaptcha<T>(
  call: (captcha: { captchaId: string; captcha: string }) => Promise<T>,
  site = baseUrl(),
): Promise<T> {
  return call(await solvedCaptcha(site));
}

/**
 * The newest SMS code sent to a number, from the sandbox SMS gateway of e2e/server.ts (the console's outbox shows
 * codes masked); waits for the first one, which the server sends after its commit.
 */
export async function smsCode(mobile: string): Promise<string> {
  const newest = async () => {
    const response = await fetch(`${stack().smsSandboxUrl}/messages?mobile=${mobile}`);
    const [sms] = (await response.json()) as { message: string }[];
    return /\b\d{6}\b/.exec(sms?.message ?? '')?.[0];
  };
  const code = await vi.waitUntil(newest, { timeout: 15_000, interval: 100 }).catch(() => undefined);
  if (!code) throw new Error(`no SMS code for ${mobile} at the sandbox SMS gateway`);
  return code;
}

/** Registers a member by user name through the API; answers its credentials. */
export async function registerMember(extra: Record<string, unknown> = {}) {
  const username = uniqueName();
  const email = `${username}@example.com`;
  const result = await withCaptcha((captcha) =>
    client()(accountsEndpoints.register, {
      body: {
        username,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        email,
        ageConfirmed: true,
        termsAccepted: true,
        login: false,
        ...captcha,
        ...extra,
      },
    }),
  );
  return { username, email, password: PASSWORD, id: result.customerId };
}

/** Registers a member by mobile number (with the SMS code from the outbox) through the API. */
export async function registerMobileMember(countryDialingCode = '84') {
  const mobile = uniqueMobile();
  await client()(accountsEndpoints.smsRegister, { body: { mobileNo: mobile, countryDialingCode } });
  const verificationCode = await smsCode(mobile);
  const result = await withCaptcha((captcha) =>
    client()(accountsEndpoints.registerMobile, {
      body: {
        mobileNum: mobile,
        countryDialingCode,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        verificationCode,
        ageConfirmed: true,
        termsAccepted: true,
        login: false,
        ...captcha,
      },
    }),
  );
  return {
    mobile,
    countryDialingCode,
    username: result.userName,
    password: PASSWORD,
    id: result.customerId,
    /** The code used at registration, so a test can wait for the next one. */
    registrationCode: verificationCode,
  };
}

export interface ReceivedMail {
  to: string[];
  text: string;
}

/** The mails the loopback SMTP server received for an address. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(stack().mailboxUrl);
  const mails = (await response.json()) as ReceivedMail[];
  return mails.filter((mail) => mail.to.includes(address));
}

/**
 * A member registered and logged in through the API (on the worker's site, or on a file's own `site`): its session
 * token, id and user name.
 */
export async function loggedInMember(
  prefix: string,
  site = baseUrl(),
): Promise<{ token: string; id: number; username: string }> {
  const username = uniqueName(prefix);
  const answer = await withCaptcha(
    (captcha) =>
      client(site)(accountsEndpoints.register, {
        body: {
          username,
          password: PASSWORD,
          confirmPassword: PASSWORD,
          email: `${username}@example.com`,
          ageConfirmed: true,
          termsAccepted: true,
          login: true,
          ...captcha,
        },
      }),
    site,
  );
  return { token: answer.session?.token as string, id: answer.customerId, username };
}
