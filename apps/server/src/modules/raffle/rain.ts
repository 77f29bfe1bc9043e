import {
  type ConsoleRainSchedule,
  type RainGrab,
  type RainRoundState,
  type RainState,
  type rainScheduleInput,
  toMajor,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { publish } from '../../platform/realtime.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { addDays, instantOf, type LocalDate, localDate } from '../../platform/zoned-time.ts';
import { assertRoomEntry, postEnvelope, roomName } from '../chat/rooms.ts';
import { creditBonus } from '../vip/bonus.ts';
import { vipTimeZone as merchantTimeZone } from '../vip/growth.ts';
import { minorOf } from '../vip/settings.ts';
import { depositTotalsBetween } from '../wallet/deposit-totals.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { splitPool } from './rain-split.ts';
import * as store from './rain-store.ts';

/**
 * The red envelope rain (design note §B7). The operator schedules rounds: weekdays and start times in the merchant's
 * time zone, a duration, a pool split into a number of envelopes between a minimum and a maximum, the turnover
 * multiple of each credit, and how many grabs a member gets by the merchant day's deposits. A round is opened by
 * the job (every minute) or by an operator, exactly once per (schedule, opening) by the round's unique key, and its
 * envelopes are drawn in that same transaction (rain-split.ts: they sum to the pool exactly). A grab takes one
 * unclaimed envelope with `for update skip locked` (concurrent grabs take different envelopes and never wait on one
 * another), under the member's grabber row lock (their grabs in the round, and at most one per 300 ms), and credits
 * it as one red_envelope posting from house:bonuses with its turnover obligation, in one transaction.
 *
 * A schedule may drop its rounds in one chat room instead (room_id): the same rules, but only members the room
 * admits (its entry rules, not kicked: chat's assertRoomEntry) see or grab them, the site-wide rain never shows
 * them, and opening one posts an `envelope` message in the room (chat's postEnvelope, same transaction). A room
 * round keeps the schedule's grabs by the day's deposits: an operator who wants every member of the room to grab
 * sets a rule from 0.
 */

/** The shortest time between two grabs of one member. */
const GRAB_INTERVAL_MS = 300;

const isoWeekday = (date: LocalDate) => {
  const day = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return day === 0 ? 7 : day;
};
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The openings of the schedule from the merchant day before `at`'s to `days` days after it, in order. */
function openings(schedule: store.ScheduleDb, at: Date, timeZone: string, days: number): Date[] {
  const today = localDate(at, timeZone);
  const found: Date[] = [];
  for (let offset = -1; offset <= days; offset += 1) {
    const date = addDays(today, offset);
    if (!schedule.weekdays.includes(isoWeekday(date))) continue;
    for (const time of schedule.times) found.push(instantOf(date, minutesOf(time), timeZone));
  }
  return found.sort((a, b) => a.getTime() - b.getTime());
}

/** Opens the round of (schedule, opensAt) unless it is open already; answers the new round's id, or null. */
async function openRound(
  tx: Transaction,
  deps: AppDeps,
  schedule: store.ScheduleDb,
  opensAt: Date,
  now: Date,
) {
  const closesAt = new Date(opensAt.getTime() + schedule.duration_seconds * 1000);
  const roundId = await store.insertRound(
    tx,
    {
      scheduleId: schedule.id,
      opensAt,
      closesAt,
      pool: schedule.pool,
      envelopes: schedule.envelopes,
      turnoverMultiple: schedule.turnover_multiple,
      grabRules: schedule.grab_rules,
      roomId: schedule.room_id,
    },
    now,
  );
  if (roundId === null) return null;
  const amounts = splitPool(
    deps.rng,
    schedule.pool,
    schedule.envelopes,
    schedule.min_amount,
    schedule.max_amount,
  );
  await store.insertEnvelopes(tx, roundId, amounts);
  if (schedule.room_id !== null) {
    await postEnvelope(
      tx,
      { roomId: schedule.room_id, roundId: Number(roundId), envelopes: schedule.envelopes, closesAt },
      now,
    );
  } else {
    await publish(
      tx,
      { type: 'rain.round', roundId: Number(roundId), closesAt: closesAt.toISOString() },
      'players',
    );
  }
  return roundId;
}

/**
 * The job's pass: opens every enabled schedule's round whose time has come and that has not closed yet. Two runners
 * (or a retried pass) write each round once: the second insert of (schedule, opening) does nothing.
 */
export async function openDueRounds(deps: AppDeps, now: Date): Promise<number> {
  const timeZone = await merchantTimeZone(deps);
  let opened = 0;
  for (const schedule of await store.schedules(deps.db, true)) {
    for (const opensAt of openings(schedule, now, timeZone, 0)) {
      const closesAt = opensAt.getTime() + schedule.duration_seconds * 1000;
      if (opensAt > now || closesAt <= now.getTime()) continue;
      const id = await write(deps.db, { isolation: 'read committed' }, (tx) =>
        openRound(tx, deps, schedule, opensAt, now),
      );
      if (id !== null) opened += 1;
    }
  }
  return opened;
}

/** Grabs a member has in a round by the merchant day's deposits: the largest count whose minimum is met, else 0. */
function grabsFor(rules: readonly store.GrabRule[], deposits: bigint): number {
  let grabs = 0;
  for (const rule of rules) if (deposits >= BigInt(rule.minDeposit) && rule.grabs > grabs) grabs = rule.grabs;
  return grabs;
}

async function depositsToday(deps: AppDeps, memberId: number, now: Date): Promise<bigint> {
  const timeZone = await merchantTimeZone(deps);
  const start = instantOf(localDate(now, timeZone), 0, timeZone);
  const totals = await depositTotalsBetween(deps.db, { from: start, to: new Date(now.getTime() + 1) }, [
    memberId,
  ]);
  return totals.get(memberId)?.amount ?? 0n;
}

/** The live round (with this member's grabs) and the next opening, for the site's way into the rain. */
export async function rainState(deps: AppDeps, memberId: number | null, now: Date): Promise<RainState> {
  const currency = await currencyOf(deps);
  const round = await store.liveRound(deps.db, now);
  let live: RainState['live'] = null;
  if (round) {
    const [left, grabbed, deposits] = await Promise.all([
      store.envelopesLeft(deps.db, round.id),
      memberId === null ? 0 : store.grabsOf(deps.db, round.id, memberId),
      memberId === null ? 0n : depositsToday(deps, memberId, now),
    ]);
    live = {
      roundId: Number(round.id),
      opensAt: round.opens_at.toISOString(),
      closesAt: round.closes_at.toISOString(),
      left,
      grabs: memberId === null ? 0 : grabsFor(round.grab_rules, deposits),
      grabbed,
      turnoverMultiple: round.turnover_multiple,
    };
  }
  const timeZone = await merchantTimeZone(deps);
  let next: Date | null = null;
  for (const schedule of await store.schedules(deps.db, true)) {
    if (schedule.room_id !== null) continue;
    const after = openings(schedule, now, timeZone, 7).find((opening) => opening > now);
    if (after && (!next || after < next)) next = after;
  }
  return {
    ...currency,
    serverTime: now.toISOString(),
    live,
    next: next ? { opensAt: next.toISOString() } : null,
  };
}

/** The round, refused (as chat refuses) to a member its room does not admit; not_found when there is none. */
async function admittedRound(deps: AppDeps, memberId: number, roundId: number, now: Date) {
  const round = await store.round(deps.db, roundId);
  if (!round) throw new AppError('not_found');
  if (round.room_id !== null) await assertRoomEntry(deps.db, round.room_id, memberId, now);
  return round;
}

/** One round as a room's envelope message shows it to the member: live or not, left, the member's grabs and amounts. */
export async function roundState(
  deps: AppDeps,
  memberId: number,
  roundId: number,
  now: Date,
): Promise<RainRoundState> {
  const round = await admittedRound(deps, memberId, roundId, now);
  const [currency, left, grabbed, deposits, mine] = await Promise.all([
    currencyOf(deps),
    store.envelopesLeft(deps.db, round.id),
    store.grabsOf(deps.db, round.id, memberId),
    depositsToday(deps, memberId, now),
    store.amountsOf(deps.db, round.id, memberId),
  ]);
  return {
    ...currency,
    roundId: Number(round.id),
    roomId: round.room_id,
    opensAt: round.opens_at.toISOString(),
    closesAt: round.closes_at.toISOString(),
    live: round.opens_at <= now && now < round.closes_at,
    envelopes: round.envelopes,
    left,
    grabs: grabsFor(round.grab_rules, deposits),
    grabbed,
    mine: mine.map((amount) => toMajor(amount, currency.digits)),
    turnoverMultiple: round.turnover_multiple,
  };
}

/** One grab in the round (see the note above). */
export async function grab(
  deps: AppDeps,
  memberId: number,
  roundId: number,
  context: { now: Date; idempotency: IdempotencyKey | null },
): Promise<RainGrab> {
  const { now } = context;
  await admittedRound(deps, memberId, roundId, now);
  const currency = await currencyOf(deps);
  const deposits = await depositsToday(deps, memberId, now);
  return write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
    const round = await store.round(tx, roundId);
    if (!round) throw new AppError('not_found');
    if (now < round.opens_at || now >= round.closes_at) throw new AppError('rain_not_live');
    const allowed = grabsFor(round.grab_rules, deposits);
    const grabber = await store.lockGrabber(tx, round.id, memberId);
    if (grabber.last_grab_at && now.getTime() - grabber.last_grab_at.getTime() < GRAB_INTERVAL_MS) {
      throw new AppError('rain_too_fast');
    }
    if (grabber.grabs >= allowed) throw new AppError('rain_no_grabs');
    const envelope = await store.takeEnvelope(tx, round.id);
    if (!envelope) throw new AppError('rain_all_taken');
    const transactionId = await creditBonus(
      tx,
      {
        memberId,
        key: `rain:${envelope.id}`,
        amount: envelope.amount,
        turnoverMultiple: round.turnover_multiple,
        source: 'red_envelope_rain',
        kind: 'red_envelope',
      },
      now,
    );
    await store.markGrabbed(tx, envelope.id, memberId, transactionId, now);
    const grabs = await store.countGrab(tx, round.id, memberId, now);
    return {
      ...currency,
      envelopeId: Number(envelope.id),
      amount: toMajor(envelope.amount, currency.digits),
      turnoverMultiple: round.turnover_multiple,
      grabsLeft: Math.max(0, allowed - grabs),
    };
  });
}

