import type { Queryable } from '../../db/database.ts';
import * as store from './store.ts';

/**
 * What the vip area keeps on the member row, which the member info answers from (clubLabel, memberLabel), and what
 * it reads of members for referrals. The vip area owns the levels, growth and labels; accounts owns the member row.
 */
export const setClub = store.setClub;
export const setMemberLabels = store.setMemberLabels;
export const referredMembers = store.referredMembers;
export const referredSince = store.referredSince;

export interface IdentityFacts {
  registerIp: string;
  /** Every mobile number the account had or has, as 'dialing-code number'. */
  mobiles: string[];
  devices: string[];
}

export async function identityFacts(db: Queryable, memberId: number): Promise<IdentityFacts | null> {
  const row = await store.identityFacts(db, memberId);
  return row ? { registerIp: row.register_ip, mobiles: row.mobiles, devices: row.devices } : null;
}

/** The member's referral code (null for an account without one, such as a trial account). */
export async function referralCodeOf(db: Queryable, memberId: number): Promise<string | null> {
  return (await store.findMember(db, memberId))?.referral_code ?? null;
}

/** A member id that exists, or null. */
export async function memberExists(db: Queryable, memberId: number): Promise<boolean> {
  return (await store.findMember(db, memberId)) !== null;
}

/** When the member registered (a promotion's "new members" audience), or null for no such member. */
export async function registeredAt(db: Queryable, memberId: number): Promise<Date | null> {
  return (await store.findMember(db, memberId))?.created_at ?? null;
}

/** The id of the member of that user name, or null. */
export async function memberIdByUsername(db: Queryable, username: string): Promise<number | null> {
  return (await store.findMemberByUsername(db, username))?.id ?? null;
}

/** What the chat room shows and checks of a member: the shown name, VIP level (club rank) and labels; null for none. */
export async function chatFacts(
  db: Queryable,
  memberId: number,
): Promise<{ username: string; nickname: string; clubRank: number; labels: string[] } | null> {
  const row = await store.findMember(db, memberId);
  return row
    ? { username: row.username, nickname: row.nickname, clubRank: row.club_rank, labels: row.member_labels }
    : null;
}
