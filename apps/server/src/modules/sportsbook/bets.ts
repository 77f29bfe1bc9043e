import type { SportsbookTicket, sportsbookBetRequest } from '@tessera/contract';
import { potentialReturn } from '@tessera/sportsbook';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { enqueue } from '../../platform/jobs.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import * as rounds from '../games/round-owner.ts';
import { type Currency, currencyOf, minorAmount } from '../wallet/settings.ts';
import { publishPrices } from './push.ts';
import * as store from './store.ts';
import { pageOf, pageWindow, ticketViews } from './views.ts';

type BetRequest = z.output<typeof sportsbookBetRequest>;

export const ACCEPT_JOB = 'sportsbook-accept';

/** The product of the legs' prices, three decimals. */
const combined = (prices: number[]) =>
  Math.round(prices.reduce((product, price) => product * price, 1) * 1000) / 1000;

/** A market's liability: what its worst selection pays minus the stakes taken on it. */
const liabilityOf = (maxExposure: bigint, stake: bigint) => maxExposure - stake;

/**
 * What one leg of a ticket counts against its market (RULES.md, "Liability"): a single its whole stake and return; a
 * parlay of n legs a share of each, the stake rounded down and the return up (so the share of the book's loss never
 * comes out smaller), so that the parlay's loss, which happens once, when every leg wins, is counted once across its
 * markets rather than once on each.
 */
function legShare(stake: bigint, potential: bigint, legs: number) {
  const n = BigInt(legs);
  return { stake: stake / n, potential: (potential + n - 1n) / n };
}

/**
 * Places a single or a parlay. Checked before money moves, with each leg's market held for update: every selection
 * exists, its market open and its event on sale (not suspended, not ended); a parlay's legs from different events;
 * the price version the slip saw is the current one (or, as the member chose, a better or any price is taken); the
 * stake within the limits (minimum; per selection, counting the member's earlier stakes on it; the ticket's
 * potential return); the liability of each market within its limit (past it the bet is refused and the market
 * suspends). The stake is one posting through the round owner (responsible gaming and turnover as any game stake),
 * in the transaction that writes the ticket. A bet on an event in play waits out the live delay: it is pending,
 * checked again when the delay ends (a job at that time, or the member's next read of the ticket): refused, its
 * stake back, if a market closed or suspended, or a price dropped below the one taken.
 */
