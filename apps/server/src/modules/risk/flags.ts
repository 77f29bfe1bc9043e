import { type RiskFlag, type RiskRule, toMajor } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { type RiskRules, riskRules } from './settings.ts';
import * as store from './store.ts';

/**
 * The flags the operator's rules raise, checked where their event happens, in the transaction of that event (each
 * check is a few indexed reads): a settled round's payout (big_win), a deposit credited (deposit_velocity), a
 * withdrawal requested (withdrawal_velocity, payee_name, quick_withdrawal, shared_payment_account) and a sign-in
 * (shared_device). The area where the event happens gathers its facts and calls these checks; the risk area reads
 * no other area's tables. One flag per rule and subject, however often a check runs.
 */

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

async function raise(
  tx: Queryable,
  memberId: number,
  rule: RiskRule,
  subject: string,
  evidence: object,
  at: Date,
): Promise<RiskRule | null> {
  return (await store.insertFlag(tx, { memberId, rule, subject, evidence, at })) === null ? null : rule;
}

const major = (minor: bigint, rules: RiskRules) => toMajor(minor, rules.digits);

/**
 * Settled rounds' payouts (one or a settled batch; the rules read once): big_win on each that reaches the amount, or
 * the multiple of the round's stake, of the rules. `subject` names the round (`round:<id>`).
 */
export async function checkWins(
  tx: Queryable,
  rounds: { memberId: number; subject: string; stake: bigint; win: bigint; at: Date }[],
): Promise<void> {
  const winners = rounds.filter((round) => round.win > 0n);
  if (winners.length === 0) return;
  const rules = await riskRules(tx);
  for (const round of winners) await checkWin(tx, rules, round);
}

async function checkWin(
  tx: Queryable,
  rules: RiskRules,
  round: { memberId: number; subject: string; stake: bigint; win: bigint; at: Date },
): Promise<RiskRule[]> {
  const amount = rules.minor.bigWinAmount;
  const overAmount = amount > 0n && round.win >= amount;
  const multiple = round.stake > 0n ? Number(round.win) / Number(round.stake) : null;
  const overMultiple = rules.bigWinMultiple > 0 && multiple !== null && multiple >= rules.bigWinMultiple;
  if (!overAmount && !overMultiple) return [];
  const raised = await raise(
    tx,
    round.memberId,
    'big_win',
    round.subject,
    {
      win: major(round.win, rules),
      stake: major(round.stake, rules),
      ...(multiple !== null ? { multiple: Math.round(multiple * 100) / 100 } : {}),
      ...(overAmount ? { amountRule: major(amount, rules) } : {}),
      ...(overMultiple ? { multipleRule: rules.bigWinMultiple } : {}),
    },
    round.at,
  );
  return raised ? [raised] : [];
}

/** N events of the kind within M minutes, this one included: the velocity rule's flag on this event. */
async function velocity(
  tx: Queryable,
  rules: { count: number; minutes: number },
  event: { memberId: number; kind: 'deposit' | 'withdrawal'; subject: string; at: Date },
): Promise<RiskRule | null> {
  await store.recordActivity(tx, event);
  if (rules.count <= 0) return null;
  const since = new Date(event.at.getTime() - rules.minutes * MINUTE_MS);
  const recent = await store.activitySince(tx, event.memberId, event.kind, since, event.at);
  if (recent.length < rules.count) return null;
  return raise(
    tx,
    event.memberId,
    event.kind === 'deposit' ? 'deposit_velocity' : 'withdrawal_velocity',
    event.subject,
    { count: recent.length, minutes: rules.minutes, countRule: rules.count, subjects: recent.slice(-20) },
    event.at,
  );
}

/** A deposit credited to the member (`deposit:<orderNo>`): deposit_velocity. */
export async function checkDeposit(
  tx: Queryable,
  deposit: { memberId: number; subject: string; at: Date },
): Promise<RiskRule[]> {
  const rules = await riskRules(tx);
  const raised = await velocity(
    tx,
    { count: rules.depositVelocityCount, minutes: rules.depositVelocityMinutes },
    { ...deposit, kind: 'deposit' },
  );
  return raised ? [raised] : [];
}

/** What the wallet knows of a withdrawal request when it checks it. */
export interface WithdrawalFacts {
  memberId: number;
  /** `withdrawal:<orderNo>` */
  subject: string;
  amount: bigint;
  at: Date;
  payeeName: string;
  /** The member's real name ('' when none is on the account). */
  realName: string;
  /** The last deposit credited before the request, and what the member staked since it. */
  lastDeposit: { subject: string; amount: bigint; at: Date; stakedSince: bigint } | null;
  /** Other members with the same account number (user names). */
  accountSharedWith: string[];
}

const sameName = (a: string, b: string) =>
  a.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleUpperCase() ===
  b.normalize('NFKC').replace(/\s+/g, ' ').trim().toLocaleUpperCase();

