import { currencyDigits, type RiskSettings, riskSettings, toMinor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { merchant } from '../system/merchant.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';

/**
 * The rules an operator sets (the settings document 'risk'). The document keeps the amounts as the operator wrote
 * them (major units) and, converted once on save with the merchant's currency, in minor units with the currency's
 * decimals, so that a check inside another area's transaction needs no currency of its own.
 */

const RISK_SETTINGS_KEY = 'risk';

/** Every rule off until an operator switches it on. */
export const DEFAULT_RISK_SETTINGS: RiskSettings = {
  bigWinAmount: 0,
  bigWinMultiple: 0,
  depositVelocityCount: 0,
  depositVelocityMinutes: 60,
  withdrawalVelocityCount: 0,
  withdrawalVelocityMinutes: 60,
  payeeNameMismatch: false,
  quickWithdrawalHours: 0,
  quickWithdrawalTurnoverPercent: 50,
  sharedDevice: false,
  sharedPaymentAccount: false,
  adjustmentSecondApprovalAbove: 0,
  autoApproveWithdrawalsBelow: 0,
};

const MINOR_FIELDS = [
  'bigWinAmount',
  'adjustmentSecondApprovalAbove',
  'autoApproveWithdrawalsBelow',
] as const;
type MinorField = (typeof MINOR_FIELDS)[number];

export interface RiskRules extends RiskSettings {
  /** The currency's decimals when the rules were saved. */
  digits: number;
  /** The amounts in minor units (0n: off). */
  minor: Record<MinorField, bigint>;
}

interface StoredRules extends Partial<RiskSettings> {
  digits?: number;
  minor?: Partial<Record<MinorField, string>>;
}

function settingsOf(stored: StoredRules | null): RiskSettings {
  const { digits: _digits, minor: _minor, ...settings } = stored ?? {};
  return { ...DEFAULT_RISK_SETTINGS, ...settings };
}

/** The rules as the console shows them. */
export async function riskSettingsOf(db: Queryable): Promise<RiskSettings> {
  return settingsOf(await settingDocument<StoredRules>(db, RISK_SETTINGS_KEY));
}

/** The rules as the checks read them (in the caller's transaction). */
export async function riskRules(db: Queryable): Promise<RiskRules> {
  const stored = await settingDocument<StoredRules>(db, RISK_SETTINGS_KEY);
  const minor = Object.fromEntries(
    MINOR_FIELDS.map((field) => [field, BigInt(stored?.minor?.[field] ?? '0')]),
  ) as Record<MinorField, bigint>;
  return { ...settingsOf(stored), digits: stored?.digits ?? 2, minor };
}

/** Replaces the rules, audited with the rules before and after. */
export async function saveRiskSettings(deps: AppDeps, call: OperatorCall, value: RiskSettings) {
  const parsed = riskSettings.parse(value);
  const digits = currencyDigits((await merchant(deps.db, deps.config.merchantCode)).currency);
  const minor: Record<string, string> = {};
  for (const field of MINOR_FIELDS) {
    const converted = toMinor(parsed[field], digits);
    if (converted === null) throw new AppError('amount_invalid', { [field]: 'invalid_value' });
    minor[field] = converted.toString();
  }
  return operatorWrite(deps, call, { entity: RISK_SETTINGS_KEY, action: 'update' }, async (tx) => {
    const before = await riskSettingsOf(tx);
    await writeSettingDocument(tx, RISK_SETTINGS_KEY, { ...parsed, digits, minor }, call.now);
    return { entityId: RISK_SETTINGS_KEY, before, after: parsed, result: parsed };
  });
}
