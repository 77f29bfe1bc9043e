import type { TicketSource } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import * as store from './store.ts';

/**
 * Prize tickets: a whole number per member, spent on the prize wheel (a raffle whose entry is tickets) and earned
 * from raffles, missions, the mall, promotions and operators. Not money: a balance row that never goes below zero and
 * a log of every movement with a unique (source, ref), so each grant and spend is written once (see migration 0043).
 */

/**
 * Grants `count` tickets in the caller's transaction, once per (source, ref): the ref names the cause (a mission's
 * milestone claim, a mall redemption, a promotion's claim), so a retried cause grants nothing more. Answers the
 * member's balance after it.
 */
export async function grantTickets(
  tx: Transaction,
  memberId: number,
  count: number,
  source: { kind: TicketSource; ref: string },
  now: Date,
): Promise<number> {
  if (!Number.isSafeInteger(count) || count <= 0) throw new Error(`cannot grant ${count} tickets`);
  const moved = await store.moveTickets(
    tx,
    { memberId, delta: count, source: source.kind, ref: source.ref },
    now,
  );
  if (!moved) throw new Error('a grant cannot fail for want of tickets');
  return moved.balance;
}

/** Takes `count` tickets (a raffle's entry, an operator's correction) once per (source, ref), or refuses. */
export async function spendTickets(
  tx: Transaction,
  memberId: number,
  count: number,
  source: { kind: 'raffle_entry' | 'operator'; ref: string },
  now: Date,
): Promise<number> {
  const moved = await store.moveTickets(
    tx,
    { memberId, delta: -count, source: source.kind, ref: source.ref },
    now,
  );
  if (!moved) throw new AppError('raffle_not_enough_tickets');
  return moved.balance;
}

export const ticketBalance = (db: Queryable, memberId: number) => store.ticketBalance(db, memberId);
