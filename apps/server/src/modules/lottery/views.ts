import {
  type LotteryDraw,
  type LotteryGame,
  type LotteryTicket,
  type LotteryTicketState,
  toMajor,
} from '@tessera/contract';
import type { BetTypeCode } from '@tessera/lottery';
import { gameName } from '../games/catalogue.ts';
import type { Currency } from '../wallet/settings.ts';
import type { DrawTimes } from './schedule.ts';
import type * as store from './store.ts';

/** The lottery's rows as the wire shows them: times as ISO text, money in major units. */

const EVERY_DAY = '1,2,3,4,5,6,7';
const secondsUntil = (at: Date, now: Date) => Math.ceil((at.getTime() - now.getTime()) / 1000);

/**
 * A game with its draw on sale (drawsOnSale: its row's times once written): numero, the seconds to its lock
 * (lockTime) and to its draw (remainTime), and when it is drawn (winningTime). A disabled game has nothing on sale.
 */
export function gameView(
  game: store.GameDb,
  onSale: DrawTimes | null,
  language: string,
  now: Date,
): LotteryGame {
  return {
    gameId: game.code,
    nodeId: game.game_id,
    gameName: gameName(game.names, language),
    gameMenuTag: game.menu_tag,
    prizeMode: game.prize_mode,
    remark: gameName(game.remark, language),
    numero: onSale?.numero ?? null,
    remainTime: onSale ? secondsUntil(onSale.drawsAt, now) : 0,
    lockTime: onSale ? Math.max(0, secondsUntil(onSale.locksAt, now)) : 0,
    drawDayOfWeek: game.draw_days ?? EVERY_DAY,
    winningTime: onSale?.drawsAt.toISOString() ?? null,
    intervalSeconds: game.interval_seconds,
    shape: game.shape,
    source: game.source,
  };
}

export function drawView(draw: store.DrawDb, game: store.GameDb, language: string): LotteryDraw {
  const drawn = draw.state === 'drawn' || draw.state === 'settled';
  return {
    gameId: game.code,
    gameName: gameName(game.names, language),
    numero: draw.numero,
    shape: game.shape,
    state: draw.state,
    opensAt: draw.opens_at.toISOString(),
    locksAt: draw.locks_at.toISOString(),
    drawsAt: draw.draws_at.toISOString(),
    result: drawn ? draw.result : null,
    seedHash: draw.seed_hash,
    seed: drawn ? draw.seed : null,
  };
}

export function ticketView(
  ticket: store.MemberTicketDb,
  language: string,
  currency: Currency,
): LotteryTicket {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    ticketNo: ticket.ticket_no,
    gameId: ticket.code,
    gameName: gameName(ticket.names, language),
    numero: ticket.numero,
    betType: ticket.bet_type as BetTypeCode,
    numbers: ticket.numbers,
    lines: ticket.lines,
    points: ticket.points,
    pricePerPoint: major(ticket.price_per_point),
    stake: major(ticket.stake),
    payout: ticket.payout === null ? null : major(ticket.payout),
    hits: ticket.hits,
    state: ticket.state as LotteryTicketState,
    drawsAt: ticket.draws_at.toISOString(),
    locksAt: ticket.locks_at.toISOString(),
    createdAt: ticket.created_at.toISOString(),
    settledAt: ticket.settled_at?.toISOString() ?? null,
  };
}
