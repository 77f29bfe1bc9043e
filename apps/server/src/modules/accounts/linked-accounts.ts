import type { LinkedAccount } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import * as store from './store.ts';

/**
 * What the console reads of where a member signs in from: the devices and addresses used, and the other members
 * seen on them (the risk rules' shared_device, the player page and the withdrawal review).
 */

const LIMIT = 50;

export async function signInPlaces(db: Queryable, memberId: number) {
  const rows = await store.signInPlaces(db, memberId, LIMIT);
  return rows.map((row) => ({
    device: row.device,
    ip: row.ip,
    userAgent: row.user_agent,
    signIns: row.sign_ins,
    lastAt: row.last_at.toISOString(),
  }));
}

export async function linkedBySignIns(db: Queryable, memberId: number): Promise<LinkedAccount[]> {
  const rows = await store.sharedSignIns(db, memberId, LIMIT);
  return rows.map((row) => ({
    memberId: row.member_id,
    username: row.username,
    via: row.via,
    value: row.value,
  }));
}

/** Other members (user names) who signed in from the device. */
export function membersOnDevice(db: Queryable, memberId: number, device: string): Promise<string[]> {
  return store.membersOnDevice(db, memberId, device, 20);
}

/** The payee name on the member's account ('' when none was given). */
export function payeeNameOf(db: Queryable, memberId: number): Promise<string> {
  return store.payeeNameOf(db, memberId);
}
