import type { Queryable } from '../../db/database.ts';
import { isoDate, type LocalDate } from '../../platform/zoned-time.ts';
import { settingDocument } from '../system/settings.ts';
import * as store from './metrics-store.ts';

/**
 * The agents' definitions, used by the team reports and the contracts alike (design note §A2):
 * - **Team(A)**: A's branch of the tree (members.agent_path contains A), trial accounts left out; A's own play and
 *   money count when `includeAgent` is set (default: yes).
 * - **Valid bet**: the stake of a settled round; a void round counts nothing, a re-settled one counts as it ends
 *   (the roll-ups follow every change of a round). Every product counts at its full stake.
 * - **House result**: valid bets minus what the settled rounds paid back.
 * - **Active member** in a period: a team member who in that period both deposited (more than zero and at least
 *   `activeMinDeposit`) and made valid bets (more than zero and at least `activeMinValidBet`). Over an hour or a
 *   5-minute window (hourly and real-time salary) deposits are not counted per hour, so there a member is active
 *   on valid bets alone.
 * - **Net loss** (dividends): the house result, less the parts the contract names of bonuses, rebates and agent pay
 *   (salaries and dividends) received in the team. Those money parts are not per product, so they are subtracted
 *   only from a contract on all products combined (CONS); a single product's net loss is its house result.
 */
export interface AgentSettings {
  includeAgent: boolean;
  /** Minor units. */
  activeMinDeposit: number;
  activeMinValidBet: number;
}

export const AGENT_SETTINGS_KEY = 'agents';
export const DEFAULT_AGENT_SETTINGS: AgentSettings = {
  includeAgent: true,
  activeMinDeposit: 0,
  activeMinValidBet: 0,
};

export async function agentSettings(db: Queryable): Promise<AgentSettings> {
  const stored = await settingDocument<Partial<AgentSettings>>(db, AGENT_SETTINGS_KEY);
  return { ...DEFAULT_AGENT_SETTINGS, ...stored };
}

/** A contract's or report's products: one game type, or CONS for all of them combined. */
export const ALL_PRODUCTS = 'CONS';

export type NetLossPart = 'bonuses' | 'rebates' | 'salaries';

export interface TeamFigures {
  members: number;
  rounds: number;
  validBet: bigint;
  payout: bigint;
  houseResult: bigint;
  deposits: bigint;
  bonuses: bigint;
  rebates: bigint;
  salaries: bigint;
  activeMembers: number;
}

/** A team's figures over whole days of the merchant (both ends included), for one product or CONS. */
export async function teamFigures(
  db: Queryable,
  agentId: number,
  product: string,
  from: LocalDate,
  to: LocalDate,
  settings?: AgentSettings,
): Promise<TeamFigures> {
  const rules = settings ?? (await agentSettings(db));
  const row = await store.teamFiguresOverDays(db, {
    agentId,
    includeAgent: rules.includeAgent,
    product: product === ALL_PRODUCTS ? null : product,
    fromDay: isoDate(from),
    toDay: isoDate(to),
    activeMinDeposit: BigInt(rules.activeMinDeposit),
    activeMinValidBet: BigInt(rules.activeMinValidBet),
  });
  return {
    members: row.members,
    rounds: row.rounds,
    validBet: row.valid_bet,
    payout: row.payout,
    houseResult: row.valid_bet - row.payout,
    deposits: row.deposits,
    bonuses: row.bonuses,
    rebates: row.rebates,
    salaries: row.salaries,
    activeMembers: row.active_members,
  };
}

/** The net loss of §A2 from a team's figures, with the parts the contract subtracts. */
export function netLoss(figures: TeamFigures, product: string, parts: readonly NetLossPart[]): bigint {
  if (product !== ALL_PRODUCTS) return figures.houseResult;
  return parts.reduce((loss, part) => loss - figures[part], figures.houseResult);
}

export interface TeamWindowFigures {
  rounds: number;
  validBet: bigint;
  payout: bigint;
  activeMembers: number;
}

/** A team's play settled in [from, to) (whole 5-minute windows), for one product or CONS. */
export async function teamWindowFigures(
  db: Queryable,
  agentId: number,
  product: string,
  from: Date,
  to: Date,
  settings?: AgentSettings,
): Promise<TeamWindowFigures> {
  const rules = settings ?? (await agentSettings(db));
  const row = await store.teamFiguresOverWindows(db, {
    agentId,
    includeAgent: rules.includeAgent,
    product: product === ALL_PRODUCTS ? null : product,
    from,
    to,
    activeMinValidBet: BigInt(rules.activeMinValidBet),
  });
  return {
    rounds: row.rounds,
    validBet: row.valid_bet,
    payout: row.payout,
    activeMembers: row.active_members,
  };
}
