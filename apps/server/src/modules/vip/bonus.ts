import type { Transaction } from '../../db/database.ts';
import * as ledger from '../wallet/ledger.ts';
import { walletSettingsOf } from '../wallet/settings.ts';
import { openObligation } from '../wallet/turnover.ts';

export interface BonusCredit {
  memberId: number;
  /** The posting's idempotency key and the record it shows: vip-reward:<id>, referral:<friend id>, mission:<claim>,
   * raffle:<draw id>, rain:<envelope id>. */
  key: string;
  amount: bigint;
  /** The wagering requirement as a multiple of the amount. */
  turnoverMultiple: number;
  source:
    | 'vip_level_up'
    | 'vip_weekly'
    | 'vip_monthly'
    | 'referral'
    | 'promotion'
    | 'mission'
    | 'raffle'
    | 'red_envelope_rain';
  /** The record's kind: bonus unless given (a red envelope of the rain is a red_envelope). */
  kind?: 'bonus' | 'red_envelope';
  /** The product type whose stakes count towards its wagering; left out: every product. */
  productScope?: string | null;
  /** The largest stake per bet while its wagering is open; left out: no limit. */
  maxStake?: bigint | null;
}

/**
 * Credits a VIP, referral, promotion, mission, raffle or red envelope rain bonus: one balanced posting of kind bonus
 * (or red_envelope) from house:bonuses to the member's main wallet (idempotent by its key), and its wagering
 * requirement (a turnover obligation of source bonus, the amount
 * times `turnoverMultiple`), in the caller's transaction.
 */
export async function creditBonus(tx: Transaction, credit: BonusCredit, now: Date): Promise<bigint> {
  const posted = await ledger.post(
    tx,
    {
      key: credit.key,
      kind: credit.kind ?? 'bonus',
      memberId: credit.memberId,
      reference: credit.key,
      legs: [
        { account: { member: credit.memberId, wallet: 'main' }, amount: credit.amount },
        { account: { system: 'house:bonuses' }, amount: -credit.amount },
      ],
    },
    now,
  );
  // The reward's wagering requirement, in its credit's transaction. Under the UK profile a bonus must be scoped to
  // one product type; a site-wide reward (no scope) there carries none (wager-free).
  const scoped = (credit.productScope ?? null) !== null;
  if (!posted.replayed && (scoped || !(await walletSettingsOf(tx)).ukProfile)) {
    await openObligation(
      tx,
      {
        memberId: credit.memberId,
        source: 'bonus',
        sourceRef: credit.key,
        amount: credit.amount,
        multiple: credit.turnoverMultiple,
        productScope: credit.productScope ?? null,
        maxStake: credit.maxStake ?? null,
      },
      now,
    );
  }
  return posted.transactionId;
}
