import type { Queryable, Transaction } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { addDays, instantOf, isoDate, localDate, startOfLocalHour } from '../../platform/zoned-time.ts';
import { merchant } from '../system/merchant.ts';
import * as ledger from '../wallet/ledger.ts';
import { type ContractInForceDuring, contractsInForceDuring } from './contracts.ts';
import {
  type AgentSettings,
  agentSettings,
  type NetLossPart,
  netLoss,
  teamFigures,
  teamWindowFigures,
} from './metrics.ts';
import { type DayRange, type Period, previousPeriod } from './periods.ts';
import {
  type ContractKind,
  capped,
  carriedIn,
  contractYield,
  type Measures,
  parseTiers,
  spread,
} from './settlement-rules.ts';
import * as store from './settlement-store.ts';

/**
 * Settlement of the agents' contracts (design note §A4, §A6). A run settles every contract of one kind in force
 * during one closed period: a 5-minute window (real-time salary), a clock hour (hourly), a merchant's day (daily
 * salary) or a contract's dividend period. Each (agent, kind, product, period) gets exactly one bill (the table's
 * unique key) and, when something is owed, its payment as a ledger posting with the key
 * `agents:{kind}:{agentId}:{product}:{periodStart}` in the bill's own transaction. An agent is paid its spread: what
 * its contract yields on its team less what the contracts of its direct downline agents (same kind and product)
 * yield on theirs. A daily salary's cap (`amountLimit`) limits that spread; the bill keeps the amount before it.
 *
 * Which contract applies: the one in force at some time during the period (accepted before its end, not ended
 * before its start); when one replaced another inside the period, the later one. A contract that ended inside a
 * dividend period settles that period on the days up to the day it ended (its figures stop there; no scaling).
 * Salaries are per day, hour or window and settle the whole of it; a team that did not play in it gets no salary
 * bill (dividends always get one: it carries a negative period).
 *
 * Payment: salaries are paid at once; a dividend waits for an operator's approval. The payer is the platform
 * (the house account house:agents) or the agent's upline (member to member). An upline pays what its main wallet
 * holds, read under the wallet's row lock: the bill is then partly paid or (nothing paid) insufficient, never
 * a negative balance, and later runs pay the rest when the upline has it (each further payment its own posting).
 * The agent is not sent an inbox message: the credit shows in its records and balance at once.
 */

export type SettlementKind = ContractKind;

/** Payments of a bill: the first has the bill's key, a later one (the rest of a partly paid bill) a numbered key. */
export const billPostingKey = (
  bill: { kind: string; agentId: number; product: string; periodStart: Date },
  payment: number,
) =>
  `agents:${bill.kind}:${bill.agentId}:${bill.product}:${bill.periodStart.toISOString()}${
    payment > 1 ? `:${payment}` : ''
  }`;

export interface Span {
  start: Date;
  end: Date;
  /** The merchant's days of the span (daily salary and dividends). */
  days?: DayRange;
}

interface Outcome {
  tier: number | null;
  gross: bigint;
  measures: Measures;
  base: bigint;
  carriedIn: bigint;
  netLossBeforeCarry: bigint;
  validBet: bigint;
}

interface SettleContext {
  db: Queryable;
  kind: SettlementKind;
  span: Span;
  timeZone: string;
  settings: AgentSettings;
}

/** The merchant's time zone (its days). */
export async function merchantTimeZone(deps: Pick<AppDeps, 'db' | 'config'>): Promise<string> {
  return (await merchant(deps.db, deps.config.merchantCode)).time_zone;
}

/** The span of whole merchant days, from the first day's midnight to the midnight after the last. */
export function daySpan(days: DayRange, timeZone: string): Span {
  return {
    start: instantOf(days.from, 0, timeZone),
    end: instantOf(addDays(days.to, 1), 0, timeZone),
    days,
  };
}