export async function placeBet(
  deps: AppDeps,
  memberId: number,
  request: BetRequest,
  idempotency: IdempotencyKey | null,
  language: string,
  now: Date,
): Promise<SportsbookTicket> {
  const ids = request.selections.map((selection) => selection.selectionId);
  if (new Set(ids).size !== ids.length) throw new AppError('sportsbook_parlay_invalid');
  const currency = await currencyOf(deps);
  const limits = await store.settings(deps.db);
  const stake = minorAmount(request.stake, currency, language, {
    field: 'stake',
    min: limits.min_stake,
    belowMin: 'sportsbook_stake_below_min',
  });
  const ticketId = await write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    // Read first without holding the markets: the checks, the limits and the stake's posting take their time
    // outside the markets' locks; the markets are held only for the last step, where the prices are checked again.
    // One statement reads every leg's selection, market, event and the member's stakes on it.
    const rows = await store.selectionsToBet(tx, ids, memberId);
    if (rows.length !== ids.length) throw new AppError('sportsbook_market_not_found');
    const legs = request.selections.map((wanted) => {
      const row = rows.find((found) => found.id === wanted.selectionId) as (typeof rows)[number];
      return { wanted, row };
    });
    const events = new Set<number>();
    for (const { row } of legs) {
      if (events.has(row.event_id)) throw new AppError('sportsbook_parlay_invalid');
      events.add(row.event_id);
      const event = {
        status: row.event_status,
        suspended: row.event_suspended,
        starts_at: row.event_starts_at,
      };
      if (!onSale(event, now) || row.market_state !== 'open') throw new AppError('sportsbook_market_closed');
    }
    const prices = legs.map(({ wanted, row }) => priceTaken(row, wanted, request.acceptChanges));
    if (prices.some((price) => price === null)) {
      throw new AppError('sportsbook_price_changed', {
        selections: legs
          .filter(({ wanted, row }) => row.version !== wanted.version)
          .map(({ row }) => `${row.id}:${row.price}:${row.version}`)
          .join(','),
      });
    }
    const taken = prices as number[];
    const price = combined(taken);
    const potential = BigInt(potentialReturn(Number(stake), taken));
    if (potential > limits.max_payout_per_ticket) throw new AppError('sportsbook_payout_above_max');
    for (const { row } of legs) {
      if (row.member_stake + stake > limits.max_stake_per_selection)
        throw new AppError('sportsbook_stake_above_max');
    }
    const live = legs.some(({ row }) => row.event_status === 'live');
    const delayed = live && limits.live_delay_seconds > 0;
    const acceptAt = delayed ? new Date(now.getTime() + limits.live_delay_seconds * 1000) : null;
    const { ticketNo, gameId } = await store.nextTicket(tx, legs[0]?.row.event_kind ?? 'football');
    const { roundId } = await rounds.stake(
      tx,
      { memberId, gameId, ref: ticketNo, currency: currency.currency, closed: false },
      stake,
      { key: `sportsbook:bet:${ticketNo}`, reference: `sportsbook:${ticketNo}` },
      now,
    );
    // The events first, then the markets: the console's moves take them in that order too. An event suspended,
    // ended or started (not live) since the first read refuses the bet here.
    const heldEvents = await store.eventsForBet(tx, [...events]);
    if (heldEvents.some((event) => !onSale(event, now))) throw new AppError('sportsbook_market_closed');
    const held = await store.selectionsForBet(tx, ids);
    for (const { row } of legs) {
      const current = held.find((found) => found.id === row.id);
      if (current?.market_state !== 'open') throw new AppError('sportsbook_market_closed');
      if (current.version !== row.version) throw new AppError('sportsbook_price_changed');
    }
    // A parlay counts a share of its stake and return on each leg's market (RULES.md, "Liability").
    const share = legShare(stake, potential, legs.length);
    const over = liabilityOver(held, share.stake, share.potential, limits.liability_per_market);
    if (over !== null) throw new LiabilityReached(over);
    // The ticket, its legs and its exposure on each selection and market: one statement.
    const id = await store.insertTicket(
      tx,
      {
        ticketNo,
        memberId,
        kind: legs.length === 1 ? 'single' : 'parlay',
        state: delayed ? 'pending' : 'accepted',
        stake,
        price,
        potentialReturn: potential,
        exposure: share,
        currency: currency.currency,
        live,
        acceptAt,
        acceptChanges: request.acceptChanges,
        gameId,
        gameRoundId: roundId,
        legs: legs.map(({ row }, index) => ({
          selectionId: row.id,
          marketId: row.market_id,
          eventId: row.event_id,
          price: taken[index] as number,
          version: row.version,
        })),
      },
      now,
    );
    if (acceptAt)
      await enqueue(tx, { kind: ACCEPT_JOB, runAt: acceptAt, payload: { ticketId: id.toString() } }, now);
    return id;
  }).catch(async (error: unknown) => {
    // The market suspends itself, in a transaction of its own (the bet's rolled back with the refusal).
    if (error instanceof LiabilityReached) await suspendForLiability(deps, error.marketId);
    throw error;
  });
  return ticketOf(deps, ticketId, currency);
}

/** An event takes bets while scheduled and before its start, or live; not while the operator suspended it. */
function onSale(event: Pick<store.EventDb, 'suspended' | 'status' | 'starts_at'>, now: Date) {
  if (event.suspended) return false;
  if (event.status === 'live') return true;
  return event.status === 'scheduled' && now < event.starts_at;
}

/**
 * The price a leg is taken at, or null when the version moved and the member's choice refuses the new price: none
 * takes only the version seen; better takes a new price at least the one the slip showed; any takes the new price.
 */
function priceTaken(
  row: store.SelectionDb,
  seen: { version: number; price?: number | undefined },
  accept: 'none' | 'better' | 'any',
): number | null {
  if (row.version === seen.version || accept === 'any') return row.price;
  if (accept === 'better' && seen.price !== undefined && row.price >= seen.price) return row.price;
  return null;
}

/** The refusal of a bet that would take a market past its liability limit (the market then suspends). */
class LiabilityReached extends AppError {
  constructor(readonly marketId: number) {
    super('sportsbook_liability_reached');
  }
}