// The console.

function scheduleView(row: store.ScheduleDb, currency: Currency, timeZone: string): ConsoleRainSchedule {
  const major = (minor: bigint) => toMajor(minor, currency.digits);
  return {
    id: row.id,
    ...currency,
    name: row.name,
    enabled: row.enabled,
    weekdays: row.weekdays,
    times: row.times,
    durationSeconds: row.duration_seconds,
    pool: major(row.pool),
    envelopes: row.envelopes,
    minAmount: major(row.min_amount),
    maxAmount: major(row.max_amount),
    turnoverMultiple: row.turnover_multiple,
    grabRules: row.grab_rules.map((rule) => ({
      minDeposit: major(BigInt(rule.minDeposit)),
      grabs: rule.grabs,
    })),
    roomId: row.room_id,
    roomName: row.room_name,
    timeZone,
    updatedAt: row.updated_at.toISOString(),
  };
}

export async function schedulesForConsole(deps: AppDeps): Promise<ConsoleRainSchedule[]> {
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  return (await store.schedules(deps.db, false)).map((row) => scheduleView(row, currency, timeZone));
}

function scheduleRow(input: z.output<typeof rainScheduleInput>, currency: Currency): store.ScheduleRow {
  const pool = minorOf(input.pool, currency.digits, 'pool');
  const minAmount = minorOf(input.minAmount, currency.digits, 'minAmount');
  const maxAmount = minorOf(input.maxAmount, currency.digits, 'maxAmount');
  const count = BigInt(input.envelopes);
  if (minAmount * count > pool) throw new AppError('validation_failed', { pool: 'rain_pool_too_small' });
  if (maxAmount * count < pool) throw new AppError('validation_failed', { pool: 'rain_pool_too_large' });
  return {
    name: input.name,
    enabled: input.enabled,
    weekdays: [...input.weekdays].sort(),
    times: [...input.times].sort(),
    durationSeconds: input.durationSeconds,
    pool,
    envelopes: input.envelopes,
    minAmount,
    maxAmount,
    turnoverMultiple: input.turnoverMultiple,
    grabRules: input.grabRules.map((rule, index) => ({
      minDeposit: minorOf(rule.minDeposit, currency.digits, `grabRules.${index}.minDeposit`).toString(),
      grabs: rule.grabs,
    })),
    roomId: input.roomId,
  };
}

