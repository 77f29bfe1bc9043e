import type { TableBetAnswer, tableBetRequest } from '@tessera/contract';
import type { z } from 'zod';
import type { GameSessionCaller } from '../../../../platform/access.ts';
import { AppError } from '../../../../platform/app-error.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import { sha256Hex } from '../../../../platform/crypto.ts';
import { uuid } from '../../../../platform/rng.ts';
import { encodeAnswer, type IdempotencyKey } from '../../../../platform/write.ts';
import * as seamless from '../../providers/seamless.ts';
import { type Money, RoundClosed, SEAMLESS_MONEY, walletRefusal } from '../round-play.ts';
import { spotType, validSpot } from './draw.ts';
import { currentRounds } from './rounds.ts';
import * as store from './store.ts';
import { sessionTable, stakeStep } from './tables.ts';
import { betView } from './views.ts';

/**
 * A bet on the open round of the session's table: the spots are checked against the table's layout and limits, then
 * the stake leaves the wallet with one seamless bet (the session's token, transaction `<ref>:bet`), whose own
 * transaction writes the bet's row after checking, with the round's row held shared, that betting is still open. So a
 * bet is on the round exactly when its stake was taken, and never after the close: the draw takes the row's lock
 * for update. A request repeated with its Idempotency-Key answers the first bet and moves nothing.
 */

type BetRequest = z.output<typeof tableBetRequest>;

class BettingClosed extends Error {}
class OutOfLimits extends Error {}

export async function placeTableBet(
  deps: AppDeps,
  player: GameSessionCaller,
  request: BetRequest,
  idempotency: IdempotencyKey | null,
  language: string,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<TableBetAnswer> {
  const table = await sessionTable(deps, player);
  const key = idempotency?.key ?? `auto:${uuid(deps.rng)}`;
  const fingerprint = sha256Hex(
    encodeAnswer({ table: table.game_id, request: idempotency?.fingerprint ?? request }),
  );
  const earlier = await store.findBetByKey(deps.db, player.memberId, key);
  if (earlier) return repeated(deps, table, earlier, fingerprint, language);

  // The layout and the steps; the limits per spot are checked again with the member's earlier bets of the round.
  const step = await stakeStep(deps);
  const merged = new Map<string, bigint>();
  for (const { spot, stake } of request.spots) {
    if (!validSpot(table.kind, spot)) throw new AppError('house_bet_invalid_spot');
    const amount = BigInt(stake);
    if (amount <= 0n || amount % step !== 0n) throw new AppError('house_bet_out_of_limits');
    merged.set(spot, (merged.get(spot) ?? 0n) + amount);
  }
  const spots = [...merged].map(([spot, stake]) => ({ spot, stake: stake.toString() }));
  const total = spots.reduce((sum, spot) => sum + BigInt(spot.stake), 0n);
  const limitOf = (spot: string) => table.limits[spotType(spot)];
  for (const spot of spots) {
    const limit = limitOf(spot.spot);
    if (!limit || BigInt(spot.stake) < BigInt(limit.min) || BigInt(spot.stake) > BigInt(limit.max)) {
      throw new AppError('house_bet_out_of_limits');
    }
  }

  const { current } = await currentRounds(deps, table, now);
  if (
    BigInt(request.round) !== BigInt(current.round_no) ||
    current.opens_at.getTime() > now.getTime() ||
    current.closes_at.getTime() <= now.getTime()
  ) {
    throw new AppError('house_betting_closed');
  }
  const wallet = await seamless.balance(deps, player.provider, player, now);
  if (!wallet.ok) throw walletRefusal(wallet.refusal, 'unauthorized');
  if (wallet.state.balance < total) throw new AppError('insufficient_balance');

  const ref = uuid(deps.rng);
  const clientSeed = request.clientSeed ?? deps.rng.bytes(8).toString('hex');
  let result: seamless.SeamlessResult;
  try {
    result = await money.bet(
      deps,
      table.provider,
      {
        transactionUuid: `${ref}:bet`,
        memberId: player.memberId,
        token: player.token,
        gameCode: table.code,
        round: { ref, closed: false },
        currency: wallet.state.currency,
        amount: total,
      },
      now,
      async (tx, effect) => {
        const round = await store.lockRound(tx, current.id, 'share');
        if (round?.state !== 'betting' || round.closes_at.getTime() <= now.getTime())
          throw new BettingClosed();
        // The member's earlier bets of the round count towards each spot's limit (see memberRoundSpots).
        const before = new Map<string, bigint>();
        for (const row of await store.memberRoundSpots(tx, current.id, player.memberId)) {
          for (const spot of row.spots)
            before.set(spot.spot, (before.get(spot.spot) ?? 0n) + BigInt(spot.stake));
        }
        for (const spot of spots) {
          const limit = limitOf(spot.spot);
          if (!limit || (before.get(spot.spot) ?? 0n) + BigInt(spot.stake) > BigInt(limit.max)) {
            throw new OutOfLimits();
          }
        }
        await store.insertBet(
          tx,
          {
            round_id: current.id,
            member_id: player.memberId,
            ref,
            request_key: key,
            request_fingerprint: fingerprint,
            client_seed: clientSeed,
            currency: wallet.state.currency,
            spots,
            stake: total,
            bet_transaction: `${ref}:bet`,
            win_transaction: `${ref}:win`,
            rollback_transaction: `${ref}:rollback`,
            gameRoundId: effect.roundId,
          },
          now,
        );
      },
    );
  } catch (error) {
    if (error instanceof BettingClosed) throw new AppError('house_betting_closed');
    if (error instanceof OutOfLimits) throw new AppError('house_bet_out_of_limits');
    if (error instanceof RoundClosed) throw new AppError('house_betting_closed');
    // The same key raced in: the first request's bet stands.
    const raced = await store.findBetByKey(deps.db, player.memberId, key);
    if (raced) return repeated(deps, table, raced, fingerprint, language);
    throw error;
  }
  if (!result.ok) throw result.error ?? walletRefusal(result.refusal, 'unauthorized');
  const bet = await store.findBetByKey(deps.db, player.memberId, key);
  if (!bet) throw new Error('the placed table bet vanished');
  return {
    bet: await betView(deps, bet, table, current, language),
    balance: result.state.balance.toString(),
  };
}

async function repeated(
  deps: AppDeps,
  table: Awaited<ReturnType<typeof sessionTable>>,
  bet: store.TableBetDb,
  fingerprint: string,
  language: string,
): Promise<TableBetAnswer> {
  if (bet.request_fingerprint !== fingerprint) throw new AppError('idempotency_key_reused');
  const round = await store.findRound(deps.db, bet.round_id);
  if (!round) throw new Error('a table bet without its round');
  const wallet = await seamless.memberState(deps, bet.member_id);
  return {
    bet: await betView(deps, bet, table, round, language),
    balance: (wallet?.balance ?? 0n).toString(),
  };
}
