import { CAPTCHA_COOKIE, CAPTCHA_ID_HEADER } from '@tessera/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HumanChallenge } from './captcha.ts';

/**
 * The captcha's id travels beside the image: in a header, for clients that read it, and in an HttpOnly cookie for
 * the original's client, which shows the image (the answer's value) and sends back only what was typed. A login or
 * registration without captchaId takes the cookie's. Either way the challenge is single use (captcha.ts).
 */
export function bindCaptcha(request: FastifyRequest, reply: FastifyReply, challenge: HumanChallenge): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply
    .header(CAPTCHA_ID_HEADER, challenge.captchaId)
    .header(
      'set-cookie',
      `${CAPTCHA_COOKIE}=${challenge.captchaId}; Path=/wps; Max-Age=${challenge.expiresInSeconds}; HttpOnly; SameSite=Strict${secure}`,
    );
  return challenge.image;
}

const COOKIE = new RegExp(`(?:^|;\\s*)${CAPTCHA_COOKIE}=([0-9a-fA-F-]{36})(?:;|$)`);

/** The body with the cookie's captcha id when the body names none. */
export function withCaptchaCookie<T extends { captchaId?: string | undefined }>(
  body: T,
  request: FastifyRequest,
): T {
  if (body.captchaId) return body;
  const fromCookie = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return fromCookie ? { ...body, captchaId: fromCookie } : body;
}
