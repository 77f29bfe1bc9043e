import {
  currencyDigits,
  LIMIT_COOLING_HOURS,
  LIMIT_KINDS,
  type LimitKind,
  type ResponsibleOverview,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { isoDate, localDate } from '../../platform/zoned-time.ts';
import { merchant } from '../system/merchant.ts';
import {
  blockAt,
  openSession,
  REOPEN_WAIT_MS,
  realityCheckDue,
  scheduleRealityCheck,
  secondsToday,
  WINDOW_MS,
} from './check.ts';
import { responsibleSettings } from './settings.ts';
import * as store from './store.ts';

/**
 * The member's own controls: limits (lower at once; raise or remove after 24 hours and a confirmation), the reality
 * check, time-out and self-exclusion (at once, never shortened, no operator lifts them), and the overview the member
 * centre and the console show. Every change is kept in responsible_events, the controls' history.
 */

const COOLING_MS = LIMIT_COOLING_HOURS * 3_600_000;
const isTime = (kind: LimitKind) => kind.endsWith('_minutes');

async function currencyInfo(deps: AppDeps, db: Queryable = deps.db) {
  const found = await merchant(db, deps.config.merchantCode);
  return {
    currency: found.currency,
    currencySymbol: found.currency_symbol,
    digits: currencyDigits(found.currency),
  };
}

export async function overview(
  deps: AppDeps,
  db: Queryable,
  memberId: number,
  now: Date,
): Promise<ResponsibleOverview> {
  // One query at a time: db may be the transaction of a change.
  const currency = await currencyInfo(deps, db);
  const row = await store.controls(db, memberId);
  const limitRows = await store.limits(db, memberId);
  const settings = await responsibleSettings(db);
  const timeZone = await store.merchantTimeZone(db);
  const from = new Date(now.getTime() - WINDOW_MS.month);
  const deposits = await store.depositsSince(db, memberId, from);
  const rounds = await store.roundsSince(db, memberId, from);
  const session = openSession(row, now);
  const net = session ? await store.netSince(db, memberId, session.startedAt) : 0n;
  const shown = (kind: LimitKind, value: bigint | null) =>
    value === null ? null : isTime(kind) ? Number(value) : toMajor(value, currency.digits);
  const usedOf = (kind: LimitKind): number => {
    if (kind === 'session_minutes')
      return session ? Math.floor((now.getTime() - session.startedAt.getTime()) / 60_000) : 0;
    if (kind === 'daily_minutes')
      return Math.floor(secondsToday(row, isoDate(localDate(now, timeZone))) / 60);
    const since = now.getTime() - WINDOW_MS[kind.slice(kind.indexOf('_') + 1) as keyof typeof WINDOW_MS];
    const inWindow = (at: Date) => at.getTime() > since;
    const sum = kind.startsWith('deposit_')
      ? deposits.filter((row) => inWindow(row.at)).reduce((total, row) => total + row.amount, 0n)
      : rounds
          .filter((row) => inWindow(row.at))
          .reduce((total, row) => total + (kind.startsWith('loss_') ? row.loss : row.stake), 0n);
    return toMajor(sum > 0n ? sum : 0n, currency.digits);
  };
  const block = row?.block_kind && row.block_started_at && row.block_until ? row : null;
  const holds = blockAt(row, now);
  return {
    ...currency,
    limits: LIMIT_KINDS.map((kind) => {
      const limit = limitRows.find((found) => found.kind === kind);
      return {
        kind,
        value: shown(kind, limit?.value ?? null),
        used: usedOf(kind),
        pending:
          limit?.pending && limit.pending_at
            ? { value: shown(kind, limit.pending_value), confirmableAt: limit.pending_at.toISOString() }
            : null,
      };
    }),
    realityCheckMinutes: row?.reality_minutes ?? null,
    realityCheckDefault: settings.realityCheckDefault,
    session: {
      startedAt: session ? session.startedAt.toISOString() : null,
      playedSeconds: session ? Math.floor((now.getTime() - session.startedAt.getTime()) / 1000) : 0,
      net: toMajor(net, currency.digits),
      realityCheckDue: realityCheckDue(row, now),
    },
    block:
      block && holds && block.block_kind && block.block_started_at && block.block_until
        ? {
            kind: block.block_kind,
            startedAt: block.block_started_at.toISOString(),
            until: block.block_until.toISOString(),
            reopenRequestedAt: block.reopen_requested_at?.toISOString() ?? null,
            reopensAt: block.reopen_requested_at
              ? new Date(block.reopen_requested_at.getTime() + REOPEN_WAIT_MS).toISOString()
              : null,
          }
        : null,
  };
}

/** One change of the member's controls: in one transaction with the member's row locked, kept in the history. */
async function change(
  deps: AppDeps,
  memberId: number,
  now: Date,
  idempotency: IdempotencyKey | null,
  fn: (tx: Transaction, row: store.ControlsDb) => Promise<void>,
) {
  return write(deps.db, { isolation: 'read committed', idempotency }, async (tx) => {
    const row = await store.lockControls(tx, memberId, now);
    await fn(tx, row);
    return overview(deps, tx, memberId, now);
  });
}

/** The value of a limit in the database's unit: minor units, or whole minutes (1 to 24 hours). */
async function storedValue(deps: AppDeps, kind: LimitKind, value: number | null): Promise<bigint | null> {
  if (value === null) return null;
  if (isTime(kind)) {
    if (!Number.isInteger(value) || value > 24 * 60)
      throw new AppError('validation_failed', { value: 'invalid_value' });
    return BigInt(value);
  }
  const minor = toMinor(value, (await currencyInfo(deps)).digits);
  if (minor === null || minor <= 0n) throw new AppError('amount_invalid', { value: 'invalid_value' });
  return minor;
}

/**
 * Sets a limit: a first limit or a lower one holds at once (and drops a raise waiting); a higher one or a removal
 * (null) waits 24 hours, then needs the member's confirmation, and the limit in force holds until then.
 */
export async function setLimit(
  deps: AppDeps,
  memberId: number,
  kind: LimitKind,
  value: number | null,
  now: Date,
) {
  const wanted = await storedValue(deps, kind, value);
  return change(deps, memberId, now, null, async (tx) => {
    const current = (await store.limits(tx, memberId)).find((limit) => limit.kind === kind)?.value ?? null;
    const stricter = wanted !== null && (current === null || wanted <= current);
    if (stricter) {
      await store.saveLimit(
        tx,
        memberId,
        kind,
        { value: wanted, pending: false, pending_value: null, pending_at: null },
        now,
      );
      await store.addEvent(
        tx,
        memberId,
        current === null ? 'limit_set' : 'limit_lowered',
        { kind, value: String(wanted), before: current === null ? null : String(current) },
        now,
      );
      return;
    }
    if (current === null) return; // removing a limit that is not set changes nothing
    const confirmableAt = new Date(now.getTime() + COOLING_MS);
    await store.saveLimit(
      tx,
      memberId,
      kind,
      { value: current, pending: true, pending_value: wanted, pending_at: confirmableAt },
      now,
    );
    await store.addEvent(
      tx,
      memberId,
      'limit_raise_requested',
      {
        kind,
        value: wanted === null ? null : String(wanted),
        before: String(current),
        confirmableAt: confirmableAt.toISOString(),
      },
      now,
    );
  });
}

/** Confirms a raise or removal once its 24 hours have passed. */
export async function confirmLimit(deps: AppDeps, memberId: number, kind: LimitKind, now: Date) {
  return change(deps, memberId, now, null, async (tx) => {
    const limit = (await store.limits(tx, memberId)).find((found) => found.kind === kind);
    if (!limit?.pending || !limit.pending_at) throw new AppError('rg_no_pending_change');
    if (now < limit.pending_at) throw new AppError('rg_limit_waiting', undefined, limit.pending_at);
    await store.saveLimit(
      tx,
      memberId,
      kind,
      { value: limit.pending_value, pending: false, pending_value: null, pending_at: null },
      now,
    );
    await store.addEvent(
      tx,
      memberId,
      'limit_confirmed',
      {
        kind,
        value: limit.pending_value === null ? null : String(limit.pending_value),
        before: limit.value === null ? null : String(limit.value),
      },
      now,
    );
  });
}

/** Drops a raise or removal still waiting: the limit in force stays. */
export async function cancelPending(deps: AppDeps, memberId: number, kind: LimitKind, now: Date) {
  return change(deps, memberId, now, null, async (tx) => {
    const limit = (await store.limits(tx, memberId)).find((found) => found.kind === kind);
    if (!limit?.pending) throw new AppError('rg_no_pending_change');
    await store.saveLimit(
      tx,
      memberId,
      kind,
      { value: limit.value, pending: false, pending_value: null, pending_at: null },
      now,
    );
    await store.addEvent(tx, memberId, 'limit_pending_cancelled', { kind }, now);
  });
}

/** The reality check's interval (null: off); the next check comes one interval from now. */
export async function setRealityCheck(deps: AppDeps, memberId: number, minutes: number | null, now: Date) {
  return change(deps, memberId, now, null, async (tx, row) => {
    const due = minutes && openSession(row, now) ? new Date(now.getTime() + minutes * 60_000) : null;
    await store.updateControls(tx, memberId, { reality_minutes: minutes, reality_due_at: due }, now);
    await scheduleRealityCheck(tx, memberId, due, now);
    await store.addEvent(tx, memberId, 'reality_check_set', { minutes, before: row.reality_minutes }, now);
  });
}

/** The member saw the reality check (time played, the session's net result) and chose; play goes on for one interval. */
export async function acknowledgeRealityCheck(
  deps: AppDeps,
  memberId: number,
  choice: 'continue' | 'stop' | 'history',
  now: Date,
) {
  return change(deps, memberId, now, null, async (tx, row) => {
    const minutes = row.reality_minutes;
    const due = minutes ? new Date(now.getTime() + minutes * 60_000) : null;
    await store.updateControls(tx, memberId, { reality_due_at: due }, now);
    await scheduleRealityCheck(tx, memberId, due, now);
    await store.addEvent(tx, memberId, 'reality_check_acknowledged', { choice }, now);
  });
}

/**
 * Starts a time-out or self-exclusion at once. One already running is never shortened: a new one must end later
 * (then it replaces it). Open sessions are told over /ws, and the play pages close.
 */
async function startBlock(
  deps: AppDeps,
  memberId: number,
  kind: 'time_out' | 'self_exclusion',
  until: Date,
  now: Date,
  idempotency: IdempotencyKey | null,
) {
  return change(deps, memberId, now, idempotency, async (tx, row) => {
    const holds = blockAt(row, now);
    if (
      holds &&
      (!row.block_until ||
        row.block_until >= until ||
        (row.block_kind === 'self_exclusion' && kind === 'time_out'))
    )
      throw new AppError('rg_block_shorter');
    await store.updateControls(
      tx,
      memberId,
      { block_kind: kind, block_started_at: now, block_until: until, reopen_requested_at: null },
      now,
    );
    await store.addEvent(tx, memberId, kind, { until: until.toISOString() }, now);
    await publish(tx, { type: 'responsible.changed', until: until.toISOString() }, { member: memberId });
  });
}

export function timeOut(
  deps: AppDeps,
  memberId: number,
  days: number,
  now: Date,
  idempotency: IdempotencyKey | null,
) {
  return startBlock(
    deps,
    memberId,
    'time_out',
    new Date(now.getTime() + days * 86_400_000),
    now,
    idempotency,
  );
}

export function selfExclude(
  deps: AppDeps,
  memberId: number,
  months: number,
  now: Date,
  idempotency: IdempotencyKey | null,
) {
  const until = new Date(now);
  until.setUTCMonth(until.getUTCMonth() + months);
  return startBlock(deps, memberId, 'self_exclusion', until, now, idempotency);
}

/** After a self-exclusion ended, the member asks to reopen: play opens a day later. */
export async function requestReopen(deps: AppDeps, memberId: number, now: Date) {
  return change(deps, memberId, now, null, async (tx, row) => {
    if (
      row.block_kind !== 'self_exclusion' ||
      !row.block_until ||
      now < row.block_until ||
      row.reopen_requested_at
    )
      throw new AppError('rg_nothing_to_reopen');
    await store.updateControls(tx, memberId, { reopen_requested_at: now }, now);
    await store.addEvent(
      tx,
      memberId,
      'reopen_requested',
      { reopensAt: new Date(now.getTime() + REOPEN_WAIT_MS).toISOString() },
      now,
    );
  });
}

/** Whether a new registration or payment account has the details of a member still self-excluded. */
export async function assertNotExcludedIdentity(
  db: Queryable,
  identity: Parameters<typeof store.excludedIdentity>[1],
  now: Date,
) {
  if (await store.excludedIdentity(db, identity, now)) throw new AppError('rg_excluded_identity');
}
