import type { Transaction } from '../../db/database.ts';
import { mayAct } from '../responsible/check.ts';
import { checkWins } from '../risk/flags.ts';
import { type Posted, post } from '../wallet/ledger.ts';
import { assertStakeAllowed, countRounds, turnoverWeight } from '../wallet/turnover.ts';
import * as rounds from './rounds-store.ts';

/**
 * The one writer of a game round. Whoever plays a round (the seamless wallet for providers and the house games, the
 * lottery for its tickets) stakes, pays out and refunds through these functions, in its own transaction: each call
 * writes the round's row (`game_rounds`), the ledger posting (one balanced posting per key, through the ledger's
 * write) and the round's turnover together, so none of the three can exist without the others.
 *
 * Every settled valid stake counts towards the turnover obligations, whatever the game (a provider's, a house game,
 * a lottery ticket): when a round is settled, its stake less its low-risk part (`lowRiskStake` of a payout),
 * weighted per product type, fills the member's oldest open obligations in scope (wallet/turnover.ts); a stake
 * refunded after that takes back what it gave. An open or void round counts nothing, nor does play money.
 */

/**
 * Brings the rounds' turnover contributions in line with the rounds as written (settled: their weighted valid
 * stake), and has each settled round's payout checked against the risk rules (big_win, once per round). One round,
 * or a settled batch with its reads and writes set-based (the rounds, the rules, the weights, the members owing).
 */
async function countTurnover(
  tx: Transaction,
  roundIds: bigint[],
  now: Date,
  /** The rounds as just written, when the caller has them (not read again). */
  written?: rounds.RoundTurnoverDb[],
) {
  const read = new Map(
    (written ?? (await rounds.roundsTurnover(tx, roundIds))).map((round) => [round.id, round]),
  );
  // In the order given (a member's obligations fill from their rounds in that order).
  const all = roundIds.map((id) => {
    const round = read.get(id);
    if (!round) throw new Error(`game round ${id} vanished`);
    return round;
  });
  const counting = new Set(all.filter((round) => round.status === 'settled' && !round.play_money));
  await checkWins(
    tx,
    [...counting].map((round) => ({
      memberId: round.member_id,
      subject: `round:${round.id}`,
      stake: round.bet,
      win: round.win,
      at: now,
    })),
  );
  const weights = new Map<string, number>();
  const changed: Parameters<typeof countRounds>[1] = [];
  for (const round of all) {
    let weight = 0;
    if (counting.has(round)) {
      weight = weights.get(round.product_type) ?? (await turnoverWeight(tx, round.product_type));
      weights.set(round.product_type, weight);
    }
    const target = (round.valid_stake * BigInt(weight)) / 100n;
    if (target === round.turnover_counted) continue;
    changed.push({
      id: round.id,
      memberId: round.member_id,
      productType: round.product_type,
      counted: round.turnover_counted,
      target,
    });
  }
  const counted = await countRounds(tx, changed, now);
  await rounds.setTurnoverCounted(
    tx,
    changed.map((round, index) => ({ id: round.id, counted: counted[index] as bigint })),
  );
}

export interface RoundOf {
  memberId: number;
  gameId: number;
  /** The round's reference within the game (a provider's round id, the lottery's ticket number). */
  ref: string;
  currency: string;
  /** A closed round is settled. */
  closed: boolean;
  /** Played with a trial account's play money (against the house's play account); money when left out. */
  playMoney?: boolean;
}

/** The ledger posting of a movement: its key (one posting per key, ever) and the record it shows. */
export interface Booking {
  key: string;
  /** The record the posting shows; the round (`game-round:<id>`) when left out. */
  reference?: string;
}

/** Where a round's money moves: the member's main wallet against the house's games account, or play money. */
function purse(playMoney: boolean | undefined) {
  return playMoney
    ? ({ wallet: 'play', house: 'house:play' } as const)
    : ({ wallet: 'main', house: 'house:games' } as const);
}

const referenceOf = (booking: Booking, roundId: bigint | null) =>
  booking.reference ?? `game-round:${roundId ?? ''}`;

/** A stake's or a payout's round, and with `answerAccounts` the member's accounts after its posting (if it posted). */
export interface Moved {
  roundId: bigint;
  accounts?: Posted['accounts'];
}

/**
 * A stake: it leaves the member's wallet for the house and goes into the round (opened by it). Responsible gaming's
 * check comes first: a stake over a limit, or a new round during a break or past a time limit, is refused.
 */
