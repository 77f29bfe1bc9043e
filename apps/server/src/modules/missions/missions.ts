import {
  type ConsoleMission,
  type ConsoleMissionResults,
  type GameType,
  type MemberMission,
  type MissionLeaderboard,
  MONEY_MEASURES,
  type missionBody,
  PLAY_MEASURES,
  toMajor,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { addDays, instantOf, isoDate, localDate } from '../../platform/zoned-time.ts';
import { loginDaysBetween } from '../accounts/login-days.ts';
import { maskUsername } from '../games/boards.ts';
import { playTotalsBetween } from '../games/play-totals.ts';
import { grantTickets } from '../raffle/tickets.ts';
import { moduleEnabled } from '../system/module-flags.ts';
import { creditBonus } from '../vip/bonus.ts';
import { vipTimeZone as merchantTimeZone, mondayOf } from '../vip/growth.ts';
import { minorOf } from '../vip/settings.ts';
import { depositTotalsBetween } from '../wallet/deposit-totals.ts';
import * as ledger from '../wallet/ledger.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import * as store from './store.ts';

/**
 * Missions and leaderboards (issue 24 part 4; design note §B3). A mission counts one measure over its current
 * period: a merchant day (daily), a merchant week from Monday (weekly) or its own window (event). Nothing of the
 * progress is stored: it is computed from the owning areas' facts each time (settled money rounds placed in the
 * period, games/play-totals.ts; deposit postings, wallet/deposit-totals.ts; sign-in days, accounts/login-days.ts),
 * so a round that is re-settled is still one round and counts once, as it stands.
 *
 * A reached milestone pays on the member's claim, once per member, mission, period and milestone (the unique key
 * of mission_claims; a concurrent second claim waits for the first and finds it): its cash from house:bonuses with
 * its wagering requirement (vip/bonus.ts, key mission:<claim>) and its points from house:points to the member's
 * points wallet (key mission:<claim>:points) and its prize tickets (raffle/tickets.ts, ref mission:<claim>), in the
 * claim's transaction.
 *
 * An event with a leaderboard ranks its members by the value reached, ties by who reached it first (the time of the
 * last fact that counted), then by member id. An hour after it ends (late settlements of its rounds still count)
 * the settling job writes the final ranking and pays each rank's prize once: the event is marked settled in the
 * transaction that pays, so a second runner finds it done.
 */

/** Late settlements of an event's rounds still count for this long after it ends; then its prizes are paid. */
const SETTLE_DELAY_MS = 3_600_000;

type Mission = store.MissionDb;
type Status = 'O' | 'C' | 'S';

async function assertMissionsOn(db: Queryable): Promise<void> {
  if (!(await moduleEnabled(db, 'MISSION3'))) throw new AppError('feature_disabled');
}

const isMoney = (mission: Pick<Mission, 'measure'>) => MONEY_MEASURES.includes(mission.measure);
/** A measured value on the wire: major units for money, the count otherwise. */
const wire = (mission: Pick<Mission, 'measure'>, value: bigint, digits: number) =>
  isMoney(mission) ? toMajor(value, digits) : Number(value);

function statusOf(mission: Mission, now: Date): Status {
  if (mission.settled_at) return 'S';
  return mission.ends_at && mission.ends_at <= now ? 'C' : 'O';
}

/** The period holding `now`: its window and its key (the day, the week's Monday, or 'event'). */
function periodOf(mission: Mission, now: Date, timeZone: string) {
  if (mission.kind === 'event') {
    return { key: 'event', from: mission.starts_at ?? now, to: mission.ends_at ?? now };
  }
  const today = localDate(now, timeZone);
  const first = mission.kind === 'daily' ? today : mondayOf(today);
  const next = addDays(first, mission.kind === 'daily' ? 1 : 7);
  return { key: isoDate(first), from: instantOf(first, 0, timeZone), to: instantOf(next, 0, timeZone) };
}

/** The mission's measure per member over the window: the value (minor units or a count) and when it was reached. */
async function measure(
  db: Queryable,
  mission: Mission,
  window: { from: Date; to: Date },
  timeZone: string,
  memberIds: readonly number[] | null,
): Promise<Map<number, { value: bigint; reachedAt: Date }>> {
  const found = new Map<number, { value: bigint; reachedAt: Date }>();
  if (PLAY_MEASURES.includes(mission.measure)) {
    const play = await playTotalsBetween(db, window, { product: mission.product, memberIds });
    for (const [memberId, row] of play) {
      const value =
        mission.measure === 'bet_amount'
          ? row.bet
          : mission.measure === 'valid_bet'
            ? row.validBet
            : BigInt(row.bets);
      found.set(memberId, { value, reachedAt: row.lastAt });
    }
  } else if (mission.measure === 'deposits') {
    for (const [memberId, row] of await depositTotalsBetween(db, window, memberIds)) {
      found.set(memberId, { value: row.amount, reachedAt: row.lastAt });
    }
  } else {
    for (const [memberId, row] of await loginDaysBetween(db, window, timeZone, memberIds)) {
      found.set(memberId, { value: BigInt(row.days), reachedAt: row.lastAt });
    }
  }
  for (const [memberId, row] of found) if (row.value <= 0n) found.delete(memberId);
  return found;
}

const titleOf = (mission: Mission, language: string) =>
  (language === 'VI' ? mission.titles.VI : language === 'CN' || language === 'ZH' ? mission.titles.CN : '') ||
  mission.titles.EN;

/** Each open mission with the member's value in its current period and the milestones' states. */
async function progressOf(deps: AppDeps, memberId: number, now: Date) {
  const [missions, timeZone] = await Promise.all([store.openMissions(deps.db, now), merchantTimeZone(deps)]);
  const rows = await Promise.all(
    missions.map(async (mission) => {
      const period = periodOf(mission, now, timeZone);
      const values = await measure(deps.db, mission, period, timeZone, [memberId]);
      return { mission, period, value: values.get(memberId)?.value ?? 0n };
    }),
  );
  const claimed = await store.claimsOf(
    deps.db,
    memberId,
    rows.map((row) => ({ missionId: row.mission.id, period: row.period.key })),
  );
  const done = new Set(claimed.map((row) => `${row.mission_id}:${row.period}:${row.milestone}`));
  return rows.map((row) => ({
    ...row,
    states: row.mission.milestones.map((milestone, index) =>
      done.has(`${row.mission.id}:${row.period.key}:${index}`)
        ? ('claimed' as const)
        : row.value >= BigInt(milestone.target)
          ? ('claimable' as const)
          : ('locked' as const),
    ),
  }));
}

/** The member-centre page: the open missions with this member's progress and milestones. */
export async function memberMissions(deps: AppDeps, memberId: number, language: string, now: Date) {
  await assertMissionsOn(deps.db);
  const currency = await currencyOf(deps);
  const rows = await progressOf(deps, memberId, now);
  const list: MemberMission[] = rows.map(({ mission, period, value, states }) => ({
    id: mission.id,
    kind: mission.kind,
    measure: mission.measure,
    product: mission.product as GameType | null,
    title: titleOf(mission, language),
    periodStart: period.from.toISOString(),
    periodEnd: period.to.toISOString(),
    value: wire(mission, value, currency.digits),
    milestones: mission.milestones.map((milestone, index) => ({
      index,
      target: wire(mission, BigInt(milestone.target), currency.digits),
      cash: toMajor(BigInt(milestone.cash), currency.digits),
      points: milestone.points,
      tickets: milestone.tickets ?? 0,
      turnoverMultiple: milestone.turnoverMultiple,
      state: states[index] ?? 'locked',
    })),
    leaderboard: mission.leaderboard !== null,
  }));
  return { ...currency, list };
}

/**
 * The milestones this member reached and has not claimed, over the open missions' current periods (the menu badge;
 * the rewards centre may list them). None while missions are off.
 */
export async function claimableMilestones(deps: AppDeps, memberId: number, now: Date) {
  if (!(await moduleEnabled(deps.db, 'MISSION3'))) return [];
  const rows = await progressOf(deps, memberId, now);
  return rows.flatMap(({ mission, states }) =>
    states.flatMap((state, index) => (state === 'claimable' ? [{ missionId: mission.id, index }] : [])),
  );
}

/** Pays a claim's or a prize's cash (with its wagering requirement) and points, in the caller's transaction. */
async function payReward(
  tx: Transaction,
  reward: { memberId: number; key: string; cash: bigint; points: bigint; turnoverMultiple: number },
  now: Date,
) {
  if (reward.cash > 0n) {
    await creditBonus(
      tx,
      {
        memberId: reward.memberId,
        key: reward.key,
        amount: reward.cash,
        turnoverMultiple: reward.turnoverMultiple,
        source: 'mission',
      },
      now,
    );
  }
  if (reward.points > 0n) {
    const key = `${reward.key}:points`;
    await ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId: reward.memberId,
        reference: reward.key,
        legs: [
          { account: { member: reward.memberId, wallet: 'points' }, amount: reward.points },
          { account: { system: 'house:points' }, amount: -reward.points },
        ],
      },
      now,
    );
  }
}

