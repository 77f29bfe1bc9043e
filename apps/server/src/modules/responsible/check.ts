import type { ErrorCode, LimitKind } from '@tessera/contract';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import { enqueue } from '../../platform/jobs.ts';
import { addDays, DAY_MS, instantOf, isoDate, localDate } from '../../platform/zoned-time.ts';
import * as store from './store.ts';

/**
 * The one check of responsible gaming: whether a member may do an action now. Every place that does one calls
 * `mayAct` in the transaction of its money posting (or of its write: a sign-in's session, a launch's game session),
 * so the refusal rolls the action back and two actions at once are counted one after the other (the member's row
 * is locked for deposits and stakes). Each refusal has its own code and, where it applies, when it is possible again.
 */
export type Action = 'deposit' | 'bet' | 'launch' | 'transfer_in' | 'claim' | 'sign_in' | 'withdraw';

/** A pause this long without a round ends a session of play (so does signing in again). */
const SESSION_GAP_MS = 30 * 60_000;
/** After a self-exclusion ended and the member asked to reopen, play opens this much later. */
export const REOPEN_WAIT_MS = DAY_MS;

export const WINDOW_MS = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS } as const;
type Window = keyof typeof WINDOW_MS;
const windowOf = (kind: LimitKind) => kind.slice(kind.indexOf('_') + 1) as Window;

export interface ActOptions {
  now: Date;
  /** The deposit or stake, minor units. */
  amount?: bigint;
  /**
   * A bet that opens a new round: the time controls (reality check, session and daily time) refuse only these, so an
   * open round may finish.
   */
  newRound?: boolean;
  /**
   * The rows of `mayActRead`, sent in the opening round trip of the action's transaction: the check reads nothing
   * more (for an action that locks nothing: a deposit's or a stake's check reads under the member's lock).
   */
  read?: Record<string, unknown>[];
}

/** The statement of mayAct's read, for an action that locks nothing, to send with its transaction's BEGIN. */
export const mayActRead = (memberId: number): string => store.controlsAndLimitsStatement(memberId);

/** The block in force at `now` (a time-out or self-exclusion, or one ended but not yet reopened), with its end. */
export function blockAt(
  row: store.ControlsDb | null,
  now: Date,
): { code: ErrorCode; until: Date | undefined } | null {
  if (!row?.block_kind || !row.block_until) return null;
  const code = row.block_kind === 'time_out' ? 'rg_time_out' : 'rg_self_excluded';
  if (now < row.block_until) return { code, until: row.block_until };
  if (row.block_kind === 'time_out') return null;
  if (!row.reopen_requested_at) return { code: 'rg_reopen_needed', until: undefined };
  const reopens = new Date(row.reopen_requested_at.getTime() + REOPEN_WAIT_MS);
  return now < reopens ? { code, until: reopens } : null;
}

/** The session of play still running at `now` (its last round less than the gap ago), or null. */
export function openSession(row: store.ControlsDb | null, now: Date) {
  if (!row?.session_started_at || !row.last_play_at) return null;
  if (now.getTime() - row.last_play_at.getTime() >= SESSION_GAP_MS) return null;
  return { startedAt: row.session_started_at, lastPlayAt: row.last_play_at };
}

/** Seconds played today (the merchant's day) as of the last round. */
export function secondsToday(row: store.ControlsDb | null, today: string): number {
  return row?.play_day === today ? row.day_seconds : 0;
}

export function realityCheckDue(row: store.ControlsDb | null, now: Date): boolean {
  return Boolean(
    row?.reality_minutes && row.reality_due_at && openSession(row, now) && now >= row.reality_due_at,
  );
}

function refuse(code: ErrorCode, until?: Date): never {
  throw new AppError(code, undefined, until);
}

export async function mayAct(tx: Queryable, memberId: number, action: Action, options: ActOptions) {
  if (action === 'withdraw') return;
  const { now } = options;
  const amount = options.amount ?? 0n;
  const locks = action === 'deposit' || (action === 'bet' && amount > 0n);
  if (locks && options.read) throw new Error(`the check of a ${action} reads under the member's lock`);
  // The controls and the limits in one round trip (a posting's transaction waits on each), or read already.
  const {
    row,
    limits: limitRows,
    timeZone: merchantZone,
  } = options.read
    ? store.controlsAndLimitsOf(options.read)
    : await store.controlsAndLimits(tx, memberId, locks ? { lock: true, now } : { lock: false });
  if (action !== 'sign_in') {
    const block = blockAt(row, now);
    if (block) refuse(block.code, block.until);
  }
  const limitOf = (kind: LimitKind) => limitRows.find((limit) => limit.kind === kind)?.value ?? null;
  const timeZone = limitOf('daily_minutes') !== null || action === 'bet' ? merchantZone : 'UTC';
  const today = localDate(now, timeZone);

  const daily = limitOf('daily_minutes');
  // A launch or a transfer into a vendor's wallet (whose vendor takes the bets) counts as starting play.
  const startsPlay = action === 'launch' || action === 'transfer_in';
  const timeChecked = action === 'sign_in' || startsPlay || (action === 'bet' && options.newRound);
  if (timeChecked && daily !== null && secondsToday(row, isoDate(today)) >= Number(daily) * 60) {
    refuse('rg_daily_time_limit', instantOf(addDays(today, 1), 0, timeZone));
  }
  if (action === 'sign_in') {
    // A sign-in starts a new session of play (its time and its reality check start with its first round).
    if (row) await store.updateControls(tx, memberId, { session_started_at: null, last_play_at: null }, now);
    return;
  }
  const session = openSession(row, now);
  if (timeChecked && !startsPlay && realityCheckDue(row, now)) refuse('rg_reality_check_due');
  const perSession = limitOf('session_minutes');
  if (
    timeChecked &&
    session &&
    perSession !== null &&
    now.getTime() - session.startedAt.getTime() >= Number(perSession) * 60_000
  ) {
    refuse('rg_session_limit', new Date(session.lastPlayAt.getTime() + SESSION_GAP_MS));
  }

  if (action === 'deposit') {
    await checkMoney(tx, memberId, amount, now, limitRows, 'deposit');
  }
  if (action === 'bet' && amount > 0n && row) {
    await checkMoney(tx, memberId, amount, now, limitRows, 'bet');
    await recordPlay(tx, row, now, isoDate(today));
  }
}

