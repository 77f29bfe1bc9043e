import { z } from 'zod';
import { idParams, okValue } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, OPERATOR_ROLES, type OperatorRole, operator } from '../endpoint.ts';
import { operatorPassword, operatorView, sessionValue } from './console.ts';

/**
 * The console's sign-in security: the second factor (TOTP, RFC 6238) with recovery codes, the operator's own
 * password change, and the setting that asks every operator for a second factor.
 */
const API = CONSOLE_API;
const anyOperator = operator(...OPERATOR_ROLES);
const ownerOnly = operator('owner');

/** Roles that must sign in with a second factor whatever the setting says. */
export const TOTP_REQUIRED_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
export const TOTP = { digits: 6, periodSeconds: 30, algorithm: 'SHA1', issuer: 'Tessera console' } as const;
export const RECOVERY_CODE_COUNT = 10;
/** A recovery code: ten letters and digits shown as two groups of five (the dash is optional when typed). */
const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-?[A-Za-z0-9]{5}$/;

export const totpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'invalid_format');
export const secondFactorCode = z
  .string()
  .trim()
  .refine((value) => /^\d{6}$/.test(value) || RECOVERY_CODE_PATTERN.test(value), 'invalid_format');

const consoleSecuritySettings = z.object({ totpRequiredForAll: z.boolean() });

const totpEnrolment = z.object({
  /** The secret in base32, for typing into an authenticator by hand. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code (an SVG data URL). */
  qrCode: z.string(),
});

export const consoleSecurityEndpoints = {
  /** The second step of a sign-in: the challenge the first step answered, and a TOTP or recovery code. */
  secondFactor: endpoint({
    method: 'POST',
    path: `${API}/session/second-factor`,
    access: 'visitor',
    body: z.object({ challenge: z.string().min(20).max(100), code: secondFactorCode }),
    response: sessionValue,
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: `${API}/session/password`,
    access: anyOperator,
    body: z.object({ currentPassword: z.string().min(1).max(128), newPassword: operatorPassword }),
    response: operatorView,
  }),
  startTotp: endpoint({
    method: 'POST',
    path: `${API}/session/totp`,
    access: anyOperator,
    response: totpEnrolment,
  }),
  confirmTotp: endpoint({
    method: 'POST',
    path: `${API}/session/totp/confirm`,
    access: anyOperator,
    body: z.object({ code: totpCode }),
    response: z.object({ recoveryCodes: z.array(z.string()), operator: operatorView }),
  }),
  getSettings: endpoint({
    method: 'GET',
    path: `${API}/settings/console-security`,
    access: ownerOnly,
    response: consoleSecuritySettings,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: `${API}/settings/console-security`,
    access: ownerOnly,
    body: consoleSecuritySettings,
    response: consoleSecuritySettings,
  }),
  /** The owner removes an operator's second factor (a lost phone): the operator enrols again at the next sign-in. */
  resetOperatorTotp: endpoint({
    method: 'POST',
    path: `${API}/operators/:id/totp/reset`,
    access: ownerOnly,
    params: idParams,
    response: okValue,
  }),
};
