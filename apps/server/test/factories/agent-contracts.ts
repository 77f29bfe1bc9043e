import type { Queryable } from '../../src/db/database.ts';
import { openSession } from '../../src/platform/sessions.ts';
import type { TestApp } from '../harness.ts';

/** Helpers for the contract tests: a signed-in placed member, and contracts written as the service leaves them. */

/** A site token of a member already in the table (placed by placeMember). */
export async function tokenOf(t: TestApp, memberId: number): Promise<string> {
  const session = await openSession(
    t.db,
    { kind: 'member', id: memberId },
    t.config.memberSession,
    t.clock.now(),
    '127.0.0.1',
    t.deps.rng,
  );
  return session.token;
}

/** A tier in the stored form from readable figures: money in minor units, rate a percentage for 'P'. */
export const storedTier = (
  rate: number,
  thresholds: { minimumBet?: bigint; netLoss?: bigint; activeMember?: number } = {},
  rateType: 'P' | 'F' = 'P',
) => ({
  minimumBet: String(thresholds.minimumBet ?? 0n),
  netLoss: String(thresholds.netLoss ?? 0n),
  activeMember: thresholds.activeMember ?? 0,
  rateType,
  rate: String(rateType === 'P' ? Math.round(rate * 10_000) : rate),
});

/** An active contract (accepted at `at`) of the agent, given by the upline (null: the platform); answers its id. */
export async function activeContract(
  db: Queryable,
  contract: {
    agentId: number;
    uplineId?: number | null;
    kind?: string;
    product?: string;
    tiers: ReturnType<typeof storedTier>[];
    at: Date;
    /** Daily salary's cap in minor units. */
    amountLimit?: bigint | null;
  },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into agent_contracts (kind, product, agent_id, upline_id, payer, status, tiers, offered_at, accepted_at,
       amount_limit)
     values ($1, $2, $3, $4, 'platform', 'active', $5, $6, $6, $7) returning id::int as id`,
    [
      contract.kind ?? 'daily_salary',
      contract.product ?? 'LOTT',
      contract.agentId,
      contract.uplineId ?? null,
      JSON.stringify(contract.tiers),
      contract.at,
      contract.amountLimit ?? null,
    ],
  );
  return row?.id as number;
}

/** An offer from the platform waiting for the agent's answer (expiring in a week); answers its id. */
export async function pendingOffer(
  db: Queryable,
  offer: { agentId: number; kind: string; product: string; tiers: ReturnType<typeof storedTier>[]; at: Date },
): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into agent_contracts (kind, product, agent_id, payer, status, tiers, offered_at, expires_at)
     values ($1, $2, $3, 'platform', 'pending', $4, $5, $5::timestamptz + interval '7 days') returning id::int as id`,
    [offer.kind, offer.product, offer.agentId, JSON.stringify(offer.tiers), offer.at],
  );
  return row?.id as number;
}