/**
 * Claims a reached milestone of the mission's current period. A mission not running (or another's id) answers
 * mission_not_found; a milestone not reached mission_not_reached; one claimed before mission_claimed.
 */
export async function claimMilestone(
  deps: AppDeps,
  memberId: number,
  target: { missionId: number; index: number },
  request: { now: Date; idempotency: IdempotencyKey | null },
) {
  await assertMissionsOn(deps.db);
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  return write(deps.db, { isolation: 'read committed', idempotency: request.idempotency }, async (tx) => {
    const mission = await store.missionById(tx, target.missionId);
    if (!mission || !isRunning(mission, request.now)) throw new AppError('mission_not_found');
    const milestone = mission.milestones[target.index];
    if (!milestone) throw new AppError('validation_failed', { index: 'invalid_value' });
    const period = periodOf(mission, request.now, timeZone);
    const value = (await measure(tx, mission, period, timeZone, [memberId])).get(memberId)?.value ?? 0n;
    if (value < BigInt(milestone.target)) throw new AppError('mission_not_reached');
    const cash = BigInt(milestone.cash);
    const points = BigInt(milestone.points);
    const tickets = milestone.tickets ?? 0;
    const claimId = await store.insertClaim(
      tx,
      {
        missionId: mission.id,
        memberId,
        period: period.key,
        milestone: target.index,
        target: BigInt(milestone.target),
        value,
        cash,
        points,
        tickets,
        turnoverMultiple: milestone.turnoverMultiple,
      },
      request.now,
    );
    if (claimId === null) throw new AppError('mission_claimed');
    if (tickets > 0)
      await grantTickets(tx, memberId, tickets, { kind: 'mission', ref: `mission:${claimId}` }, request.now);
    await payReward(
      tx,
      { memberId, key: `mission:${claimId}`, cash, points, turnoverMultiple: milestone.turnoverMultiple },
      request.now,
    );
    return {
      missionId: mission.id,
      index: target.index,
      cash: toMajor(cash, currency.digits),
      points: milestone.points,
      tickets,
      turnoverMultiple: milestone.turnoverMultiple,
      claimedAt: request.now.toISOString(),
    };
  });
}

