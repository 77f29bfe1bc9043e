import { accountsEndpoints as api, type Endpoint, encryptBody } from '@tessera/contract';
import type { ApiResponse, TestApp } from '../harness.ts';

/** Helpers for the accounts tests: encrypted calls, captcha answers, codes and links from the outboxes. */

export async function sealed(
  t: TestApp,
  endpoint: Pick<Endpoint, 'method' | 'path'>,
  body: unknown,
  token?: string,
  url = endpoint.path,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const key = (await t.get(api.encryptionKey.path)).body.value;
  const encrypted = await encryptBody(key, endpoint, body);
  return t.call({
    method: endpoint.method,
    url,
    headers: { ...headers, ...encrypted.headers },
    payload: encrypted.body,
    ...(token ? { token } : {}),
  });
}

/** A fresh captcha (its id from the header) and its answer (read from the database, as only a test can). */
export async function solvedCaptcha(t: TestApp): Promise<{ captchaId: string; captcha: string }> {
  const captchaId = (await t.get(api.captcha.path)).headers['captcha-id'] as string;
  const rows = await t.db.query<{ answer: string }>('select answer from captchas where id = $1', [captchaId]);
  return { captchaId, captcha: rows[0]?.answer.toLowerCase() as string };
}

/** The last code the SMS outbox holds for the number. */
export async function smsCode(t: TestApp, mobile: string): Promise<string> {
  const rows = await t.db.query<{ body: string }>(
    'select body from sms_outbox where mobile = $1 order by id desc limit 1',
    [mobile],
  );
  return /\d{6}/.exec(rows[0]?.body ?? '')?.[0] as string;
}

let registered = 0;

/** Registers a member by user name through the API and answers its name, password and session token. */
export async function registerMember(
  t: TestApp,
  extra: Record<string, unknown> = {},
): Promise<{ username: string; password: string; token: string; id: number }> {
  registered += 1;
  const username = `player${registered}${t.deps.rng.int(0, 1_000_000)}`.slice(0, 16);
  const password = 'Tessera-pass-2026';
  const response = await sealed(t, api.register, {
    username,
    password,
    confirmPassword: password,
    email: `${username}@example.com`,
    ageConfirmed: true,
    termsAccepted: true,
    ...(await solvedCaptcha(t)),
    ...extra,
  });
  if (response.status !== 200) throw new Error(`registration failed: ${JSON.stringify(response.body)}`);
  return {
    username,
    password,
    token: response.body.value.session.token,
    id: response.body.value.customerId,
  };
}

export const loginBody = (username: string, password: string, extra: Record<string, unknown> = {}) => ({
  type: 'username',
  username,
  password,
  ...extra,
});
