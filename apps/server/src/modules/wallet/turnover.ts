import { type ObligationSource, type TurnoverObligation, toMajor } from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import type { JobRunner } from '../../platform/jobs.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { write } from '../../platform/write.ts';
import * as relations from '../accounts/relations.ts';
import { currencyOf, walletSettingsOf } from './settings.ts';
import * as store from './turnover-store.ts';

/**
 * Turnover obligations (the rollover). Every credit that carries a wagering requirement opens one, in the credit's
 * transaction: a deposit at the wallet settings' multiple, a bonus, rebate, salary or points conversion at its own.
 * A settled round's valid stake, weighted per product type (wallet settings' turnoverWeights, 100 % unless set),
 * fills the member's oldest open, unexpired obligations in scope first; what is left over counts nothing. A
 * withdrawal waits while more than the operator's tolerance remains on open, unexpired obligations.
 */

/** amount × multiple, rounded up to a minor unit, without floating-point arithmetic on the money. */
export function requiredTurnover(amount: bigint, multiple: number): bigint {
  if (!(multiple > 0)) return 0n;
  const text = multiple.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  const [whole = '0', fraction = ''] = text.split('.');
  const numerator = BigInt(whole + fraction);
  const denominator = 10n ** BigInt(fraction.length);
  return (amount * numerator + denominator - 1n) / denominator;
}

/** The largest multiple of a bonus under the UK profile. */
const UK_BONUS_MAX_MULTIPLE = 10;

export interface ObligationInput {
  memberId: number;
  source: ObligationSource;
  /** The credit (a deposit's order number, a bonus claim …): one obligation per member, source and ref. */
  sourceRef: string;
  /** The credit, minor units. */
  amount: bigint;
  /** The turnover required is amount × multiple, rounded up. */
  multiple: number;
  /** A product type (game type code) whose stakes count; null or left out: every product type. */
  productScope?: string | null;
  expiresAt?: Date | null;
  /** The largest stake per bet while it is open (a promotion's max stake); null or left out: no limit. */
  maxStake?: bigint | null;
}

/**
 * Opens the obligation of a credit, in the credit's transaction; answers its id, or null when it requires nothing
 * or the credit opened one before. Under the UK profile a bonus's multiple is capped at 10 and it must name one
 * product type.
 */
export async function openObligation(
  tx: Transaction,
  input: ObligationInput,
  now: Date,
): Promise<bigint | null> {
  let multiple = input.multiple;
  const productScope = input.productScope ?? null;
  if (input.source === 'bonus' && (await walletSettingsOf(tx)).ukProfile) {
    multiple = Math.min(multiple, UK_BONUS_MAX_MULTIPLE);
    if (productScope === null) throw new AppError('validation_failed', { productScope: 'required' });
  }
  const required = requiredTurnover(input.amount, multiple);
  if (required === 0n) return null;
  return store.insertObligation(
    tx,
    {
      memberId: input.memberId,
      source: input.source,
      sourceRef: input.sourceRef,
      amount: input.amount,
      required,
      productScope,
      expiresAt: input.expiresAt ?? null,
      maxStake: input.maxStake ?? null,
    },
    now,
  );
}

/**
 * Refuses a stake above the max stake of an open bonus obligation in the product type's scope (bonus_max_stake),
 * in the stake's transaction (the round owner calls it before any money moves).
 */
export async function assertStakeAllowed(
  db: Queryable,
  memberId: number,
  productType: string,
  amount: bigint,
  now: Date,
): Promise<void> {
  const cap = await store.maxStake(db, memberId, productType, now);
  if (cap !== null && amount > cap) throw new AppError('bonus_max_stake');
}

/** Whether the obligation a credit opened is still open (its wagering in progress). */
export const obligationOpen = (
  db: Queryable,
  memberId: number,
  source: ObligationSource,
  sourceRef: string,
  now: Date,
) => store.isOpen(db, memberId, source, sourceRef, now);

/** The percent of a valid stake of the product type that counts (0–100). */
export async function turnoverWeight(db: Queryable, productType: string): Promise<number> {
  return (await walletSettingsOf(db)).turnoverWeights[productType] ?? 100;
}

/**
 * countRound for each of the rounds, in order (one round, or a settled batch): for a batch, the members with an
 * open obligation are read first in one statement, and a round of a member without one counts without filling any.
 * Answers what each round now counts.
 */
export async function countRounds(
  tx: Transaction,
  rounds: { id: bigint; memberId: number; productType: string; counted: bigint; target: bigint }[],
  now: Date,
): Promise<bigint[]> {
  const owing =
    rounds.length > 1
      ? await store.membersWithOpenObligations(tx, [...new Set(rounds.map((round) => round.memberId))], now)
      : null;
  const counted: bigint[] = [];
  for (const round of rounds) {
    const nothingToFill = round.target > round.counted && owing !== null && !owing.has(round.memberId);
    counted.push(nothingToFill ? round.target : await countRound(tx, round, now));
  }
  return counted;
}

/**
 * Brings a round's contribution to `target` (its weighted valid stake once settled, else 0), given what it counted
 * so far, in the round owner's transaction: more fills the member's oldest open obligations in scope, less takes
 * back what the round gave (newest obligation first; one met reopens). Answers what the round now counts.
 */