const isRunning = (mission: Mission, now: Date) =>
  mission.enabled &&
  (mission.starts_at === null || mission.starts_at <= now) &&
  (mission.ends_at === null || mission.ends_at > now);

interface Ranked {
  rank: number;
  memberId: number;
  username: string;
  value: bigint;
  reachedAt: Date;
}

/** The event's ranking: value desc, then who reached it first, then member id; real members only. */
async function ranking(db: Queryable, mission: Mission, timeZone: string): Promise<Ranked[]> {
  const window = { from: mission.starts_at ?? new Date(0), to: mission.ends_at ?? new Date(0) };
  const values = await measure(db, mission, window, timeZone, null);
  const names = new Map(
    (await store.realMembers(db, [...values.keys()])).map((row) => [row.id, row.username] as const),
  );
  return [...values]
    .filter(([memberId]) => names.has(memberId))
    .sort(
      ([idA, a], [idB, b]) =>
        (a.value === b.value ? 0 : a.value > b.value ? -1 : 1) ||
        a.reachedAt.getTime() - b.reachedAt.getTime() ||
        idA - idB,
    )
    .map(([memberId, row], index) => ({
      rank: index + 1,
      memberId,
      username: names.get(memberId) ?? '',
      value: row.value,
      reachedAt: row.reachedAt,
    }));
}