/** What a contract yields on its agent's team over the span (its tier, gross and the measures read). */
async function outcomeOf(context: SettleContext, contract: ContractInForceDuring): Promise<Outcome> {
  const tiers = parseTiers(contract.tiers);
  const { span, settings } = context;
  if (!span.days) {
    const figures = await teamWindowFigures(
      context.db,
      contract.agent_id,
      contract.product,
      span.start,
      span.end,
      settings,
    );
    const measures = {
      turnover: figures.validBet,
      netLoss: figures.validBet - figures.payout,
      activeMembers: figures.activeMembers,
    };
    const { tier, gross } = contractYield(tiers, measures, figures.validBet);
    return {
      tier,
      gross,
      measures,
      base: figures.validBet,
      carriedIn: 0n,
      netLossBeforeCarry: measures.netLoss,
      validBet: figures.validBet,
    };
  }
  let days = span.days;
  if (context.kind === 'dividend' && contract.ended_at && contract.ended_at < span.end) {
    // Ended inside the period: its figures stop at the day it ended.
    const last = localDate(new Date(contract.ended_at.getTime() - 1), context.timeZone);
    days = { from: days.from, to: isoDate(last) < isoDate(days.from) ? days.from : last };
  }
  const figures = await teamFigures(
    context.db,
    contract.agent_id,
    contract.product,
    days.from,
    days.to,
    settings,
  );
  const loss = netLoss(figures, contract.product, contract.net_loss_parts as NetLossPart[]);
  if (context.kind !== 'dividend') {
    const measures = { turnover: figures.validBet, netLoss: loss, activeMembers: figures.activeMembers };
    const { tier, gross } = contractYield(tiers, measures, figures.validBet);
    return {
      tier,
      gross,
      measures,
      base: figures.validBet,
      carriedIn: 0n,
      netLossBeforeCarry: loss,
      validBet: figures.validBet,
    };
  }
  const previous = await store.billEndingAt(context.db, {
    agentId: contract.agent_id,
    kind: 'dividend',
    product: contract.product,
    periodEnd: span.start,
  });
  const carried = carriedIn(
    contract.carry,
    previous
      ? {
          netLossAfterCarry: BigInt(String(previous.metrics.netLossAfterCarry ?? '0')),
          sameMonth:
            localDate(previous.period_start, context.timeZone).month ===
            localDate(span.start, context.timeZone).month,
        }
      : null,
  );
  const effective = loss + carried;
  const measures = { turnover: figures.validBet, netLoss: effective, activeMembers: figures.activeMembers };
  const { tier, gross } = contractYield(tiers, measures, effective);
  return {
    tier,
    gross,
    measures,
    base: effective,
    carriedIn: carried,
    netLossBeforeCarry: loss,
    validBet: figures.validBet,
  };
}

/** The bill's status before payment: nothing reached, nothing left after the spread, or owed. */
function initialStatus(kind: SettlementKind, outcome: Outcome, amount: bigint): string {
  if (outcome.tier === null) return 'not_reached';
  if (amount <= 0n) return 'negative';
  return kind === 'dividend' ? 'unapproved' : 'paid';
}

export interface RunResult {
  runId: bigint | null;
  bills: number;
  failures: { agentId: number; product: string; error: string }[];
}

/**
 * Settles every contract of the kind in force during the span (one run). A contract whose bill exists is skipped,
 * so a retried or repeated run makes nothing twice. A contract that fails is recorded on the run and the others
 * go on; the caller (the job) fails after, so the slot is retried for the ones left.
 */
export async function settleSpan(
  deps: Pick<AppDeps, 'db' | 'config'>,
  kind: SettlementKind,
  span: Span,
  now: Date,
  only?: (contract: ContractInForceDuring) => boolean,
): Promise<RunResult> {
  const [settings, timeZone] = await Promise.all([agentSettings(deps.db), merchantTimeZone(deps)]);
  const contracts = await contractsInForceDuring(deps.db, kind, span.start, span.end);
  // A period without a contract of the kind has no run.
  if (!contracts.some((contract) => !only || only(contract))) return { runId: null, bills: 0, failures: [] };
  const context: SettleContext = { db: deps.db, kind, span, timeZone, settings };
  const runId = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.openRun(tx, { kind, periodStart: span.start, periodEnd: span.end, at: now }),
  );
  const failures: RunResult['failures'] = [];
  let bills = 0;
  for (const contract of contracts) {
    if (only && !only(contract)) continue;
    const key = { agentId: contract.agent_id, kind, product: contract.product, periodStart: span.start };
    if (await store.billExists(deps.db, key)) continue;
    try {
      const own = await outcomeOf(context, contract);
      // A salary on a team that did not play in the period has nothing to bill (no row per idle window).
      if (kind !== 'dividend' && own.validBet === 0n) continue;
      const downlines = contracts.filter(
        (other) => other.member_upline_id === contract.agent_id && other.product === contract.product,
      );
      const downlineGross: bigint[] = [];
      for (const downline of downlines) downlineGross.push((await outcomeOf(context, downline)).gross);
      // A daily salary's cap limits what the agent keeps (its downlines' bills are their own contracts').
      const { amount, uncapped } = capped(
        spread(own.gross, downlineGross),
        kind === 'daily_salary' && contract.amount_limit !== null ? BigInt(contract.amount_limit) : null,
      );
      const status = initialStatus(kind, own, amount);
      const tier = own.tier === null ? null : parseTiers(contract.tiers)[own.tier];
      const payerMemberId =
        contract.payer === 'upline' ? (contract.upline_id ?? contract.member_upline_id) : null;
      const made = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
        const billId = await store.insertBill(tx, {
          contractId: contract.id,
          agentId: contract.agent_id,
          kind,
          product: contract.product,
          periodStart: span.start,
          periodEnd: span.end,
          metrics: {
            turnover: own.validBet.toString(),
            netLoss: own.netLossBeforeCarry.toString(),
            netLossAfterCarry: (own.netLossBeforeCarry + own.carriedIn).toString(),
            activeMembers: own.measures.activeMembers,
            base: own.base.toString(),
            rateType: tier?.rateType ?? null,
            rate: tier ? tier.rate.toString() : null,
          },
          tier: own.tier,
          gross: own.gross,
          downlineGross: downlineGross.reduce((sum, value) => sum + value, 0n),
          carriedIn: own.carriedIn,
          amount: amount > 0n ? amount : 0n,
          uncappedAmount: uncapped,
          status: status === 'paid' ? 'insufficient' : status,
          payer: payerMemberId === null ? 'platform' : 'upline',
          payerMemberId,
          runId,
          at: now,
        });
        if (billId === null) return false;
        if (status === 'paid') {
          const bill = await store.lockBill(tx, billId);
          if (bill) await payOutstanding(tx, bill, now);
        }
        return true;
      });
      if (made) bills += 1;
    } catch (error) {
      failures.push({
        agentId: contract.agent_id,
        product: contract.product,
        error: error instanceof Error ? error.message.slice(0, 500) : String(error),
      });
    }
  }
  await write(deps.db, { isolation: 'read committed' }, (tx) => store.closeRun(tx, runId, failures, now));
  return { runId, bills, failures };
}

