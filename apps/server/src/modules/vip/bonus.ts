import type { Transaction } from '../../db/database.ts';
import * as ledger from '../wallet/ledger.ts';

export interface BonusCredit {
  memberId: number;
  /** The posting's idempotency key and the record it shows: vip-reward:<id>, referral:<friend id>. */
  key: string;
  amount: bigint;
  /** The wagering requirement as a multiple of the amount. */
  turnoverMultiple: number;
  source: 'vip_level_up' | 'vip_weekly' | 'vip_monthly' | 'referral';
}

/**
 * Credits a VIP or referral bonus: one balanced posting of kind bonus from house:bonuses to the member's main
 * wallet (idempotent by its key), and its wagering requirement, in the caller's transaction.
 */
export async function creditBonus(tx: Transaction, credit: BonusCredit, now: Date): Promise<bigint> {
  const posted = await ledger.post(
    tx,
    {
      key: credit.key,
      kind: 'bonus',
      memberId: credit.memberId,
      reference: credit.key,
      legs: [
        { account: { member: credit.memberId, wallet: 'main' }, amount: credit.amount },
        { account: { system: 'house:bonuses' }, amount: -credit.amount },
      ],
    },
    now,
  );
  if (!posted.replayed) {
    await requireTurnover(tx, {
      memberId: credit.memberId,
      source: credit.source,
      reference: credit.key,
      amount: credit.amount,
      requiredTurnover: credit.amount * BigInt(credit.turnoverMultiple),
    });
  }
  return posted.transactionId;
}

/**
 * The bonus's wagering requirement (turnover obligation). The wallet's obligations are being built beside this
 * work (issue 23 part 2); until they are merged the requirement is kept on the reward (vip_rewards.turnover_multiple,
 * referral settings) and this is where the obligation opens.
 */
async function requireTurnover(
  _tx: Transaction,
  _obligation: {
    memberId: number;
    source: string;
    reference: string;
    amount: bigint;
    requiredTurnover: bigint;
  },
): Promise<void> {
  // P1: openObligation
}
