import { type EngagementSettingsBody, GAME_TYPES, toMajor, toMinor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';

/**
 * The growth weights and the referral rules: one settings document ('vip'), money in minor units. Defaults apply
 * where nothing was saved: deposits count 100 %, every product's valid bets 100 %; a friend qualifies with 100,000
 * deposited within 30 days, for a reward of 1 % of those deposits up to 50,000 at 1× turnover, without a cap of
 * rewarded friends per referrer. A document saved when the reward was a fixed amount keeps that amount as the cap.
 */
const VIP_SETTINGS_KEY = 'vip';

export interface EngagementSettings {
  depositPercent: number;
  /** Level-up bonuses are issued to claim rather than paid at once. */
  levelUpClaim: boolean;
  betPercent: Record<string, number>;
  referral: {
    minDeposit: bigint;
    /** The reward's share of the friend's deposits, in basis points (1 % = 100). */
    rewardBp: number;
    /** The most one friend earns (0 = no cap). */
    rewardCap: bigint;
    periodDays: number;
    maxRewards: number;
    turnoverMultiple: number;
  };
}

interface Stored {
  depositPercent?: number;
  levelUpClaim?: boolean;
  betPercent?: Record<string, number>;
  referral?: Partial<Record<'minDeposit' | 'rewardAmount' | 'rewardCap', string> & Record<string, unknown>>;
}

export async function engagementSettings(db: Queryable): Promise<EngagementSettings> {
  const stored = (await settingDocument<Stored>(db, VIP_SETTINGS_KEY)) ?? {};
  const referral = stored.referral ?? {};
  return {
    depositPercent: stored.depositPercent ?? 100,
    levelUpClaim: stored.levelUpClaim === true,
    betPercent: { ...Object.fromEntries(GAME_TYPES.map((type) => [type, 100])), ...stored.betPercent },
    referral: {
      minDeposit: BigInt(referral.minDeposit ?? '100000'),
      rewardBp: Math.round(Number(referral.rewardPercent ?? 1) * 100),
      rewardCap: BigInt(referral.rewardCap ?? referral.rewardAmount ?? '50000'),
      periodDays: Number(referral.periodDays ?? 30),
      maxRewards: Number(referral.maxRewards ?? 0),
      turnoverMultiple: Number(referral.turnoverMultiple ?? 1),
    },
  };
}

function view(settings: EngagementSettings, currency: Currency) {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    ...currency,
    depositPercent: settings.depositPercent,
    levelUpClaim: settings.levelUpClaim,
    betPercent: settings.betPercent as EngagementSettingsBody['betPercent'],
    referral: {
      minDeposit: major(settings.referral.minDeposit),
      rewardPercent: settings.referral.rewardBp / 100,
      rewardCap: major(settings.referral.rewardCap),
      periodDays: settings.referral.periodDays,
      maxRewards: settings.referral.maxRewards,
      turnoverMultiple: settings.referral.turnoverMultiple,
    },
  };
}

export async function settingsForConsole(deps: Pick<AppDeps, 'db' | 'config'>) {
  const [settings, currency] = await Promise.all([engagementSettings(deps.db), currencyOf(deps)]);
  return view(settings, currency);
}

/** An amount of the console in minor units: amount_invalid with more decimals than the currency has. */
export function minorOf(value: number, digits: number, field: string): bigint {
  const minor = toMinor(value, digits);
  if (minor === null) throw new AppError('amount_invalid', { [field]: 'invalid_value' });
  return minor;
}

export async function saveSettings(deps: AppDeps, call: OperatorCall, input: EngagementSettingsBody) {
  const currency = await currencyOf(deps);
  const minDeposit = minorOf(input.referral.minDeposit, currency.digits, 'referral.minDeposit');
  const rewardCap = minorOf(input.referral.rewardCap, currency.digits, 'referral.rewardCap');
  return operatorWrite(deps, call, { entity: 'vip_settings', action: 'update' }, async (tx) => {
    const before = view(await engagementSettings(tx), currency);
    await writeSettingDocument(
      tx,
      VIP_SETTINGS_KEY,
      {
        depositPercent: input.depositPercent,
        levelUpClaim: input.levelUpClaim,
        betPercent: input.betPercent,
        referral: {
          ...input.referral,
          minDeposit: minDeposit.toString(),
          rewardCap: rewardCap.toString(),
        },
      },
      call.now,
    );
    const after = view(await engagementSettings(tx), currency);
    return { entityId: VIP_SETTINGS_KEY, before, after, result: after };
  });
}