export async function stake(
  tx: Transaction,
  round: RoundOf,
  amount: bigint,
  booking: Booking,
  now: Date,
  options: { answerAccounts?: boolean } = {},
): Promise<Moved> {
  // Checked before the round is written: the limits count what the member's rounds hold, this stake apart.
  const newRound = !(await rounds.roundExists(tx, round));
  if (amount > 0n && !round.playMoney) await mayAct(tx, round.memberId, 'bet', { amount, now, newRound });
  const written = await rounds.addToRoundRead(tx, round, { bet: amount, win: 0n }, now);
  const roundId = written.id;
  let posted: Posted | null = null;
  if (amount > 0n) {
    // While a bonus with a max stake is being wagered, a larger bet is refused (bonus_max_stake) before money moves.
    if (!round.playMoney) {
      await assertStakeAllowed(tx, round.memberId, written.product_type, amount, now);
    }
    const { wallet, house } = purse(round.playMoney);
    posted = await post(
      tx,
      {
        key: booking.key,
        kind: 'bet',
        memberId: round.memberId,
        reference: referenceOf(booking, roundId),
        legs: [
          { account: { member: round.memberId, wallet }, amount: -amount },
          { account: { system: house }, amount },
        ],
      },
      now,
      options,
    );
  }
  await countTurnover(tx, [roundId], now, [written]);
  return { roundId, accounts: posted?.accounts };
}

/**
 * A payout (0 or more): paid from the house into the member's wallet, in the round (a closed round is settled).
 * `lowRiskStake`: the part of the round's stake in a low-risk pattern, which counts no turnover.
 */
export async function payout(
  tx: Transaction,
  round: RoundOf,
  amount: bigint,
  booking: Booking,
  now: Date,
  options: { lowRiskStake?: bigint; answerAccounts?: boolean } = {},
): Promise<Moved> {
  const written = await rounds.addToRoundRead(
    tx,
    round,
    { bet: 0n, win: amount, lowRiskStake: options.lowRiskStake },
    now,
  );
  const roundId = written.id;
  let posted: Posted | null = null;
  if (amount > 0n) {
    const { wallet, house } = purse(round.playMoney);
    posted = await post(
      tx,
      {
        key: booking.key,
        kind: 'payout',
        memberId: round.memberId,
        reference: referenceOf(booking, roundId),
        legs: [
          { account: { system: house }, amount: -amount },
          { account: { member: round.memberId, wallet }, amount },
        ],
      },
      now,
      { answerAccounts: options.answerAccounts },
    );
  }
  await countTurnover(tx, [roundId], now, [written]);
  return { roundId, accounts: posted?.accounts };
}

/**
 * A refund: a stake comes back to the member or a payout is taken back, and leaves the round; a round left with
 * nothing staked or won is void. A refunded stake of a settled round takes back the turnover it contributed.
 */
export async function refund(
  tx: Transaction,
  target: { roundId: bigint | null; memberId: number; playMoney?: boolean },
  part: { kind: 'stake' | 'payout'; amount: bigint },
  booking: Booking,
  now: Date,
): Promise<void> {
  const isStake = part.kind === 'stake';
  if (target.roundId !== null) {
    await rounds.reverseInRound(
      tx,
      target.roundId,
      isStake ? { bet: part.amount, win: 0n } : { bet: 0n, win: part.amount },
      now,
    );
  }
  if (target.roundId !== null) await countTurnover(tx, [target.roundId], now);
  if (part.amount <= 0n) return;
  const { wallet, house } = purse(target.playMoney);
  const toMember = isStake ? part.amount : -part.amount;
  await post(
    tx,
    {
      key: booking.key,
      kind: 'refund',
      memberId: target.memberId,
      reference: referenceOf(booking, target.roundId),
      legs: [
        { account: { member: target.memberId, wallet }, amount: toMember },
        { account: { system: house }, amount: -toMember },
      ],
    },
    now,
  );
}

/** Settles a batch of open rounds (the lottery's tickets of a draw), each with its payout (0 or more). */
export async function settleBatch(
  tx: Transaction,
  settled: { roundId: bigint; memberId: number; payout: bigint; booking: Booking }[],
  now: Date,
): Promise<void> {
  for (const round of settled) {
    if (round.payout <= 0n) continue;
    await post(
      tx,
      {
        key: round.booking.key,
        kind: 'payout',
        memberId: round.memberId,
        reference: referenceOf(round.booking, round.roundId),
        legs: [
          { account: { system: 'house:games' }, amount: -round.payout },
          { account: { member: round.memberId, wallet: 'main' }, amount: round.payout },
        ],
      },
      now,
    );
  }
  await rounds.settleRounds(
    tx,
    settled.map((round) => ({ id: round.roundId, win: round.payout })),
    now,
  );
  await countTurnover(
    tx,
    settled.map((round) => round.roundId),
    now,
  );
}

/** Closes a round an operator settled from the console (its money moved through payout or refund first). */
export async function closeByOperator(tx: Transaction, roundId: bigint, operatorId: number, now: Date) {
  await rounds.markRoundSettledBy(tx, roundId, operatorId, now);
  await countTurnover(tx, [roundId], now);
}
