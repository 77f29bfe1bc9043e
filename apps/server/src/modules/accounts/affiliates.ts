import type { Queryable, Transaction } from '../../db/database.ts';

/**
 * Agents' affiliate links, as registration knows them. Registration asks through this port and the agents area
 * answers (`agents/links.ts`; `app.ts` joins the two), so the accounts area never imports the agents area, which
 * registers downline accounts through this one. An agent's own default code (members.affiliate_code) is the
 * accounts area's and needs no port.
 */
export interface AffiliateLinks {
  /** The live link of this code (any case) of an active agent: the agent and the type of account it opens. */
  find(
    db: Queryable,
    code: string,
  ): Promise<{ code: string; linkId: number; agentId: number; type: number } | null>;
  /** Counts a sign-up through the link, in the registration's transaction. */
  signedUp(tx: Transaction, linkId: number): Promise<void>;
}
