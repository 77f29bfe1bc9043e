import type { Queryable } from '../../src/db/database.ts';

/**
 * Contracts for the settlement tests, straight into agent_contracts (the columns of migration 0025) as an accepted
 * contract would be; the contract service of A3 makes them in the product.
 */

export interface TierInput {
  minimumBet?: bigint;
  netLoss?: bigint;
  activeMember?: number;
  /** A percentage ('P', e.g. 0.3 for 0.30 %) or a fixed amount in minor units ('F'). */
  percent?: number;
  fixed?: bigint;
}

export async function insertContract(
  db: Queryable,
  contract: {
    agentId: number;
    kind: 'dividend' | 'daily_salary' | 'hourly_salary' | 'realtime_salary';
    product?: string;
    uplineId?: number | null;
    payer?: 'platform' | 'upline';
    tiers: TierInput[];
    period?: 'daily' | 'weekly' | 'semimonthly' | 'monthly';
    carry?: 'none' | 'month' | 'forever';
    netLossParts?: string[];
    acceptedAt: Date;
    endedAt?: Date | null;
    /** Daily salary's cap in minor units. */
    amountLimit?: bigint | null;
  },
): Promise<number> {
  const tiers = contract.tiers.map((tier) => ({
    minimumBet: String(tier.minimumBet ?? 0n),
    netLoss: String(tier.netLoss ?? 0n),
    activeMember: tier.activeMember ?? 0,
    rateType: tier.fixed === undefined ? 'P' : 'F',
    rate: tier.fixed === undefined ? String(Math.round((tier.percent ?? 0) * 10_000)) : String(tier.fixed),
  }));
  const ended = contract.endedAt ?? null;
  const [row] = await db.query<{ id: bigint }>(
    `insert into agent_contracts (kind, product, agent_id, upline_id, payer, status, tiers, period, carry,
       net_loss_parts, offered_at, accepted_at, ended_at, amount_limit)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13) returning id`,
    [
      contract.kind,
      contract.product ?? 'LOTT',
      contract.agentId,
      contract.uplineId ?? null,
      contract.payer ?? 'platform',
      ended ? 'terminated' : 'active',
      JSON.stringify(tiers),
      contract.period ?? 'semimonthly',
      contract.carry ?? 'month',
      JSON.stringify(contract.netLossParts ?? []),
      contract.acceptedAt,
      ended,
      contract.amountLimit ?? null,
    ],
  );
  return Number(row?.id);
}

/** A member's 5-minute roll-up row, as the roll-up job writes it. */
export async function addPlayWindow(
  db: Queryable,
  row: { memberId: number; windowStart: Date; product: string; validBet: bigint; payout?: bigint },
): Promise<void> {
  await db.query(
    `insert into agent_play_windows (member_id, window_start, product, rounds, valid_bet, payout)
     values ($1, $2, $3, 1, $4, $5)
     on conflict (member_id, window_start, product) do update
       set rounds = agent_play_windows.rounds + 1, valid_bet = agent_play_windows.valid_bet + excluded.valid_bet,
           payout = agent_play_windows.payout + excluded.payout`,
    [row.memberId, row.windowStart, row.product, row.validBet, row.payout ?? 0n],
  );
}