/** The deposit or stake limits: the new amount on top of what each window holds must stay within every limit set. */
async function checkMoney(
  tx: Queryable,
  memberId: number,
  amount: bigint,
  now: Date,
  limitRows: store.LimitDb[],
  action: 'deposit' | 'bet',
) {
  const kinds = limitRows.filter(
    (limit) =>
      limit.value !== null &&
      (action === 'deposit' ? limit.kind.startsWith('deposit_') : /^(loss|stake)_/.test(limit.kind)),
  );
  if (kinds.length === 0) return;
  const from = new Date(now.getTime() - WINDOW_MS.month);
  const movements =
    action === 'deposit'
      ? { deposit: await store.depositsSince(tx, memberId, from) }
      : await store.roundsSince(tx, memberId, from).then((rounds) => ({
          stake: rounds.map((round) => ({ at: round.at, amount: round.stake })),
          loss: rounds.map((round) => ({ at: round.at, amount: round.loss })),
        }));
  let refusal: { code: ErrorCode; until: Date } | null = null;
  for (const limit of kinds) {
    const kind = limit.kind as LimitKind;
    const value = limit.value ?? 0n;
    if (amount > value) refuse(action === 'deposit' ? 'rg_deposit_above_limit' : 'rg_bet_above_limit');
    const windowMs = WINDOW_MS[windowOf(kind)];
    const type = kind.slice(0, kind.indexOf('_')) as 'deposit' | 'stake' | 'loss';
    const list = ((movements as Record<string, store.Movement[]>)[type] ?? []).filter(
      (movement) => movement.at.getTime() > now.getTime() - windowMs,
    );
    const until = possibleFrom(list, amount, value, windowMs, now);
    if (until && (!refusal || until > refusal.until)) {
      refusal = { code: `rg_${type}_limit` as ErrorCode, until };
    }
  }
  if (refusal) refuse(refusal.code, refusal.until);
}

/**
 * When `amount` fits within `limit` again as the window's oldest movements leave it: null when it fits now. (A loss
 * limit counts the worst case, the whole stake lost.)
 */
function possibleFrom(
  movements: store.Movement[],
  amount: bigint,
  limit: bigint,
  windowMs: number,
  now: Date,
): Date | null {
  let used = movements.reduce((sum, movement) => sum + movement.amount, 0n);
  if (used + amount <= limit) return null;
  for (const movement of movements) {
    used -= movement.amount;
    if (used + amount <= limit) return new Date(movement.at.getTime() + windowMs);
  }
  return new Date(now.getTime() + windowMs);
}

/** A round of money starts or goes on: the session of play, the day's time and the reality check's next time. */
async function recordPlay(tx: Queryable, row: store.ControlsDb, now: Date, today: string) {
  const session = openSession(row, now);
  const played = session ? now.getTime() - session.lastPlayAt.getTime() : 0;
  const daySeconds = secondsToday(row, today) + Math.floor(played / 1000);
  const intervalMs = (row.reality_minutes ?? 0) * 60_000;
  if (!session && intervalMs)
    await scheduleRealityCheck(tx, row.member_id, new Date(now.getTime() + intervalMs), now);
  await store.updateControls(
    tx,
    row.member_id,
    {
      session_started_at: session ? session.startedAt : now,
      last_play_at: now,
      play_day: today,
      day_seconds: daySeconds,
      reality_due_at: session ? row.reality_due_at : intervalMs ? new Date(now.getTime() + intervalMs) : null,
    },
    now,
  );
}

/** The job that tells the member's pages over /ws when a reality check falls due. */
export const REALITY_CHECK_JOB = 'responsible.reality-check';

/**
 * Each time a reality check's time is set (a session starts, the interval changes, the member continues), a job at
 * that time tells the member's open pages, so the dialog shows when the check falls due, not at the page's next poll.
 */
export async function scheduleRealityCheck(tx: Queryable, memberId: number, due: Date | null, now: Date) {
  if (!due) return;
  await enqueue(
    tx,
    { kind: REALITY_CHECK_JOB, payload: { memberId, due: due.toISOString() }, runAt: due, maxAttempts: 3 },
    now,
  );
}