/** Creates (id null) or replaces a schedule, audited (entity rain_schedule); rounds already open keep their figures. */
export async function saveSchedule(
  deps: AppDeps,
  call: OperatorCall,
  id: number | null,
  input: z.output<typeof rainScheduleInput>,
): Promise<ConsoleRainSchedule> {
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  const row = scheduleRow(input, currency);
  if (row.roomId !== null && (await roomName(deps.db, row.roomId)) === null) {
    throw new AppError('validation_failed', { roomId: 'invalid_value' });
  }
  return operatorWrite(
    deps,
    call,
    { entity: 'rain_schedule', action: id === null ? 'create' : 'update' },
    async (tx) => {
      const old = id === null ? null : await store.schedule(tx, id);
      if (id !== null && !old) throw new AppError('not_found');
      const savedId = id ?? (await store.insertSchedule(tx, row, call.now));
      if (id !== null) await store.updateSchedule(tx, id, row, call.now);
      const saved = await store.schedule(tx, savedId);
      if (!saved) throw new Error('saved schedule vanished');
      const after = scheduleView(saved, currency, timeZone);
      return {
        entityId: savedId,
        before: old && scheduleView(old, currency, timeZone),
        after,
        result: after,
      };
    },
  );
}

function roundView(row: store.RoundListDb, currency: Currency) {
  return {
    id: Number(row.id),
    scheduleId: row.schedule_id,
    scheduleName: row.schedule_name,
    roomId: row.room_id,
    roomName: row.room_name,
    opensAt: row.opens_at.toISOString(),
    closesAt: row.closes_at.toISOString(),
    pool: toMajor(row.pool, currency.digits),
    envelopes: row.envelopes,
    grabbed: row.grabbed,
    grabbedAmount: toMajor(row.grabbed_amount, currency.digits),
  };
}

