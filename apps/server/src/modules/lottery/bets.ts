import type { LotteryTicket, lotteryBetRequest } from '@tessera/contract';
import { BET_TYPES, lineKey, selection } from '@tessera/lottery';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import * as rounds from '../games/round-owner.ts';
import { currencyOf } from '../wallet/settings.ts';
import { ensureDraws } from './draws.ts';
import { refundTicket } from './settlement.ts';
import * as store from './store.ts';
import { ticketView } from './views.ts';

type BetRequest = z.output<typeof lotteryBetRequest>;

/** What the house may owe on one line of a ticket: its points × the largest payout of one hit. */
function lineExposure(payouts: Record<string, string>, points: number): bigint {
  const largest = Object.values(payouts).reduce(
    (max, value) => (BigInt(value) > max ? BigInt(value) : max),
    0n,
  );
  return largest * BigInt(points);
}

/**
 * Sells a ticket on a draw on sale: the bet type must be offered on the game's result shape, the numbers read for
 * it, the points within its limit. The stake (lines × points × price per point) leaves the main wallet, and counts
 * towards the withdrawal turnover as any game's stake, in the transaction that writes the ticket and its
 * betting-record round, after checking, with the draw's row held shared,
 * that betting is still open (a draw takes that row for update), and that no line passes its liability cap.
 */
export async function placeBet(
  deps: AppDeps,
  memberId: number,
  request: BetRequest,
  idempotency: IdempotencyKey | null,
  language: string,
  now: Date,
): Promise<LotteryTicket> {
  const game = await store.gameByCode(deps.db, request.gameId);
  if (!game?.enabled) throw new AppError('lottery_game_not_found');
  const betType = BET_TYPES[request.betType];
  const odds = await store.oddsOf(deps.db, game.shape, request.betType);
  if (!betType.shapes.includes(game.shape) || !odds?.enabled)
    throw new AppError('lottery_bet_type_unavailable');
  const chosen = selection(request.betType, game.shape, request.numbers);
  if (!chosen.ok) throw new AppError('lottery_numbers_invalid');
  if (request.points > odds.max_points) throw new AppError('lottery_points_out_of_limits');
  const draw = await drawOnSale(deps, game, request.numero, now);
  const currency = await currencyOf(deps);
  const stake = BigInt(chosen.lines.length) * BigInt(request.points) * odds.price_per_point;
  const perLine = lineExposure(odds.payouts, request.points);

  const ticketId = await write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const held = await store.lockDraw(tx, draw.id, 'share');
    if (held?.state !== 'open' || now >= held.locks_at) throw new AppError('lottery_betting_closed');
    for (const line of chosen.lines) {
      const key = { drawId: draw.id, betType: request.betType, lineKey: lineKey(line) };
      if (!(await store.addExposure(tx, key, perLine, odds.cap_per_number))) {
        throw new AppError('lottery_cap_exceeded', { numbers: key.lineKey });
      }
    }
    const ticketNo = await store.nextTicketNo(tx);
    const { roundId } = await rounds.stake(
      tx,
      { memberId, gameId: game.game_id, ref: ticketNo, currency: currency.currency, closed: false },
      stake,
      { key: `lottery:bet:${ticketNo}`, reference: `lottery:${ticketNo}` },
      now,
    );
    const ticket = await store.insertTicket(
      tx,
      {
        ticketNo,
        drawId: draw.id,
        memberId,
        betType: request.betType,
        numbers: chosen.numbers,
        lines: chosen.lines.length,
        points: request.points,
        pricePerPoint: odds.price_per_point,
        payouts: odds.payouts,
        stake,
        currency: currency.currency,
        gameRoundId: roundId,
      },
      now,
    );
    return ticket.id;
  });
  return viewOf(deps, ticketId, language);
}

/** The draw a bet names, written first when it is the one on sale or the next and no process wrote it yet. */
async function drawOnSale(
  deps: AppDeps,
  game: store.GameDb,
  numero: string,
  now: Date,
): Promise<store.DrawDb> {
  const draw =
    (await store.drawByNumero(deps.db, game.game_id, numero)) ??
    (await ensureDraws(deps, game, now)).find((ensured) => ensured.numero === numero);
  if (!draw) throw new AppError('lottery_draw_not_found');
  if (draw.state !== 'open' || now >= draw.locks_at) throw new AppError('lottery_betting_closed');
  return draw;
}

async function viewOf(deps: AppDeps, ticketId: bigint, language: string): Promise<LotteryTicket> {
  const ticket = await store.memberTicket(deps.db, ticketId);
  if (!ticket) throw new Error(`ticket ${ticketId} vanished`);
  return ticketView(ticket, language, await currencyOf(deps));
}

/**
 * Cancels a placed ticket while its draw is still on sale: the stake comes back, its round is voided and what it
 * added to the liability caps is released. After the lock, or once settled, it stays.
 */
export async function cancelBet(
  deps: AppDeps,
  memberId: number,
  ticketNo: string,
  idempotency: IdempotencyKey | null,
  language: string,
  now: Date,
): Promise<LotteryTicket> {
  const found = await store.ticketByNo(deps.db, memberId, ticketNo);
  if (!found) throw new AppError('lottery_ticket_not_found');
  await write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const draw = await store.lockDraw(tx, found.draw_id, 'share');
    const ticket = await store.lockTicket(tx, found.id);
    if (!draw || !ticket || ticket.state !== 'placed' || draw.state !== 'open' || now >= draw.locks_at) {
      throw new AppError('lottery_ticket_not_cancellable');
    }
    await releaseExposure(tx, ticket);
    await refundTicket(tx, ticket, 'cancelled', now);
  });
  return viewOf(deps, found.id, language);
}

async function releaseExposure(tx: Transaction, ticket: store.TicketDb) {
  const game = await store.drawGame(tx, ticket.draw_id);
  const chosen = selection(ticket.bet_type as keyof typeof BET_TYPES, game.shape, ticket.numbers);
  if (!chosen.ok) return;
  const perLine = lineExposure(ticket.payouts, ticket.points);
  for (const line of chosen.lines) {
    await store.removeExposure(
      tx,
      { drawId: ticket.draw_id, betType: ticket.bet_type, lineKey: lineKey(line) },
      perLine,
    );
  }
}

export async function myBets(
  deps: AppDeps,
  memberId: number,
  query: { gameId?: string | undefined; state?: string | undefined; pageNo: number; pageSize: number },
  language: string,
) {
  const game = query.gameId ? await store.gameByCode(deps.db, query.gameId) : null;
  if (query.gameId && !game) throw new AppError('lottery_game_not_found');
  const { rows, total } = await store.memberTickets(deps.db, memberId, {
    gameId: game?.game_id,
    state: query.state,
    limit: query.pageSize,
    offset: (query.pageNo - 1) * query.pageSize,
  });
  const currency = await currencyOf(deps);
  return {
    list: rows.map((row) => ticketView(row, language, currency)),
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}

/** One of the member's own tickets by its number (lottery_ticket_not_found for another member's, or none). */
export async function myTicket(
  deps: AppDeps,
  memberId: number,
  ticketNo: string,
  language: string,
): Promise<LotteryTicket> {
  const ticket = await store.ticketByNo(deps.db, memberId, ticketNo);
  const row = ticket && (await store.memberTicket(deps.db, ticket.id));
  if (!row) throw new AppError('lottery_ticket_not_found');
  return ticketView(row, language, await currencyOf(deps));
}
