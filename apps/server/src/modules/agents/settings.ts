import { type AgentSettingsBody, toMajor, toMinor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { settingDocument, writeSettingDocument } from '../system/settings.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { CONTRACT_SETTINGS_KEY, offerExpiryHours } from './contracts.ts';
import { AGENT_SETTINGS_KEY, agentSettings } from './metrics.ts';
import { SETTLEMENT_SETTINGS_KEY, settlementSettings } from './settlement-console.ts';

/**
 * The agents' site-wide settings in the console: one view of the three settings documents their parts read
 * (metrics.ts 'agents': active member minimums and includeAgent; contracts.ts 'agent_contracts': the offer expiry;
 * settlement-console.ts 'agents.settlement': the dividend second approval), replaced together in one audited write.
 */

async function settingsView(db: Queryable, currency: Currency): Promise<AgentSettingsBody> {
  const [agents, expiryHours, settlement] = await Promise.all([
    agentSettings(db),
    offerExpiryHours(db),
    settlementSettings(db),
  ]);
  return {
    includeAgent: agents.includeAgent,
    activeMinDeposit: toMajor(BigInt(agents.activeMinDeposit), currency.digits),
    activeMinValidBet: toMajor(BigInt(agents.activeMinValidBet), currency.digits),
    offerExpiryHours: expiryHours,
    dividendSecondApprovalFrom: settlement.dividendSecondApprovalFrom,
  };
}

export async function agentSettingsForConsole(deps: Pick<AppDeps, 'db' | 'config'>) {
  const currency = await currencyOf(deps);
  return { ...(await settingsView(deps.db, currency)), ...currency };
}

/** An amount of the settings in minor units: amount_invalid with more decimals than the currency has. */
function minorOf(value: number, digits: number, field: string): number {
  const minor = toMinor(value, digits);
  if (minor === null) throw new AppError('amount_invalid', { [field]: 'invalid_value' });
  return Number(minor);
}

/** Replaces the agents' settings, each document merged into what is stored, audited with the view before and after. */
export async function saveAgentSettings(deps: AppDeps, call: OperatorCall, input: AgentSettingsBody) {
  const currency = await currencyOf(deps);
  const activeMinDeposit = minorOf(input.activeMinDeposit, currency.digits, 'activeMinDeposit');
  const activeMinValidBet = minorOf(input.activeMinValidBet, currency.digits, 'activeMinValidBet');
  // Checked the same way, though stored in major units as the settlement reads it.
  minorOf(input.dividendSecondApprovalFrom, currency.digits, 'dividendSecondApprovalFrom');
  return operatorWrite(deps, call, { entity: 'agent_settings', action: 'update' }, async (tx) => {
    const before = await settingsView(tx, currency);
    const stored = async (key: string) => (await settingDocument<Record<string, unknown>>(tx, key)) ?? {};
    await writeSettingDocument(
      tx,
      AGENT_SETTINGS_KEY,
      {
        ...(await stored(AGENT_SETTINGS_KEY)),
        includeAgent: input.includeAgent,
        activeMinDeposit,
        activeMinValidBet,
      },
      call.now,
    );
    await writeSettingDocument(
      tx,
      CONTRACT_SETTINGS_KEY,
      { ...(await stored(CONTRACT_SETTINGS_KEY)), offerExpiryHours: input.offerExpiryHours },
      call.now,
    );
    await writeSettingDocument(
      tx,
      SETTLEMENT_SETTINGS_KEY,
      {
        ...(await stored(SETTLEMENT_SETTINGS_KEY)),
        dividendSecondApprovalFrom: input.dividendSecondApprovalFrom,
      },
      call.now,
    );
    const after = await settingsView(tx, currency);
    return { entityId: 'agents', before, after, result: { ...after, ...currency } };
  });
}
