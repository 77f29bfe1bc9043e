import { type LegOutcome, type MarketSpec, settleSelection, ticketReturn } from '@tessera/sportsbook';
import type { Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import { write } from '../../platform/write.ts';
import * as rounds from '../games/round-owner.ts';
import { lockedBalance } from '../wallet/ledger.ts';
import { decidePending } from './bets.ts';
import * as store from './store.ts';

export const SETTLE_JOB = 'sportsbook-settle';
/** Tickets settled per transaction. */
const SETTLE_BATCH = 500;
/** A postponed event not played within this long of its start is void. */
const POSTPONED_VOID_MS = 48 * 3600_000;
/** A result may be corrected (and its tickets re-settled) this long after it was first settled. */
export const CORRECTION_WINDOW_MS = 24 * 3600_000;

/** Has an event's tickets settled by the job (on commit of the caller's transaction). */
export function scheduleSettlement(tx: Transaction, eventId: number, now: Date) {
  return enqueue(tx, { kind: SETTLE_JOB, runAt: now, payload: { eventId } }, now);
}

function specOf(leg: Pick<store.LegDb, 'type' | 'period' | 'line' | 'map'>): MarketSpec {
  return {
    type: leg.type as MarketSpec['type'],
    period: leg.period,
    ...(leg.line === null ? {} : { line: leg.line }),
    ...(leg.map === null ? {} : { map: leg.map }),
  };
}

/** A settled ticket's state from its return: more than the stake won, less lost, the stake back void. */
function stateOf(stake: bigint, payout: bigint) {
  if (payout > stake) return 'won';
  if (payout < stake) return 'lost';
  return 'void';
}

/**
 * Settles an event's tickets on its current result (or void), batch by batch. Each batch's tickets are held for
 * update (those another runner holds are skipped: it settles them), and in one transaction each ticket's legs of
 * the event get their outcome from this result version; a ticket whose legs all have one is paid. Its payout
 * posting's key names the results it was read from (event:version of each leg), so a ticket is paid once per
 * result. A ticket settled before on an earlier version of the result (a correction) has that payout reversed and
 * the new one posted. A pending live ticket of the event is refused first (its stake back). The event is settled
 * when no leg waits. Answers the tickets this call touched.
 */
export async function settleEvent(deps: AppDeps, eventId: number, now: Date, batchSize = SETTLE_BATCH) {
  const event = await store.eventById(deps.db, eventId);
  if (!event || event.result_version === 0) return 0;
  if (!['ended', 'settled', 'abandoned', 'cancelled'].includes(event.status)) return 0;
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    for (const ticket of await store.pendingOfEvent(tx, eventId)) await decidePending(tx, ticket, now, true);
  });
  let touched = 0;
  for (;;) {
    const count = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const current = await store.eventById(tx, eventId);
      if (!current) return { claimed: 0, done: 0 };
      const tickets = await store.claimTicketsOfEvent(tx, eventId, current.result_version, batchSize);
      const done = tickets.length > 0 ? await settleTickets(tx, current, tickets, now) : 0;
      return { claimed: tickets.length, done };
    });
    touched += count.done;
    // A batch that settled nothing holds only tickets waiting for their member's funds: the sweep comes back.
    if (count.claimed < batchSize || count.done === 0) break;
  }
  const after = await store.eventById(deps.db, eventId);
  if (after && !(await store.anyLegsWaiting(deps.db, eventId, after.result_version))) {
    await write(deps.db, { isolation: 'read committed' }, (tx) => store.markSettled(tx, eventId, now));
  }
  return touched;
}

