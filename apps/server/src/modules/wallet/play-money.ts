import type { Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { accountCode, post } from './ledger.ts';
import * as store from './ledger-store.ts';

/**
 * Play money: what a trial account (free play) plays the house's games with. It lives in the member's `play`
 * account, against the house's `house:play`, in a unit of its own (play), so no posting can move it against money,
 * and nothing that reads money accounts (balances, records, reports, turnover) sees it.
 */

/** A trial account's play money is brought back up to this (major units of the currency) when it opens a game. */
export const PLAY_MONEY_MAJOR = 2000n;

/** The member's play money, in minor units. */
export async function playBalance(deps: Pick<AppDeps, 'db'>, memberId: number): Promise<bigint> {
  return (await store.accountState(deps.db, accountCode({ member: memberId, wallet: 'play' }))).balance;
}

/**
 * Tops the member's play money up to PLAY_MONEY_MAJOR (of the currency), in the caller's transaction (that of the launch that needs
 * it). The key names the account's state (its number of entries): two launches at once grant it once.
 */
export async function topUpPlayMoney(
  tx: Transaction,
  memberId: number,
  /** The currency's decimals (currencyOf, read before the transaction). */
  digits: number,
  now: Date,
): Promise<void> {
  const target = PLAY_MONEY_MAJOR * 10n ** BigInt(digits);
  const account = { member: memberId, wallet: 'play' as const };
  const state = await store.accountState(tx, accountCode(account));
  if (state.balance >= target) return;
  await post(
    tx,
    {
      key: `play-money:${memberId}:${state.entries}`,
      kind: 'play_money',
      memberId,
      reference: `member:${memberId}`,
      remark: 'play money',
      legs: [
        { account, amount: target - state.balance },
        { account: { system: 'house:play' }, amount: state.balance - target },
      ],
    },
    now,
  );
}