/**
 * Pays what a bill still owes, in the caller's transaction (the bill's row locked by the caller): all of it from
 * the platform; from an upline what its main wallet holds under the row lock. Answers the bill's paid and status.
 */
export async function payOutstanding(
  tx: Transaction,
  bill: store.BillDb,
  now: Date,
): Promise<{ paid: bigint; status: string }> {
  const owed = bill.amount - bill.paid;
  let take = owed;
  if (bill.payer === 'upline' && bill.payer_member_id !== null) {
    const balance = await ledger.lockedBalance(tx, bill.payer_member_id, 'main');
    take = balance < owed ? (balance > 0n ? balance : 0n) : owed;
  }
  if (take > 0n) {
    const payment = bill.payments + 1;
    await ledger.post(
      tx,
      {
        key: billPostingKey(
          { kind: bill.kind, agentId: bill.agent_id, product: bill.product, periodStart: bill.period_start },
          payment,
        ),
        kind: bill.kind === 'dividend' ? 'dividend' : 'salary',
        memberId: bill.agent_id,
        reference: `agent-bill:${bill.id}`,
        legs: [
          {
            account:
              bill.payer === 'upline' && bill.payer_member_id !== null
                ? { member: bill.payer_member_id, wallet: 'main' }
                : { system: 'house:agents' },
            amount: -take,
          },
          { account: { member: bill.agent_id, wallet: 'main' }, amount: take },
        ],
      },
      now,
    );
  }
  const paid = bill.paid + take;
  const status = paid === bill.amount ? 'paid' : paid > 0n ? 'partly_paid' : 'insufficient';
  await store.recordPayment(tx, bill.id, { paid, status, posted: take > 0n });
  return { paid, status };
}

/** Pays the rest of bills an upline could not pay in full, when it now can (each bill in its own transaction). */
export async function retryOutstanding(deps: Pick<AppDeps, 'db'>, now: Date): Promise<number> {
  let settled = 0;
  for (const { id } of await store.outstandingUplineBills(deps.db, 500)) {
    const paid = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const bill = await store.lockBill(tx, id);
      if (!bill || (bill.status !== 'partly_paid' && bill.status !== 'insufficient')) return false;
      return (await payOutstanding(tx, bill, now)).paid > bill.paid;
    });
    if (paid) settled += 1;
  }
  return settled;
}

// The periods each job settles, from its slot.

const WINDOW_MS = 5 * 60_000;
const HOUR_MS = 3_600_000;

/** The real-time window a slot settles: the one that ended 5 minutes before it (late settlements are in). */
export function realtimeWindow(slot: Date): Span {
  const end = new Date(Math.floor(slot.getTime() / WINDOW_MS) * WINDOW_MS - WINDOW_MS);
  return { start: new Date(end.getTime() - WINDOW_MS), end };
}

/**
 * The hour a slot settles: the merchant's clock hour that ended at its last whole hour (in a zone with a :30 offset,
 * at half past in UTC).
 */
export function hourlySpan(slot: Date, timeZone: string): Span {
  const end = startOfLocalHour(slot, timeZone);
  return { start: new Date(end.getTime() - HOUR_MS), end };
}

/** The merchant's day before the one the slot falls on (the daily salary's). */
export function previousDay(slot: Date, timeZone: string): Span {
  const yesterday = addDays(localDate(slot, timeZone), -1);
  return daySpan({ from: yesterday, to: yesterday }, timeZone);
}

/**
 * Dividends: each contract settles its own period (semimonthly by default) once it has ended: the period before
 * the one the slot's merchant day falls in. One run per distinct period.
 */
export async function settleDividends(
  deps: Pick<AppDeps, 'db' | 'config'>,
  slot: Date,
  now: Date,
): Promise<RunResult[]> {
  const timeZone = await merchantTimeZone(deps);
  const today = localDate(slot, timeZone);
  const periods = new Map<string, DayRange>();
  for (const period of ['daily', 'weekly', 'semimonthly', 'monthly'] as Period[]) {
    periods.set(period, previousPeriod(period, today));
  }
  const results: RunResult[] = [];
  for (const [period, days] of periods) {
    const span = daySpan(days, timeZone);
    results.push(await settleSpan(deps, 'dividend', span, now, (contract) => contract.period === period));
  }
  return results;
}