/** A withdrawal requested: withdrawal_velocity, payee_name, quick_withdrawal, shared_payment_account. */
export async function checkWithdrawal(tx: Queryable, facts: WithdrawalFacts): Promise<RiskRule[]> {
  const rules = await riskRules(tx);
  const raised: (RiskRule | null)[] = [];
  const { memberId, subject, at } = facts;
  raised.push(
    await velocity(
      tx,
      { count: rules.withdrawalVelocityCount, minutes: rules.withdrawalVelocityMinutes },
      { memberId, kind: 'withdrawal', subject, at },
    ),
  );
  if (rules.payeeNameMismatch && facts.realName !== '' && !sameName(facts.payeeName, facts.realName)) {
    raised.push(
      await raise(
        tx,
        memberId,
        'payee_name',
        subject,
        { payeeName: facts.payeeName, realName: facts.realName },
        at,
      ),
    );
  }
  const deposit = facts.lastDeposit;
  if (rules.quickWithdrawalHours > 0 && deposit) {
    const within = at.getTime() - deposit.at.getTime() <= rules.quickWithdrawalHours * HOUR_MS;
    // Staked below x % of the deposit: stakes × 100 < deposit × x, in hundredths of a percent to stay in integers.
    const percentHundredths = BigInt(Math.round(rules.quickWithdrawalTurnoverPercent * 100));
    const littlePlay = deposit.stakedSince * 10_000n < deposit.amount * percentHundredths;
    if (within && littlePlay) {
      raised.push(
        await raise(
          tx,
          memberId,
          'quick_withdrawal',
          subject,
          {
            deposit: deposit.subject,
            depositAmount: major(deposit.amount, rules),
            depositedAt: deposit.at.toISOString(),
            stakedSince: major(deposit.stakedSince, rules),
            hoursRule: rules.quickWithdrawalHours,
            percentRule: rules.quickWithdrawalTurnoverPercent,
          },
          at,
        ),
      );
    }
  }
  if (rules.sharedPaymentAccount && facts.accountSharedWith.length > 0) {
    raised.push(
      await raise(tx, memberId, 'shared_payment_account', subject, { members: facts.accountSharedWith }, at),
    );
  }
  return raised.filter((rule): rule is RiskRule => rule !== null);
}

/**
 * A sign-in from a device other members signed in from: shared_device, once per member and device. `othersOnDevice`
 * is asked only while the rule is on.
 */
export async function checkSignIn(
  tx: Queryable,
  signIn: { memberId: number; device: string; at: Date },
  othersOnDevice: () => Promise<string[]>,
): Promise<RiskRule[]> {
  if (signIn.device === '') return [];
  const rules = await riskRules(tx);
  if (!rules.sharedDevice) return [];
  const members = await othersOnDevice();
  if (members.length === 0) return [];
  const raised = await raise(
    tx,
    signIn.memberId,
    'shared_device',
    `device:${signIn.memberId}:${signIn.device}`,
    { device: signIn.device, members },
    signIn.at,
  );
  return raised ? [raised] : [];
}

/** Whether the member has flags no operator resolved yet. */
export async function hasOpenFlags(db: Queryable, memberId: number): Promise<boolean> {
  return (await store.openFlagCount(db, memberId)) > 0;
}

function flagView(row: store.FlagDb): RiskFlag {
  return {
    id: row.id,
    memberId: row.member_id,
    username: row.username,
    rule: row.rule,
    subject: row.subject,
    evidence: row.evidence,
    createdAt: row.created_at.toISOString(),
    resolvedBy: row.resolver,
    resolvedAt: row.resolved_at?.toISOString() ?? null,
    resolutionNote: row.resolution_note,
  };
}

export async function listFlags(
  db: Queryable,
  query: store.FlagFilters & { pageNo: number; pageSize: number },
) {
  const { rows, total } = await store.listFlags(
    db,
    query,
    (query.pageNo - 1) * query.pageSize,
    query.pageSize,
  );
  return { list: rows.map(flagView), total, pageNo: query.pageNo, pageSize: query.pageSize };
}

/** A member's flags, open ones first then the latest (the player page and the withdrawal review). */
export async function memberFlags(db: Queryable, memberId: number, limit = 50): Promise<RiskFlag[]> {
  const { rows } = await store.listFlags(db, { memberId }, 0, limit);
  return rows.map(flagView).sort((a, b) => Number(a.resolvedAt !== null) - Number(b.resolvedAt !== null));
}

/** Resolves an open flag with the operator's note (audited). */
export async function resolveFlag(deps: AppDeps, call: OperatorCall, id: number, note: string) {
  const operatorId = asOperator(call.caller).operatorId;
  return operatorWrite(deps, call, { entity: 'risk_flag', action: 'resolve' }, async (tx) => {
    const before = await store.flagById(tx, id);
    if (!before) throw new AppError('risk_flag_not_found');
    if (!(await store.resolveFlag(tx, id, operatorId, note, call.now))) {
      throw new AppError('risk_flag_resolved');
    }
    const after = await store.flagById(tx, id);
    if (!after) throw new Error(`risk flag ${id} vanished`);
    return {
      entityId: id,
      before: { rule: before.rule, subject: before.subject, resolvedAt: null },
      after: { resolvedAt: after.resolved_at?.toISOString() ?? null, note },
      result: flagView(after),
    };
  });
}
