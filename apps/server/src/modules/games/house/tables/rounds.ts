import type { TableOutcome } from '@tessera/contract';
import type { AppDeps } from '../../../../platform/context.ts';
import { write } from '../../../../platform/write.ts';
import { type Money, RoundClosed, SEAMLESS_MONEY } from '../round-play.ts';
import { drawOutcome, lowRiskStake, newRoundSeed, openRoundSeed, payoutOf } from './draw.ts';
import { roundAt, roundTimes } from './schedule.ts';
import * as store from './store.ts';

/**
 * A table's rounds, exactly once whatever the number of processes. A round's row (with its committed server seed)
 * is written by whoever needs it first: `insert … on conflict do nothing`, so one seed wins. Once its betting has
 * closed, whoever comes first (a player's poll, a bet, the settle job) draws it under the row's lock: one draw, the
 * outcome and revealed seed stored with it. Then every bet is paid with one seamless win of its own transaction id
 * (0 for a loss, so the bet's round closes in the betting record), which settles the bet in the same transaction: a
 * second settler's win is a duplicate that moves nothing. After downtime the same steps settle late rounds: the
 * outcome follows from the committed seed and the bets placed before the close, so it is the one it would have been.
 * A round whose seed no longer opens (the secrets key changed) cannot be drawn fairly: it is voided and each bet
 * rolled back.
 */

/** The round in play and the next one, written if missing (the next one's commitment is shown before it opens). */
export async function currentRounds(deps: AppDeps, table: store.TableDb, now: Date) {
  const times = roundAt(table, now);
  const nextTimes = roundTimes(table, times.roundNo + 1n);
  const ensure = async (t: typeof times) => {
    const found = await store.findRoundByNo(deps.db, table.game_id, t.roundNo);
    if (found) return found;
    const seed = newRoundSeed(deps, table.game_id, t.roundNo);
    return write(deps.db, { isolation: 'read committed' }, (tx) =>
      store.ensureRound(tx, { gameId: table.game_id, ...t, ...seed }, now),
    );
  };
  return { current: await ensure(times), next: await ensure(nextTimes) };
}

export interface SettleSummary {
  drawn: number;
  paid: number;
  voided: number;
}

/**
 * Draws a round whose betting closed (if not drawn yet) and pays its bets; voids it when it cannot be drawn.
 * Idempotent and safe to run at once in several processes.
 */
export async function settleRound(
  deps: AppDeps,
  roundId: bigint,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<SettleSummary> {
  const summary: SettleSummary = { drawn: 0, paid: 0, voided: 0 };
  const first = await store.findRound(deps.db, roundId);
  if (!first || first.closes_at.getTime() > now.getTime()) return summary;
  const table = await store.findTable(deps.db, first.game_id);
  if (!table) throw new Error(`table round ${roundId}: its table vanished`);
  if (first.state === 'betting') {
    const drawn = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const round = await store.lockRound(tx, roundId, 'update');
      if (round?.state !== 'betting') return false;
      const serverSeed = openRoundSeed(deps, round);
      if (serverSeed === null) {
        await store.markVoided(tx, roundId, 'seed_unavailable', now);
        return false;
      }
      // Under the row's lock no bet can join: a bet holds the row shared while it checks that betting is open.
      const bets = await store.roundBets(tx, roundId);
      const { salt, outcome } = drawOutcome(
        table.kind,
        table.room,
        round.round_no,
        serverSeed,
        bets.map((bet) => bet.client_seed),
      );
      await store.markDrawn(tx, roundId, { serverSeed, salt, outcome: JSON.stringify(outcome) }, now);
      return true;
    });
    if (drawn) summary.drawn += 1;
  }
  const round = await store.findRound(deps.db, roundId);
  if (!round) throw new Error(`table round ${roundId} vanished`);
  if (round.state === 'voided') {
    for (const bet of await store.roundBets(deps.db, roundId)) {
      if (bet.state !== 'placed') continue;
      if (await voidBet(deps, table, bet, round.void_reason ?? 'voided', money, now)) summary.voided += 1;
    }
    return summary;
  }
  if (round.state !== 'drawn') return summary;
  const outcome = round.outcome as TableOutcome;
  for (const bet of await store.roundBets(deps.db, roundId)) {
    if (bet.state !== 'placed') continue;
    if (await payBet(deps, table, bet, outcome, money, now)) summary.paid += 1;
  }
  await write(deps.db, { isolation: 'read committed' }, (tx) => store.closeRoundIfDone(tx, roundId, now));
  return summary;
}

/** Pays a bet what its spots won (0 on a loss); true when this call settled it. */
async function payBet(
  deps: AppDeps,
  table: store.TableDb,
  bet: store.TableBetDb,
  outcome: TableOutcome,
  money: Money,
  now: Date,
): Promise<boolean> {
  const payout = payoutOf(bet.spots, outcome);
  // Betting has closed: the member's bets of the round are final.
  const memberSpots = (await store.memberRoundSpots(deps.db, bet.round_id, bet.member_id)).flatMap(
    (row) => row.spots,
  );
  const lowRisk = lowRiskStake(table.kind, bet.spots, memberSpots);
  let settledHere = false;
  try {
    const result = await money.win(
      deps,
      table.provider,
      {
        transactionUuid: bet.win_transaction,
        memberId: bet.member_id,
        referenceUuid: bet.bet_transaction,
        gameCode: table.code,
        round: { ref: bet.ref, closed: true },
        currency: bet.currency,
        amount: payout,
        lowRiskStake: lowRisk,
      },
      now,
      async (tx) => {
        if (!(await store.settleBet(tx, bet.id, payout, now))) throw new RoundClosed(bet.id);
        settledHere = true;
      },
    );
    if (!result.ok) throw new Error(`the win of table bet ${bet.id} was refused: ${result.refusal}`);
  } catch (error) {
    if (!(error instanceof RoundClosed)) throw error;
  }
  return settledHere;
}

/** Rolls a bet back (its stake returns); true when this call voided it. */
async function voidBet(
  deps: AppDeps,
  table: store.TableDb,
  bet: store.TableBetDb,
  reason: string,
  money: Money,
  now: Date,
): Promise<boolean> {
  let voidedHere = false;
  try {
    const result = await money.rollback(
      deps,
      table.provider,
      {
        transactionUuid: bet.rollback_transaction,
        memberId: bet.member_id,
        referenceUuid: bet.bet_transaction,
      },
      now,
      async (tx) => {
        if (!(await store.voidBet(tx, bet.id, reason, now))) throw new RoundClosed(bet.id);
        voidedHere = true;
      },
    );
    if (!result.ok) throw new Error(`the rollback of table bet ${bet.id} was refused: ${result.refusal}`);
  } catch (error) {
    if (!(error instanceof RoundClosed)) throw error;
  }
  return voidedHere;
}

/** Settles every round whose betting closed (of one table, or all): the first request after a close, and the job. */
export async function settleDue(
  deps: AppDeps,
  now: Date,
  gameId: number | null = null,
  money: Money = SEAMLESS_MONEY,
): Promise<SettleSummary> {
  const total: SettleSummary = { drawn: 0, paid: 0, voided: 0 };
  const failures: string[] = [];
  for (const id of await store.dueRounds(deps.db, now, 100, gameId)) {
    try {
      const done = await settleRound(deps, id, now, money);
      total.drawn += done.drawn;
      total.paid += done.paid;
      total.voided += done.voided;
    } catch (error) {
      failures.push(`${id}: ${(error as Error).message}`);
    }
  }
  if (failures.length > 0) throw new Error(`table settlement failed for ${failures.join('; ')}`);
  return total;
}