/** An operator opens a round of the schedule now, for its duration (audited as rain_round start). */
export async function startRoundNow(
  deps: AppDeps,
  call: OperatorCall & { idempotency: IdempotencyKey | null },
  scheduleId: number,
) {
  const currency = await currencyOf(deps);
  return operatorWrite(
    deps,
    call,
    { entity: 'rain_round', action: 'start', idempotency: call.idempotency },
    async (tx) => {
      const schedule = await store.schedule(tx, scheduleId);
      if (!schedule) throw new AppError('not_found');
      const roundId = await openRound(tx, deps, schedule, call.now, call.now);
      const listed = roundId === null ? null : await store.roundListed(tx, roundId);
      if (!listed) throw new AppError('rain_not_live');
      const view = roundView(listed, currency);
      return { entityId: view.id, before: null, after: view, result: view };
    },
  );
}

/** An operator ends a live round now (audited as rain_round end); grabs after it are refused as not live. */
export async function endRoundNow(deps: AppDeps, call: OperatorCall, roundId: number) {
  const currency = await currencyOf(deps);
  return operatorWrite(deps, call, { entity: 'rain_round', action: 'end' }, async (tx) => {
    const before = await store.roundListed(tx, roundId);
    if (!before) throw new AppError('not_found');
    if (!(await store.endRound(tx, roundId, call.now))) throw new AppError('rain_not_live');
    const after = await store.roundListed(tx, roundId);
    if (!after) throw new Error('ended round vanished');
    const view = roundView(after, currency);
    return { entityId: roundId, before: roundView(before, currency), after: view, result: view };
  });
}

export async function roundsForConsole(deps: AppDeps, query: { pageNo: number; pageSize: number }) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.roundsPage(deps.db, query.pageNo, query.pageSize);
  return {
    ...currency,
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    list: rows.map((row) => roundView(row, currency)),
  };
}

export async function envelopesForConsole(deps: AppDeps, roundId: number) {
  const currency = await currencyOf(deps);
  const round = await store.roundListed(deps.db, roundId);
  if (!round) throw new AppError('not_found');
  const envelopes = await store.envelopesOf(deps.db, roundId);
  return {
    ...currency,
    round: roundView(round, currency),
    envelopes: envelopes.map((row) => ({
      id: Number(row.id),
      position: row.position,
      amount: toMajor(row.amount, currency.digits),
      memberId: row.member_id,
      username: row.username,
      grabbedAt: row.grabbed_at?.toISOString() ?? null,
    })),
  };
}