/** The first market whose liability would pass its limit with this bet, or null. */
function liabilityOver(
  rows: (store.SelectionDb & {
    liability_limit: bigint | null;
    market_stake: bigint;
    market_max_exposure: bigint;
  })[],
  stake: bigint,
  potential: bigint,
  defaultLimit: bigint,
): number | null {
  for (const row of rows) {
    const maxExposure = row.market_max_exposure;
    const after = liabilityOf(
      maxExposure > row.exposure + potential ? maxExposure : row.exposure + potential,
      row.market_stake + stake,
    );
    if (after > (row.liability_limit ?? defaultLimit)) return row.market_id;
  }
  return null;
}

async function suspendForLiability(deps: AppDeps, marketId: number) {
  await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    await store.setMarketState(tx, marketId, 'suspended', 'liability');
    const market = await store.marketById(tx, marketId);
    if (market) await publishPrices(tx, market.event_id, [marketId], false);
  });
}

async function ticketOf(deps: AppDeps, id: bigint, currency: Currency) {
  const ticket = await store.ticketById(deps.db, id);
  if (!ticket) throw new Error(`ticket ${id} vanished`);
  const [view] = await ticketViews(deps.db, [ticket], currency);
  return view as SportsbookTicket;
}

/**
 * Decides pending live tickets whose delay ended (the member's when given): each is accepted if every leg's market
 * is still open, its event on sale and its price version unchanged (or changed as the member accepts); otherwise it
 * is refused and its stake comes back. Held rows are skipped (another process decides them).
 */
export async function acceptDue(deps: AppDeps, now: Date, memberId: number | null = null, limit = 200) {
  return write(deps.db, { isolation: 'read committed' }, async (tx) => {
    const due = await store.claimDuePending(tx, now, limit, memberId);
    for (const ticket of due) await decidePending(tx, ticket, now, false);
    return due.length;
  });
}

/** Decides one pending ticket in the caller's transaction (held by it); `closing`: its event ended, so refuse. */
export async function decidePending(tx: Transaction, ticket: store.TicketDb, now: Date, closing: boolean) {
  const legs = await store.legsOf(tx, [ticket.id]);
  const current = await store.selectionsByIds(
    tx,
    legs.map((leg) => leg.selection_id),
  );
  let reason: string | null = closing ? 'market_closed' : null;
  for (const leg of legs) {
    if (reason) break;
    const row = current.find((selection) => selection.id === leg.selection_id);
    const event = await store.eventById(tx, leg.event_id);
    if (!row || !event || !onSale(event, now) || row.market_state !== 'open') reason = 'market_closed';
    // In the delay the bet keeps the price it was taken at; a price that dropped below it refuses it.
    else if (row.price < leg.price) reason = 'price_changed';
  }
  if (reason === null) {
    await store.acceptTicket(tx, ticket.id);
    return;
  }
  const share = legShare(ticket.stake, ticket.potential_return, legs.length);
  await store.addExposure(
    tx,
    legs.map((leg) => ({ selectionId: leg.selection_id, marketId: leg.market_id })),
    -share.stake,
    -share.potential,
  );
  await rounds.refund(
    tx,
    { roundId: ticket.game_round_id, memberId: ticket.member_id },
    { kind: 'stake', amount: ticket.stake },
    { key: `sportsbook:refuse:${ticket.ticket_no}`, reference: `sportsbook:${ticket.ticket_no}` },
    now,
  );
  await store.refuseTicket(tx, ticket.id, reason, now);
}

export async function myBets(
  deps: AppDeps,
  memberId: number,
  query: {
    state?: string | undefined;
    settled?: 'open' | 'settled' | undefined;
    pageNo: number;
    pageSize: number;
  },
  now: Date,
) {
  await acceptDue(deps, now, memberId);
  const currency = await currencyOf(deps);
  const { rows, total } = await store.tickets(deps.db, {
    memberId,
    state: query.state,
    settled: query.settled,
    ...pageWindow(query),
  });
  return pageOf(query, await ticketViews(deps.db, rows, currency), total);
}

export async function myBet(deps: AppDeps, memberId: number, ticketNo: string, now: Date) {
  await acceptDue(deps, now, memberId);
  const ticket = await store.ticketByNo(deps.db, memberId, ticketNo);
  if (!ticket) throw new AppError('sportsbook_ticket_not_found');
  const [view] = await ticketViews(deps.db, [ticket], await currencyOf(deps));
  return view as SportsbookTicket;
}