const prizeOf = (mission: Mission, rank: number) => {
  const prize = mission.leaderboard?.prizes[rank - 1];
  return { cash: BigInt(prize?.cash ?? '0'), points: BigInt(prize?.points ?? 0) };
};

/** The event's standings: the paid results once settled, else the live ranking. */
async function standings(db: Queryable, mission: Mission, timeZone: string): Promise<Ranked[]> {
  if (!mission.settled_at) return ranking(db, mission, timeZone);
  return (await store.resultsOf(db, mission.id)).map((row) => ({
    rank: row.rank,
    memberId: row.member_id,
    username: row.username,
    value: BigInt(row.value),
    reachedAt: row.reached_at,
  }));
}

async function leaderboardMission(db: Queryable, id: number): Promise<Mission> {
  const mission = await store.missionById(db, id);
  if (!mission?.enabled || mission.leaderboard === null) throw new AppError('mission_not_found');
  return mission;
}

/** An event's leaderboard: its top rows (names masked) with their prizes and this member's own row. */
export async function leaderboard(
  deps: AppDeps,
  memberId: number,
  missionId: number,
  now: Date,
): Promise<MissionLeaderboard> {
  await assertMissionsOn(deps.db);
  const mission = await leaderboardMission(deps.db, missionId);
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  const rows = await standings(deps.db, mission, timeZone);
  const own = rows.find((row) => row.memberId === memberId);
  return {
    ...currency,
    missionId: mission.id,
    measure: mission.measure,
    status: statusOf(mission, now),
    list: rows.slice(0, mission.leaderboard?.size ?? 0).map((row) => {
      const prize = prizeOf(mission, row.rank);
      return {
        rank: row.rank,
        username: row.memberId === memberId ? row.username : maskUsername(row.username),
        value: wire(mission, row.value, currency.digits),
        reachedAt: row.reachedAt.toISOString(),
        prizeCash: toMajor(prize.cash, currency.digits),
        prizePoints: Number(prize.points),
      };
    }),
    footer: {
      rank: own?.rank ?? 0,
      reachedValue: own ? wire(mission, own.value, currency.digits) : 0,
    },
  };
}

/** MCSFE_getMissionLeaderboard: the ranking list and the caller's footer{rank, reachedValue}. */
export async function originalLeaderboard(deps: AppDeps, memberId: number, missionId: number, now: Date) {
  const board = await leaderboard(deps, memberId, missionId, now);
  return {
    list: board.list.map((row) => ({ rank: row.rank, userName: row.username, reachedValue: row.value })),
    footer: board.footer,
  };
}

/**
 * MCSFE_getMissionSummaryDetails {status, page, size}: the missions of the status (O open with this member's
 * value in the current period; C closed and S settled events with the value of their window), paged.
 */
