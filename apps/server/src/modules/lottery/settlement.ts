import { type BetTypeCode, type DrawResult, type ShapeCode, selection, settleLine } from '@tessera/lottery';
import type { Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import * as rounds from '../games/round-owner.ts';
import * as store from './store.ts';

/** Tickets settled (or refunded) per transaction. */
const SETTLE_BATCH = 500;

/**
 * What a ticket won on a result: the hits per tier summed over its lines, and the payout, hits × the payout per hit
 * of each tier × its points (minor units).
 */
export function ticketOutcome(
  ticket: Pick<store.TicketDb, 'bet_type' | 'numbers' | 'points' | 'payouts'>,
  shape: ShapeCode,
  result: DrawResult,
): { hits: Record<string, number>; payout: bigint } {
  const chosen = selection(ticket.bet_type as BetTypeCode, shape, ticket.numbers);
  if (!chosen.ok) throw new Error(`a sold ticket's numbers no longer read: ${chosen.problem}`);
  const hits: Record<string, number> = {};
  for (const line of chosen.lines) {
    for (const [tier, count] of Object.entries(
      settleLine(ticket.bet_type as BetTypeCode, shape, result, line),
    )) {
      hits[tier] = (hits[tier] ?? 0) + count;
    }
  }
  let payout = 0n;
  for (const [tier, count] of Object.entries(hits)) {
    payout += BigInt(count) * BigInt(ticket.payouts[tier] ?? '0') * BigInt(ticket.points);
  }
  return { hits, payout };
}

/**
 * Settles a drawn draw's tickets, or refunds a voided draw's, batch by batch: each batch's tickets are held (those
 * another process holds are skipped), and each one's state, its betting-record round and its win or refund through
 * the ledger change in one transaction, so a ticket is paid exactly once. The draw is settled when none is left.
 * Answers the tickets this call closed.
 */
export async function settleDraw(
  deps: AppDeps,
  drawId: bigint,
  now: Date,
  batchSize = SETTLE_BATCH,
): Promise<number> {
  const draw = await store.drawById(deps.db, drawId);
  if (!draw || (draw.state !== 'drawn' && draw.state !== 'void')) return 0;
  const game = await store.gameById(deps.db, draw.game_id);
  if (!game) throw new Error(`draw ${drawId} has no game`);
  let closed = 0;
  for (;;) {
    const count = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const tickets = await store.claimPlacedTickets(tx, draw.id, batchSize);
      if (draw.state === 'void') {
        for (const ticket of tickets) await refundTicket(tx, ticket, 'refunded', now);
      } else {
        await payTickets(tx, tickets, game.shape, draw.result as DrawResult, now);
      }
      return tickets.length;
    });
    closed += count;
    if (count < batchSize) break;
  }
  if (draw.state === 'drawn' && !(await store.anyPlacedTickets(deps.db, draw.id))) {
    await write(deps.db, { isolation: 'read committed' }, (tx) => store.setSettled(tx, draw.id, now));
  }
  return closed;
}

async function payTickets(
  tx: Transaction,
  tickets: store.TicketDb[],
  shape: ShapeCode,
  result: DrawResult,
  now: Date,
) {
  const settled: store.SettledTicket[] = [];
  const paid: Parameters<typeof rounds.settleBatch>[1] = [];
  for (const ticket of tickets) {
    const { hits, payout } = ticketOutcome(ticket, shape, result);
    settled.push({ id: ticket.id, state: payout > 0n ? 'won' : 'lost', payout, hits });
    paid.push({
      roundId: ticket.game_round_id,
      memberId: ticket.member_id,
      payout,
      booking: { key: `lottery:win:${ticket.ticket_no}`, reference: `lottery:${ticket.ticket_no}` },
    });
  }
  await store.settleTickets(tx, settled, now);
  await rounds.settleBatch(tx, paid, now);
}

/**
 * Gives a placed ticket's stake back (a cancel before the lock, or a voided draw), in the caller's transaction: the
 * ticket leaves the placed state, its round is voided, its stake leaves the withdrawal turnover (as a rolled-back
 * game bet does) and its exposure released.
 */
export async function refundTicket(
  tx: Transaction,
  ticket: store.TicketDb,
  state: 'cancelled' | 'refunded',
  now: Date,
) {
  await rounds.refund(
    tx,
    { roundId: ticket.game_round_id, memberId: ticket.member_id },
    { kind: 'stake', amount: ticket.stake },
    { key: `lottery:refund:${ticket.ticket_no}`, reference: `lottery:${ticket.ticket_no}` },
    now,
  );
  await store.closeTicket(tx, ticket.id, { state, payout: null, hits: null }, now);
}
