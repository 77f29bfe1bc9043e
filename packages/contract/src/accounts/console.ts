import { z } from 'zod';
import { idParams, isoDateTime, page, paging } from '../common.ts';
import { CONSOLE_API } from '../console-api.ts';
import { endpoint, operator } from '../endpoint.ts';
import { mobileChange } from './player.ts';

/** Accounts, as the console sees them: players, their locks and passwords, the outboxes, failed logins, the key. */

const playersRead = operator('operations', 'support');
const playersWrite = operator('operations');
const ownerOnly = operator('owner');

export const playerStatus = z.enum(['active', 'locked']);
const playerRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  type: z.number().int(),
  status: playerStatus,
  countryDialingCode: z.string(),
  mobileNum: z.string(),
  email: z.string(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
  lastLoginIp: z.string(),
});
export type PlayerRow = z.infer<typeof playerRow>;
const loginRecord = z.object({
  at: z.string(),
  ip: z.string(),
  device: z.string(),
  userAgent: z.string(),
  loginType: z.string(),
});
/** A change an operator made to a member's profile. */
const profileChange = z.object({
  at: z.string(),
  field: z.enum(['email', 'mobile', 'payee_name']),
  oldValue: z.string(),
  newValue: z.string(),
  operator: z.string(),
});
/** An operator's edit of a member's profile: the fields given change (at least one). */
export const playerProfileBody = z
  .object({
    email: z.union([z.literal(''), z.email().max(200)]).optional(),
    countryDialingCode: z
      .string()
      .regex(/^\d{1,4}$/, 'invalid_format')
      .optional(),
    mobileNum: z
      .string()
      .regex(/^\d{6,15}$/, 'invalid_format')
      .optional(),
    payeeName: z.string().trim().max(100).optional(),
  })
  .refine((body) => (body.countryDialingCode === undefined) === (body.mobileNum === undefined), {
    path: ['mobileNum'],
    message: 'required',
  });
const playerDetail = playerRow.extend({
  payeeName: z.string(),
  language: z.string(),
  lockedReason: z.string(),
  /** Until when repeated failed logins keep the account locked, or null. */
  loginLockedUntil: z.string().nullable(),
  mustChangePassword: z.boolean(),
  passwordChangedAt: z.string().nullable(),
  passwordExpiresAt: z.string().nullable(),
  affiliateCode: z.string(),
  referralCode: z.string(),
  uplineId: z.number().int().nullable(),
  registerIp: z.string(),
  registerDomain: z.string(),
  recentLogins: z.array(loginRecord),
  /** The member's mobile number changes (security centre), newest first, the numbers masked. */
  mobileChanges: z.array(mobileChange),
  /** Operators' edits of the profile, newest first. */
  profileChanges: z.array(profileChange),
  recentFailures: z.array(
    z.object({ at: z.string(), ip: z.string(), device: z.string(), reason: z.string() }),
  ),
});
const smsOutboxRow = z.object({
  id: z.number().int(),
  countryDialingCode: z.string(),
  mobileNum: z.string(),
  purpose: z.string(),
  body: z.string(),
  provider: z.enum(['outbox', 'gateway']),
  status: z.enum(['outbox', 'queued', 'sent', 'failed']),
  error: z.string(),
  createdAt: z.string(),
});
const mailOutboxRow = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  provider: z.enum(['outbox', 'smtp']),
  status: z.enum(['outbox', 'queued', 'sent', 'failed']),
  error: z.string(),
  createdAt: z.string(),
});
const loginFailureRow = z.object({
  id: z.number().int(),
  username: z.string(),
  memberId: z.number().int().nullable(),
  loginType: z.string(),
  reason: z.string(),
  ip: z.string(),
  device: z.string(),
  createdAt: z.string(),
});
const keyInfo = z.object({ keyId: z.string(), createdAt: z.string() });

export const accountsConsoleEndpoints = {
  players: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/players`,
    access: playersRead,
    query: paging.extend({
      /** Matches user name, nickname, mobile number or email (case-insensitive, part of the text). */
      q: z.string().trim().max(100).optional(),
      status: playerStatus.optional(),
      type: z.coerce.number().int().optional(),
    }),
    response: page(playerRow),
  }),
  player: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/players/:id`,
    access: playersRead,
    params: idParams,
    response: playerDetail,
  }),
  editProfile: endpoint({
    method: 'PUT',
    path: `${CONSOLE_API}/players/:id/profile`,
    access: operator('operations', 'finance'),
    params: idParams,
    body: playerProfileBody,
    response: playerDetail,
  }),
  lockPlayer: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/players/:id/lock`,
    access: playersWrite,
    params: idParams,
    body: z.object({ reason: z.string().trim().max(200).default('') }),
    response: playerDetail,
  }),
  unlockPlayer: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/players/:id/unlock`,
    access: playersWrite,
    params: idParams,
    response: playerDetail,
  }),
  /**
   * Reset password. 'temporary' sets a random temporary password, answered once (give it to the player), and the
   * player must change it at the next login; 'email' sends the forgot-password mail to the player's address.
   */
  resetPlayerPassword: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/players/:id/reset-password`,
    access: playersWrite,
    params: idParams,
    body: z.object({ method: z.enum(['temporary', 'email']) }),
    response: z.object({
      method: z.enum(['temporary', 'email']),
      temporaryPassword: z.string().nullable(),
      emailedTo: z.string().nullable(),
    }),
  }),
  forcePasswordChange: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/players/:id/force-password-change`,
    access: playersWrite,
    params: idParams,
    response: playerDetail,
  }),
  smsOutbox: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/sms-outbox`,
    access: playersWrite,
    query: paging.extend({ mobileNum: z.string().trim().max(20).optional() }),
    response: page(smsOutboxRow),
  }),
  mailOutbox: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/mail-outbox`,
    access: playersWrite,
    query: paging.extend({ to: z.string().trim().max(200).optional() }),
    response: page(mailOutboxRow),
  }),
  loginFailures: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/login-failures`,
    access: playersRead,
    query: paging.extend({
      username: z.string().trim().max(64).optional(),
      ip: z.string().trim().max(60).optional(),
      from: isoDateTime.optional(),
      to: isoDateTime.optional(),
    }),
    response: page(loginFailureRow),
  }),
  encryptionKey: endpoint({
    method: 'GET',
    path: `${CONSOLE_API}/security/encryption-key`,
    access: ownerOnly,
    response: keyInfo,
  }),
  /** Replaces the server's key pair; bodies encrypted under the old key id are refused from then on. */
  rotateEncryptionKey: endpoint({
    method: 'POST',
    path: `${CONSOLE_API}/security/encryption-key/rotate`,
    access: ownerOnly,
    response: keyInfo,
  }),
};
