import {
  KYC_MIN_AGE,
  type KycDocument,
  type KycDocumentKind,
  type KycSettings,
  type KycView,
  kycSettings,
  toMinor,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { sha256Hex } from '../../platform/crypto.ts';
import type { OperatorCall } from '../../platform/operator-write.ts';
import { uuid } from '../../platform/rng.ts';
import { write } from '../../platform/write.ts';
import { replaceSetting, settingDocument } from '../system/settings.ts';
import type { CleanDocument } from './documents.ts';
import * as store from './store.ts';

/**
 * KYC, the member's side and the rules other areas ask: the member uploads identity documents one kind at a time
 * (with the date of birth they show), which makes the verification pending; the settings say when a withdrawal
 * needs a verified member, and the wallet asks `assertWithdrawalAllowed` before it takes a request.
 */

const KYC_SETTINGS_KEY = 'kyc';
const DEFAULT_KYC_SETTINGS: KycSettings = { withdrawal: 'never', withdrawalAbove: 0 };

export async function kycSettingsOf(db: Queryable): Promise<KycSettings> {
  const stored = await settingDocument<Partial<KycSettings>>(db, KYC_SETTINGS_KEY);
  return { ...DEFAULT_KYC_SETTINGS, ...stored };
}

export async function saveKycSettings(
  deps: AppDeps,
  call: OperatorCall,
  value: KycSettings,
  digits: number,
): Promise<KycSettings> {
  const above = toMinor(value.withdrawalAbove, digits);
  if (above === null || above < 0n)
    throw new AppError('validation_failed', { withdrawalAbove: 'invalid_value' });
  return replaceSetting(deps, call, KYC_SETTINGS_KEY, kycSettingsOf, kycSettings.parse(value));
}

/**
 * Refuses a withdrawal of `amount` (minor units) with kyc_required when the settings need a verified member for it
 * (always, or above the amount set) and the member is not verified.
 */
export async function assertWithdrawalAllowed(
  db: Queryable,
  memberId: number,
  amount: bigint,
  digits: number,
): Promise<void> {
  const settings = await kycSettingsOf(db);
  if (settings.withdrawal === 'never') return;
  if (settings.withdrawal === 'above' && amount <= (toMinor(settings.withdrawalAbove, digits) ?? 0n)) return;
  if (!(await store.isVerified(db, memberId))) throw new AppError('kyc_required');
}

/** Whole years from a YYYY-MM-DD date of birth to the UTC day of `now`. */
function ageOn(dateOfBirth: string, now: Date): number {
  const [year = 0, month = 0, day = 0] = dateOfBirth.split('-').map(Number);
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth() + 1;
  const d = now.getUTCDate();
  return y - year - (m < month || (m === month && d < day) ? 1 : 0);
}

/** Refuses a date of birth in the future or before 1900 (a mistake), then one under 18 with kyc_under_age. */
export function assertAdult(dateOfBirth: string, now: Date, field = 'dateOfBirth'): void {
  const age = ageOn(dateOfBirth, now);
  if (dateOfBirth < '1900-01-01' || dateOfBirth > now.toISOString().slice(0, 10)) {
    throw new AppError('validation_failed', { [field]: 'invalid_value' });
  }
  if (age < KYC_MIN_AGE) throw new AppError('kyc_under_age', { [field]: 'invalid_value' });
}

export const documentView = (row: store.KycDocumentDb): KycDocument => ({
  id: row.id,
  kind: row.kind,
  contentType: row.content_type,
  size: row.size,
  createdAt: row.created_at.toISOString(),
});

/** The member's verification as the member sees it. */
export async function memberKyc(db: Queryable, memberId: number): Promise<KycView> {
  const [found, docs, settings] = await Promise.all([
    store.verification(db, memberId),
    store.documents(db, [memberId]),
    kycSettingsOf(db),
  ]);
  return {
    status: found?.status ?? 'none',
    reason: found?.reason ?? '',
    dateOfBirth: found?.date_of_birth ?? null,
    submittedAt: found?.submitted_at.toISOString() ?? null,
    reviewedAt: found?.reviewed_at?.toISOString() ?? null,
    documents: docs.map(documentView),
    settings,
  };
}

/**
 * A document upload: stored (replacing the member's earlier one of its kind) and the verification made pending,
 * in one transaction. The date of birth must be 18 or more years ago; a verified member uploads nothing more.
 */
export async function uploadDocument(
  deps: AppDeps,
  memberId: number,
  input: { kind: KycDocumentKind; dateOfBirth: string },
  document: CleanDocument,
  now: Date,
): Promise<KycView> {
  assertAdult(input.dateOfBirth, now);
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (!(await store.submit(tx, memberId, input.dateOfBirth, now)))
      throw new AppError('kyc_already_verified');
    await store.putDocument(tx, {
      id: uuid(deps.rng),
      memberId,
      kind: input.kind,
      contentType: document.contentType,
      bytes: document.bytes,
      sha256: sha256Hex(document.bytes),
      at: now,
    });
    return memberKyc(tx, memberId);
  });
}
