import {
  currencyDigits,
  type ErrorCode,
  fieldMessage,
  formatMoney,
  languageLocale,
  toMajor,
  toMinor,
  type WalletSettings,
  walletSettings,
} from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AttemptPolicy } from '../../platform/attempts.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { operatorWrite } from '../../platform/operator-write.ts';
import { merchant } from '../system/merchant.ts';
import { replaceSetting, settingDocument } from '../system/settings.ts';

const WALLET_SETTINGS_KEY = 'wallet';

/** What a site starts with until an operator changes it (the seed stores it). */
export const DEFAULT_WALLET_SETTINGS: WalletSettings = {
  turnoverMultiple: 1,
  withdrawalMin: 100,
  withdrawalMax: 50_000,
  withdrawalDailyCount: 5,
  autoReceiptMinutes: 60,
  paymentPasswordMaxFailures: 5,
  paymentPasswordLockMinutes: 30,
  transferUpEnabled: true,
  turnoverWeights: {},
  turnoverTolerance: 0,
  ukProfile: false,
};

export async function walletSettingsOf(db: Queryable): Promise<WalletSettings> {
  const stored = await settingDocument<Partial<WalletSettings>>(db, WALLET_SETTINGS_KEY);
  return { ...DEFAULT_WALLET_SETTINGS, ...stored };
}

export async function saveWalletSettings(
  deps: AppDeps,
  call: Parameters<typeof operatorWrite>[1],
  value: WalletSettings,
): Promise<WalletSettings> {
  const currency = await currencyOf(deps);
  for (const field of ['withdrawalMin', 'withdrawalMax'] as const) {
    const minor = toMinor(value[field], currency.digits);
    if (minor === null || minor <= 0n) {
      throw new AppError('validation_failed', { [field]: 'invalid_value' });
    }
  }
  if (toMinor(value.turnoverTolerance, currency.digits) === null) {
    throw new AppError('validation_failed', { turnoverTolerance: 'invalid_value' });
  }
  return replaceSetting(deps, call, WALLET_SETTINGS_KEY, walletSettingsOf, walletSettings.parse(value));
}

/** The merchant's currency, its symbol and its decimals. */
export interface Currency {
  currency: string;
  currencySymbol: string;
  digits: number;
}

export async function currencyOf(deps: Pick<AppDeps, 'db' | 'config'>): Promise<Currency> {
  return currencyOfMerchant(await merchant(deps.db, deps.config.merchantCode));
}

/**
 * The merchant's currency as held by the process (public content, dropped on every process when the merchant
 * changes): for the calls every round makes (the seamless wallet's balance, bet and win). Read on the pool, never
 * in a transaction that may be changing it.
 */
export function heldCurrencyOf(deps: Pick<AppDeps, 'db' | 'config' | 'local' | 'clock'>): Promise<Currency> {
  return deps.local.content.get('merchant currency', deps.clock.now(), () => currencyOf(deps));
}

export function currencyOfMerchant(found: { currency: string; currency_symbol: string }): Currency {
  return {
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    digits: currencyDigits(found.currency),
  };
}

/** A limit of the settings (major units) in minor units. */
export function minorLimit(major: number, currency: Currency): bigint {
  const minor = toMinor(major, currency.digits);
  if (minor === null) throw new Error(`wallet setting ${major} has more decimals than ${currency.currency}`);
  return minor;
}

/** An amount of minor units as the reader writes money: grouped, with the currency's decimals ("1,255.45"). */
export function moneyText(minor: bigint, currency: Currency, language: string): string {
  return formatMoney(toMajor(minor, currency.digits), currency.digits, languageLocale(language));
}

/** The field message of an amount below its minimum, stating that minimum as money ("Must be at least 0.01"). */
export function belowMinimum(min: bigint, currency: Currency, language: string): string {
  return fieldMessage('too_small', language, { min: moneyText(min, currency, language) });
}

/**
 * An amount of the wire in minor units of the currency. Refused with amount_invalid when it has more decimals than
 * the currency, and (with `belowMin`, amount_invalid unless given) when it is under the minimum: the currency's
 * smallest unit unless a channel or limit says more, which the message states.
 */
export function minorAmount(
  major: number,
  currency: Currency,
  language: string,
  options: { field?: string; min?: bigint; belowMin?: ErrorCode } = {},
): bigint {
  const field = options.field ?? 'amount';
  const minor = toMinor(major, currency.digits);
  if (minor === null) throw new AppError('amount_invalid', { [field]: 'invalid_value' });
  const min = options.min !== undefined && options.min > 1n ? options.min : 1n;
  if (minor < min) {
    throw new AppError(options.belowMin ?? 'amount_invalid', {
      [field]: belowMinimum(min, currency, language),
    });
  }
  return minor;
}

/** Wrong payment passwords counted per member: past the limit, locked for the configured minutes. */
export function paymentPasswordPolicy(settings: WalletSettings): AttemptPolicy {
  return {
    windowMinutes: settings.paymentPasswordLockMinutes,
    maxFailures: settings.paymentPasswordMaxFailures,
    lockMinutes: settings.paymentPasswordLockMinutes,
  };
}