async function countRound(
  tx: Transaction,
  round: { id: bigint; memberId: number; productType: string; counted: bigint; target: bigint },
  now: Date,
): Promise<bigint> {
  if (round.target > round.counted) {
    let left = round.target - round.counted;
    for (const obligation of await store.lockOpenObligations(tx, round.memberId, round.productType, now)) {
      if (left === 0n) break;
      const owed = obligation.required - obligation.contributed;
      const take = owed < left ? owed : left;
      if (take <= 0n) continue;
      await store.addContribution(tx, obligation.id, round.id, take, now);
      left -= take;
    }
  } else if (round.target < round.counted) {
    const given = await store.roundContributions(tx, round.id);
    let excess = given.reduce((sum, part) => sum + part.amount, 0n) - round.target;
    // Taken back from the newest obligation first.
    for (const part of given.reverse()) {
      if (excess <= 0n) break;
      const back = part.amount < excess ? part.amount : excess;
      await store.removeContribution(tx, part.obligation_id, round.id, back);
      excess -= back;
    }
  }
  return round.target;
}

/** What remains to wager on the member's open, unexpired obligations (minor units). */
export function remainingTurnover(db: Queryable, memberId: number, now: Date): Promise<bigint> {
  return store.remaining(db, memberId, now);
}

function obligationView(row: store.ObligationDb, digits: number, now: Date): TurnoverObligation {
  const major = (minor: bigint) => toMajor(minor, digits);
  const expired = row.status === 'open' && row.expires_at !== null && row.expires_at <= now;
  return {
    id: Number(row.id),
    source: row.source_kind,
    sourceRef: row.source_ref,
    amount: major(row.amount),
    required: major(row.required),
    contributed: major(row.contributed),
    remaining: major(row.status === 'open' && !expired ? row.required - row.contributed : 0n),
    productScope: row.product_scope,
    status: expired ? 'expired' : row.status,
    createdAt: row.created_at.toISOString(),
    expiresAt: row.expires_at?.toISOString() ?? null,
    cancelReason: row.cancel_reason,
  };
}

/**
 * The member's open, unexpired obligations, oldest first (the withdrawal page: why turnover remains), and their
 * sums (minor units).
 */
export async function openObligations(db: Queryable, memberId: number, digits: number, now: Date) {
  const rows = (await store.memberObligations(db, memberId, true)).filter(
    (row) => row.expires_at === null || row.expires_at > now,
  );
  const total = (pick: (row: store.ObligationDb) => bigint) => rows.reduce((sum, row) => sum + pick(row), 0n);
  return {
    required: total((row) => row.required),
    contributed: total((row) => row.contributed),
    remaining: total((row) => row.required - row.contributed),
    list: rows.map((row) => obligationView(row, digits, now)),
  };
}

/** Every obligation of a member, oldest first, for the console's player page. */
export async function memberObligations(deps: AppDeps, memberId: number, now: Date) {
  const member = await relations.relativeById(deps.db, memberId);
  if (!member) throw new AppError('not_found');
  const currency = await currencyOf(deps);
  const rows = await store.memberObligations(deps.db, memberId, false);
  return {
    memberId,
    currency: currency.currency,
    digits: currency.digits,
    list: rows.map((row) => obligationView(row, currency.digits, now)),
  };
}

/**
 * An operator cancels an open obligation with a reason (audited): what it still required no longer holds a
 * withdrawal. One already met, expired or cancelled is refused with conflict.
 */
export async function cancelObligation(
  deps: AppDeps,
  call: OperatorCall,
  memberId: number,
  obligationId: number,
  reason: string,
): Promise<TurnoverObligation> {
  const currency = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'turnover_obligation', action: 'cancel' }, async (tx) => {
    const found = await store.lockObligation(tx, memberId, BigInt(obligationId));
    if (!found) throw new AppError('not_found');
    const before = obligationView(found, currency.digits, call.now);
    if (before.status !== 'open') throw new AppError('conflict');
    const { operatorId } = asOperator(call.caller);
    const after = obligationView(
      await store.cancelObligation(tx, found.id, reason, operatorId, call.now),
      currency.digits,
      call.now,
    );
    return { entityId: obligationId, before, after, result: after };
  });
}

/** Obligations expired per transaction by the expiry job. */
const EXPIRY_BATCH = 500;
const EXPIRY_JOB = 'wallet.turnover-expiry';

/**
 * Marks every open obligation past its expiry as expired (closed at its expiry), in batches; answers the ids this
 * pass expired. Reads already treat such an obligation as expired; this makes its row say so, once: an obligation
 * another pass is expiring is skipped, and one already expired is not taken again.
 */
export async function expireObligations(deps: Pick<AppDeps, 'db'>, now: Date): Promise<bigint[]> {
  const expired: bigint[] = [];
  for (;;) {
    const batch = await write(deps.db, { isolation: 'read committed' }, (tx) =>
      store.expireDue(tx, now, EXPIRY_BATCH),
    );
    expired.push(...batch.map((row) => row.id));
    if (batch.length < EXPIRY_BATCH) return expired;
  }
}

/** The expiry job, every 5 minutes (one job row per slot, whatever the number of processes). */
export function defineTurnoverJobs(runner: JobRunner, deps: AppDeps): void {
  runner.define(EXPIRY_JOB, {
    run: async () => {
      await expireObligations(deps, deps.clock.now());
    },
  });
  runner.schedule({
    name: EXPIRY_JOB,
    kind: EXPIRY_JOB,
    cron: '*/5 * * * *',
    timeZone: 'UTC',
    missed: 'skip',
  });
}
