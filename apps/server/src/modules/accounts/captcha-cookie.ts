import { CAPTCHA_COOKIE, CAPTCHA_ID_HEADER } from '@tessera/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { HumanChallenge } from './captcha.ts';

/**
 * The captcha's id travels beside the image: in a header, for clients that read it, and in an HttpOnly cookie for
 * the original's client, which shows the image (the answer's value) and sends back only what was typed. A login or
 * registration without captchaId takes the cookie's. Either way the challenge is single use (captcha.ts).
 */
export function bindCaptcha(request: FastifyRequest, reply: FastifyReply, challenge: HumanChallenge): string {
  reply.header(CAPTCHA_ID_HEADER, challenge.captchaId).setCookie(CAPTCHA_COOKIE, challenge.captchaId, {
    path: '/wps',
    maxAge: challenge.expiresInSeconds,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
  });
  return challenge.image;
}

const CAPTCHA_ID = /^[0-9a-fA-F-]{36}$/;

/** The body with the cookie's captcha id when the body names none. */
export function withCaptchaCookie<T extends { captchaId?: string | undefined }>(
  body: T,
  request: FastifyRequest,
): T {
  if (body.captchaId) return body;
  const fromCookie = request.cookies[CAPTCHA_COOKIE];
  return fromCookie && CAPTCHA_ID.test(fromCookie) ? { ...body, captchaId: fromCookie } : body;
}
