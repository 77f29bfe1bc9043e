import type { Queryable } from '../../db/database.ts';
import * as store from './store.ts';

/**
 * The dialing code of the one account with this mobile number, for a client that sends the number alone (the
 * original's reset by phone). '' when no account, or more than one, has it: the code check then fails as for a
 * wrong number.
 */
export async function dialingCodeOf(db: Queryable, mobile: string): Promise<string> {
  const codes = await store.dialingCodesOfMobile(db, mobile);
  return codes.length === 1 ? (codes[0] as string) : '';
}