async function settleTickets(tx: Transaction, event: store.EventDb, claimed: store.TicketDb[], now: Date) {
  const legs = await store.legsOf(
    tx,
    claimed.map((ticket) => ticket.id),
  );
  // The claim's lock may come after another runner committed these tickets' legs: the claim's test of the legs
  // read them before the lock (only the ticket's row is read again once held). The legs read now, under the lock,
  // say which still wait for this result; the others were settled by that runner and are not counted twice.
  const waiting = new Set(
    legs
      .filter((leg) => leg.event_id === event.id && leg.result_version < event.result_version)
      .map((leg) => leg.ticket_id),
  );
  const tickets = claimed.filter((ticket) => waiting.has(ticket.id));
  const outcomeOf = (leg: store.LegDb): LegOutcome =>
    event.result === null ? 'void' : settleSelection(specOf(leg), leg.code, event.result);
  const read: Parameters<typeof store.setLegOutcomes>[1] = [];
  const settled: Parameters<typeof store.settleTickets>[1] = [];
  const firstPaid: Parameters<typeof rounds.settleBatch>[1] = [];
  let held = 0;
  for (const ticket of tickets) {
    const own = legs
      .filter((leg) => leg.ticket_id === ticket.id)
      .map((leg) =>
        leg.event_id === event.id
          ? { ...leg, outcome: outcomeOf(leg), result_version: event.result_version }
          : leg,
      );
    const complete = !own.some((leg) => leg.outcome === null);
    const settledOn = own.map((leg) => `${leg.event_id}:${leg.result_version}`).join(',');
    const payout = complete
      ? BigInt(
          ticketReturn(
            Number(ticket.stake),
            own.map((leg) => ({ price: leg.price, outcome: leg.outcome as LegOutcome })),
          ),
        )
      : 0n;
    const booking = {
      key: `sportsbook:pay:${ticket.ticket_no}:${settledOn}`,
      reference: `sportsbook:${ticket.ticket_no}`,
    };
    if (complete && ticket.settled_on !== null && settledOn !== ticket.settled_on) {
      // A corrected result: the new payout is paid and the earlier one taken back. When that would take more than
      // the member's wallet holds (the win was spent), the ticket waits, its legs unread, until it holds enough.
      const earlier = ticket.payout ?? 0n;
      if (payout < earlier && (await lockedBalance(tx, ticket.member_id, 'main')) < earlier - payout) {
        held += 1;
        continue;
      }
      await rounds.payout(
        tx,
        {
          memberId: ticket.member_id,
          gameId: ticket.game_id,
          ref: ticket.ticket_no,
          currency: ticket.currency,
          closed: true,
        },
        payout,
        booking,
        now,
      );
      await rounds.refund(
        tx,
        { roundId: ticket.game_round_id, memberId: ticket.member_id },
        { kind: 'payout', amount: earlier },
        { key: `sportsbook:reverse:${ticket.ticket_no}:${ticket.settled_on}`, reference: booking.reference },
        now,
      );
    } else if (complete && ticket.settled_on === null) {
      firstPaid.push({ roundId: ticket.game_round_id, memberId: ticket.member_id, payout, booking });
    }
    for (const leg of own) {
      if (leg.event_id === event.id)
        read.push({
          ticketId: leg.ticket_id,
          leg: leg.leg,
          outcome: leg.outcome as string,
          version: event.result_version,
        });
    }
    if (complete && settledOn !== ticket.settled_on)
      settled.push({ id: ticket.id, state: stateOf(ticket.stake, payout), payout, settledOn });
  }
  await store.setLegOutcomes(tx, read);
  await store.settleTickets(tx, settled, now);
  await rounds.settleBatch(tx, firstPaid, now);
  return tickets.length - held;
}

/**
 * The sweep's part: postponed events not played within 48 hours of their start are void; events with legs waiting
 * for their result's outcome are settled.
 */
export async function settleDue(deps: AppDeps, now: Date) {
  for (const { id } of await store.postponedPastDeadline(
    deps.db,
    new Date(now.getTime() - POSTPONED_VOID_MS),
  )) {
    await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const event = await store.eventById(tx, id, true);
      if (event?.status !== 'postponed') return;
      await store.voidEvent(tx, id, 'cancelled', now);
    });
  }
  for (const { id } of await store.eventsToSettle(deps.db, 200)) await settleEvent(deps, id, now);
}
