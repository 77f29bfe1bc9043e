import type { Queryable } from '../../db/database.ts';
import * as store from './member-days-store.ts';

/**
 * What members played and deposited per merchant day, read from the team reports' roll-ups (agents/rollups.ts
 * fills them from every settled round and every deposit posting): the VIP growth and the referral rewards read
 * them here rather than hooking into the wallet's or the games' money paths. Days are YYYY-MM-DD in the merchant's
 * time zone; money in minor units. Callers drain the roll-up queue first (drainRollupQueue) to see every change.
 */
export async function memberDay(db: Queryable, day: string) {
  const [play, money] = await Promise.all([store.playOfDay(db, day), store.depositsOfDay(db, day)]);
  const members = new Map<number, { deposits: bigint; validBets: Map<string, bigint> }>();
  const of = (memberId: number) => {
    let found = members.get(memberId);
    if (!found) {
      found = { deposits: 0n, validBets: new Map() };
      members.set(memberId, found);
    }
    return found;
  };
  for (const row of play) {
    const member = of(row.member_id);
    member.validBets.set(row.product, (member.validBets.get(row.product) ?? 0n) + row.valid_bet);
  }
  for (const row of money) of(row.member_id).deposits += row.deposits;
  return members;
}

/** Valid bets per member over the days from..to (all members, or the ones given). */
export async function validBetsBetween(
  db: Queryable,
  from: string,
  to: string,
  memberIds: readonly number[] | null = null,
): Promise<Map<number, bigint>> {
  const rows = await store.validBetsBetween(db, from, to, memberIds);
  return new Map(rows.map((row) => [row.member_id, row.valid_bet]));
}

export const depositsBetween = store.depositsBetween;

/** One member's valid bets per product type on a merchant day (the rebate page's accrual so far). */
export async function validBetsOfMemberDay(db: Queryable, memberId: number, day: string) {
  const rows = await store.playOfMemberDay(db, memberId, day);
  return new Map(rows.map((row) => [row.product, row.valid_bet]));
}
