import { RECOVERY_CODE_COUNT, TOTP } from '@tessera/contract';
import { Secret, TOTP as Totp } from 'otpauth';
import QRCode from 'qrcode';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import { type Rng, text, token } from '../../platform/rng.ts';
import { seal, unseal } from '../../platform/secret-box.ts';
import * as store from './store.ts';

/**
 * The console's second factor: TOTP (RFC 6238, 6 digits, 30 s, SHA-1 as every authenticator app reads it) with a
 * window of one step either side, each step accepted once; and single-use recovery codes, stored hashed. The
 * secret is sealed with the server's secrets key (platform/secret-box) and never logged or sent again after
 * enrolment.
 */

/** How long the second step of a sign-in may take, and how many codes it may try. */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_TRIES = 5;
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const context = (operatorId: number) => `operator-totp:${operatorId}`;

function secretsKey(config: Config): Buffer {
  if (!config.secretsKey) throw new Error('The secrets key is not loaded');
  return config.secretsKey;
}

function totpFor(secretBase32: string, label: string) {
  return new Totp({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.periodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The time step a code is valid for, within one step of now, or null. */
function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32, 'x').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP.periodSeconds) + delta;
}

/** The current code of a secret (tests, and nothing else, compute codes). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totpFor(secretBase32, 'x').generate({ timestamp: at.getTime() });
}

const normaliseRecoveryCode = (code: string) => code.replace('-', '').toUpperCase();

function newRecoveryCode(rng: Rng): string {
  const code = text(rng, 10, RECOVERY_ALPHABET);
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Starts (or restarts) enrolment: a new secret, kept pending until a code confirms it. */
export async function startEnrolment(
  db: Queryable,
  config: Config,
  rng: Rng,
  operator: { id: number; username: string },
) {
  const bytes = rng.bytes(20);
  const secret = new Secret({
    buffer: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + 20) as ArrayBuffer,
  }).base32;
  await store.setPendingTotp(db, operator.id, seal(secretsKey(config), context(operator.id), secret, rng));
  const otpauthUrl = totpFor(secret, operator.username).toString();
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return {
    secret,
    otpauthUrl,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** Confirms enrolment with a code of the pending secret; answers the recovery codes, shown this once. */
export async function confirmEnrolment(
  db: Queryable,
  config: Config,
  rng: Rng,
  operatorId: number,
  code: string,
  now: Date,
) {
  const found = await store.findTotp(db, operatorId);
  const secret = found?.totp_pending_secret
    ? unseal(secretsKey(config), context(operatorId), found.totp_pending_secret)
    : null;
  if (!secret) throw new AppError('second_factor_expired');
  const step = matchingStep(secret, code, now);
  if (step === null) throw new AppError('second_factor_invalid');
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, () => newRecoveryCode(rng));
  await store.enableTotp(
    db,
    operatorId,
    seal(secretsKey(config), context(operatorId), secret, rng),
    step,
    recoveryCodes.map((recovery) => sha256Hex(normaliseRecoveryCode(recovery))),
  );
  return recoveryCodes;
}

/** Checks a TOTP code (once per time step) or an unused recovery code of the operator. */
export async function checkSecondFactor(
  db: Queryable,
  config: Config,
  operatorId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) {
    return store.useRecoveryCode(db, operatorId, sha256Hex(normaliseRecoveryCode(code)), now);
  }
  const found = await store.findTotp(db, operatorId);
  const secret =
    found?.totp_enabled && found.totp_secret
      ? unseal(secretsKey(config), context(operatorId), found.totp_secret)
      : null;
  if (!secret) return false;
  const step = matchingStep(secret, code, now);
  return step !== null && (await store.useTotpStep(db, operatorId, step));
}

/** The second step of a sign-in waits behind this challenge (its token goes to the console, its hash is stored). */
export async function openChallenge(db: Queryable, rng: Rng, operatorId: number, ip: string, now: Date) {
  const challenge = token(rng);
  const expiresAt = new Date(now.getTime() + CHALLENGE_MINUTES * 60_000);
  await store.insertLoginChallenge(db, { tokenHash: sha256Hex(challenge), operatorId, ip, expiresAt }, now);
  return { secondFactor: 'totp' as const, challenge, expiresAt: expiresAt.toISOString() };
}

/** The operator of a live challenge, counting this try; refused when it expired or was tried too often. */
export async function takeChallenge(db: Queryable, challenge: string, now: Date) {
  const found = await store.tryLoginChallenge(db, sha256Hex(challenge));
  if (!found || found.expires_at <= now || found.attempts > CHALLENGE_TRIES) {
    throw new AppError('second_factor_expired');
  }
  return { operatorId: found.operator_id };
}

/** The challenge is spent once its second step succeeded. */
export async function closeChallenge(db: Queryable, challenge: string) {
  await store.deleteLoginChallenge(db, sha256Hex(challenge));
}