export async function originalSummary(
  deps: AppDeps,
  memberId: number,
  query: { status: Status; page: number; size: number },
  language: string,
  now: Date,
) {
  await assertMissionsOn(deps.db);
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  const progress =
    query.status === 'O'
      ? await progressOf(deps, memberId, now)
      : await Promise.all(
          (await store.endedMissions(deps.db, now))
            .filter((mission) => statusOf(mission, now) === query.status)
            .map(async (mission) => {
              const period = periodOf(mission, now, timeZone);
              const value =
                (await measure(deps.db, mission, period, timeZone, [memberId])).get(memberId)?.value ?? 0n;
              return { mission, period, value, states: mission.milestones.map(() => 'locked' as string) };
            }),
        );
  const slice = progress.slice((query.page - 1) * query.size, query.page * query.size);
  return {
    list: slice.map(({ mission, period, value, states }) => ({
      missionId: mission.id,
      title: titleOf(mission, language),
      missionType: mission.kind.toUpperCase(),
      measure: mission.measure.toUpperCase(),
      status: statusOf(mission, now),
      startTime: period.from.toISOString(),
      endTime: period.to.toISOString(),
      reachedValue: wire(mission, value, currency.digits),
      milestones: mission.milestones.map((milestone, index) => ({
        target: wire(mission, BigInt(milestone.target), currency.digits),
        bonusAmount: toMajor(BigInt(milestone.cash), currency.digits),
        pointAmount: milestone.points,
        status: (states[index] ?? 'locked').toUpperCase(),
      })),
    })),
    total: progress.length,
    page: query.page,
    size: query.size,
  };
}

/**
 * Settles the events that ended at least SETTLE_DELAY_MS ago: each in one transaction that marks it settled (the
 * first runner only), writes its final ranking (the leaderboard's size) and pays each rank's prize.
 */
export async function settleEvents(deps: AppDeps, now: Date): Promise<number> {
  const due = await store.eventsToSettle(deps.db, new Date(now.getTime() - SETTLE_DELAY_MS));
  const timeZone = await merchantTimeZone(deps);
  let settled = 0;
  for (const { id } of due) {
    const done = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      if (!(await store.markSettled(tx, id, now))) return false;
      const mission = await store.missionById(tx, id);
      // An event without a leaderboard, or one the operator switched off, settles with nothing paid.
      if (!mission?.leaderboard || !mission.enabled) return true;
      const rows = (await ranking(tx, mission, timeZone)).slice(0, mission.leaderboard.size);
      for (const row of rows) {
        const prize = prizeOf(mission, row.rank);
        await store.insertResult(tx, { missionId: id, ...row, ...prize });
        await payReward(
          tx,
          {
            memberId: row.memberId,
            key: `mission-prize:${id}:${row.rank}`,
            ...prize,
            turnoverMultiple: mission.leaderboard.prizeTurnoverMultiple,
          },
          now,
        );
      }
      return true;
    });
    if (done) settled += 1;
  }
  return settled;
}

// The console.

type Body = z.output<typeof missionBody>;

function stored(input: Body, currency: Currency): store.MissionFields {
  const money = MONEY_MEASURES.includes(input.measure);
  const minor = (value: number, field: string) => minorOf(value, currency.digits, field).toString();
  return {
    kind: input.kind,
    measure: input.measure,
    product: PLAY_MEASURES.includes(input.measure) ? input.product : null,
    titles: input.titles,
    startsAt: input.startsAt === null ? null : new Date(input.startsAt),
    endsAt: input.endsAt === null ? null : new Date(input.endsAt),
    enabled: input.enabled,
    milestones: input.milestones.map((row, index) => ({
      target: money ? minor(row.target, `milestones.${index}.target`) : String(row.target),
      cash: minor(row.cash, `milestones.${index}.cash`),
      points: row.points,
      tickets: row.tickets,
      turnoverMultiple: row.turnoverMultiple,
    })),
    leaderboard:
      input.leaderboard === null
        ? null
        : {
            size: input.leaderboard.size,
            prizeTurnoverMultiple: input.leaderboard.prizeTurnoverMultiple,
            prizes: input.leaderboard.prizes.map((prize, index) => ({
              cash: minor(prize.cash, `leaderboard.prizes.${index}.cash`),
              points: prize.points,
            })),
          },
  };
}

function consoleView(mission: Mission, claims: number, currency: Currency, now: Date): ConsoleMission {
  const major = (value: string) => toMajor(BigInt(value), currency.digits);
  return {
    ...currency,
    id: mission.id,
    kind: mission.kind,
    measure: mission.measure,
    product: mission.product as GameType | null,
    titles: mission.titles,
    startsAt: mission.starts_at?.toISOString() ?? null,
    endsAt: mission.ends_at?.toISOString() ?? null,
    enabled: mission.enabled,
    milestones: mission.milestones.map((row) => ({
      target: wire(mission, BigInt(row.target), currency.digits),
      cash: major(row.cash),
      points: row.points,
      tickets: row.tickets ?? 0,
      turnoverMultiple: row.turnoverMultiple,
    })),
    leaderboard: mission.leaderboard && {
      size: mission.leaderboard.size,
      prizeTurnoverMultiple: mission.leaderboard.prizeTurnoverMultiple,
      prizes: mission.leaderboard.prizes.map((prize) => ({ cash: major(prize.cash), points: prize.points })),
    },
    status: statusOf(mission, now),
    settledAt: mission.settled_at?.toISOString() ?? null,
    claims,
    createdAt: mission.created_at.toISOString(),
    updatedAt: mission.updated_at.toISOString(),
  };
}

export async function missionsForConsole(
  deps: AppDeps,
  paging: { pageNo: number; pageSize: number },
  now: Date,
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listMissions(
    deps.db,
    paging.pageSize,
    (paging.pageNo - 1) * paging.pageSize,
  );
  return { list: rows.map((row) => consoleView(row, row.claims, currency, now)), total, ...paging };
}

/** Creates a mission, audited (entity mission). */
export async function createMission(deps: AppDeps, call: OperatorCall, input: Body) {
  const currency = await currencyOf(deps);
  const fields = stored(input, currency);
  return operatorWrite(deps, call, { entity: 'mission', action: 'create' }, async (tx) => {
    const after = consoleView(await store.insertMission(tx, fields, call.now), 0, currency, call.now);
    return { entityId: after.id, before: null, after, result: after };
  });
}

/**
 * Replaces a mission's settings, audited with the mission before. A settled event's ranking and prizes are final:
 * editing it answers validation_failed on settledAt. Claims keep what they paid.
 */
export async function updateMission(deps: AppDeps, call: OperatorCall, id: number, input: Body) {
  const currency = await currencyOf(deps);
  const fields = stored(input, currency);
  return operatorWrite(deps, call, { entity: 'mission', action: 'update' }, async (tx) => {
    const current = await store.missionById(tx, id, true);
    if (!current) throw new AppError('mission_not_found');
    if (current.settled_at) throw new AppError('validation_failed', { settledAt: 'invalid_value' });
    const claims = await store.claimCount(tx, id);
    const before = consoleView(current, claims, currency, call.now);
    const updated = await store.updateMission(tx, id, fields, call.now);
    if (!updated) throw new AppError('mission_not_found');
    const after = consoleView(updated, claims, currency, call.now);
    return { entityId: id, before, after, result: after };
  });
}

/** An event's leaderboard for the console: the paid results once settled, else the live ranking (nothing paid). */
export async function missionResults(deps: AppDeps, id: number, now: Date): Promise<ConsoleMissionResults> {
  const mission = await store.missionById(deps.db, id);
  if (!mission || mission.leaderboard === null) throw new AppError('mission_not_found');
  const [currency, timeZone] = await Promise.all([currencyOf(deps), merchantTimeZone(deps)]);
  const rows = (await standings(deps.db, mission, timeZone)).slice(0, mission.leaderboard.size);
  return {
    ...currency,
    missionId: id,
    status: statusOf(mission, now),
    settledAt: mission.settled_at?.toISOString() ?? null,
    list: rows.map((row) => {
      const prize = prizeOf(mission, row.rank);
      return {
        rank: row.rank,
        memberId: row.memberId,
        username: row.username,
        value: wire(mission, row.value, currency.digits),
        reachedAt: row.reachedAt.toISOString(),
        prizeCash: toMajor(prize.cash, currency.digits),
        prizePoints: Number(prize.points),
        paid: mission.settled_at !== null,
      };
    }),
  };
}
