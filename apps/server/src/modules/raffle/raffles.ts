import type { raffleInput } from '@tessera/contract';
import {
  type ConsoleRaffle,
  type ConsoleRaffleHandover,
  type RaffleDraw,
  type RaffleHandover,
  type RaffleList,
  toMajor,
  toTranslatedLanguage,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/database.ts';
import { asOperator } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type OperatorCall, operatorWrite } from '../../platform/operator-write.ts';
import { uuid } from '../../platform/rng.ts';
import { type IdempotencyKey, write } from '../../platform/write.ts';
import { isoDate, localDate } from '../../platform/zoned-time.ts';
import * as relations from '../accounts/relations.ts';
import { creditBonus } from '../vip/bonus.ts';
import { vipTimeZone as merchantTimeZone } from '../vip/growth.ts';
import { minorOf } from '../vip/settings.ts';
import * as ledger from '../wallet/ledger.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import * as store from './store.ts';
import { grantTickets, spendTickets, ticketBalance } from './tickets.ts';

/**
 * Raffles, the prize wheel (design note §B6). A raffle has weighted prizes (cash with a turnover multiple, points,
 * tickets, a physical item, or nothing) with stock, an entry cost in tickets or points, and a limit of draws per
 * member and merchant day. A draw takes the raffle's prize rows for update (draws of one raffle queue there), so the
 * stock read is the stock written: the stock is the total stocked and a prize with none left (stock less won) weighs
 * 0, so no more prizes are won than stocked, whatever an operator saves meanwhile (a save sets the total).
 * The roll is drawn from the platform's randomness (deps.rng) in [0, total weight) and stored with the weights it
 * fell on. The entry (tickets, or a points posting to house:points), the draw row, the stock and the prize's credit
 * are one transaction; a draw is once per (raffle, member, request): the Idempotency-Key, or the original client's
 * requestId.
 */

type Language = 'EN' | 'VI' | 'CN';
const nameIn = (names: store.Names, language: string) => names[toTranslatedLanguage(language) as Language];

/** The value of a prize on the wire: cash in major units, points and tickets as counts. */
const prizeValue = (prize: store.PrizeDb, currency: Currency) =>
  prize.kind === 'cash' ? toMajor(prize.value, currency.digits) : Number(prize.value);

/** Stock is the total stocked (null: unlimited); what is left is that less the prizes won. */
const left = (prize: store.PrizeDb) => (prize.stock === null ? null : prize.stock - prize.won);
const inPlay = (prize: store.PrizeDb) => prize.weight > 0 && left(prize) !== 0;

function prizeView(prize: store.PrizeDb, currency: Currency, language: string) {
  return {
    id: prize.id,
    name: nameIn(prize.names, language),
    kind: prize.kind,
    value: prizeValue(prize, currency),
    turnoverMultiple: prize.turnover_multiple,
    available: inPlay(prize),
  };
}

async function pointsOf(db: Queryable, memberId: number): Promise<number> {
  const account = (await ledger.memberAccounts(db, memberId)).find((row) => row.kind === 'points');
  return Number(account?.balance ?? 0n);
}

async function today(deps: Pick<AppDeps, 'db' | 'config'>, now: Date): Promise<string> {
  return isoDate(localDate(now, await merchantTimeZone(deps)));
}

/** The raffles open now with the member's draws today, tickets and points (the prize wheel's page). */
export async function rafflesForMember(
  deps: AppDeps,
  memberId: number,
  context: { now: Date; language: string },
): Promise<RaffleList> {
  const currency = await currencyOf(deps);
  const day = await today(deps, context.now);
  const raffles = await store.raffles(deps.db, true);
  const [prizes, draws, tickets, points] = await Promise.all([
    store.prizes(
      deps.db,
      raffles.map((raffle) => raffle.id),
    ),
    store.drawsOfDayByRaffle(deps.db, memberId, day),
    ticketBalance(deps.db, memberId),
    pointsOf(deps.db, memberId),
  ]);
  return {
    ...currency,
    tickets,
    points,
    raffles: raffles.map((raffle) => ({
      id: raffle.id,
      name: nameIn(raffle.names, context.language),
      entryKind: raffle.entry_kind,
      entryCost: raffle.entry_cost,
      dailyLimit: raffle.daily_limit,
      drawsToday: draws.get(raffle.id) ?? 0,
      prizes: prizes
        .filter((prize) => prize.raffle_id === raffle.id)
        .map((prize) => prizeView(prize, currency, context.language)),
    })),
  };
}

/** The prize whose cumulative weight range holds the roll. */
export function prizeAt(weights: readonly { prizeId: number; weight: number }[], roll: number): number {
  let from = 0;
  for (const entry of weights) {
    if (roll < from + entry.weight) return entry.prizeId;
    from += entry.weight;
  }
  throw new RangeError(`roll ${roll} is past the total weight ${from}`);
}

/** Credits a won prize in the draw's transaction, each kind once by the draw's key. */
async function award(tx: Transaction, memberId: number, drawId: bigint, prize: store.PrizeDb, now: Date) {
  const key = `raffle:${drawId}`;
  if (prize.kind === 'cash') {
    await creditBonus(
      tx,
      { memberId, key, amount: prize.value, turnoverMultiple: prize.turnover_multiple, source: 'raffle' },
      now,
    );
  } else if (prize.kind === 'points') {
    await ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'points' }, amount: prize.value },
          { account: { system: 'house:points' }, amount: -prize.value },
        ],
      },
      now,
    );
  } else if (prize.kind === 'tickets') {
    await grantTickets(tx, memberId, Number(prize.value), { kind: 'raffle', ref: String(drawId) }, now);
  }
  // A physical item waits in the console's hand-over queue (the draw's handover, pending); none is nothing.
}

/** The entry: tickets, or points moved to house:points; refused when the member holds too few. */
async function takeEntry(
  tx: Transaction,
  memberId: number,
  drawId: bigint,
  raffle: store.RaffleDb,
  now: Date,
) {
  if (raffle.entry_kind === 'tickets') {
    await spendTickets(tx, memberId, raffle.entry_cost, { kind: 'raffle_entry', ref: String(drawId) }, now);
    return;
  }
  const key = `raffle-entry:${drawId}`;
  const cost = BigInt(raffle.entry_cost);
  try {
    await ledger.post(
      tx,
      {
        key,
        kind: 'points',
        memberId,
        reference: key,
        legs: [
          { account: { member: memberId, wallet: 'points' }, amount: -cost },
          { account: { system: 'house:points' }, amount: cost },
        ],
      },
      now,
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'insufficient_balance') {
      throw new AppError('raffle_not_enough_points');
    }
    throw error;
  }
}

/** One draw of the raffle for the member (see the note above); answers the prize and the balances after it. */
export async function drawRaffle(
  deps: AppDeps,
  memberId: number,
  raffleId: number,
  context: {
    now: Date;
    language: string;
    idempotency: IdempotencyKey | null;
    requestId?: string | undefined;
  },
): Promise<RaffleDraw> {
  const { now, language } = context;
  const requestId = context.requestId ?? context.idempotency?.key ?? uuid(deps.rng);
  const currency = await currencyOf(deps);
  const day = await today(deps, now);
  return write(deps.db, { isolation: 'read committed', idempotency: context.idempotency }, async (tx) => {
    const raffle = await store.raffle(tx, raffleId);
    if (!raffle) throw new AppError('not_found');
    if (!raffle.enabled) throw new AppError('raffle_closed');
    const prizes = await store.lockPrizes(tx, raffleId);
    const answer = async (drawId: bigint, prizeId: number, at: Date): Promise<RaffleDraw> => {
      const index = prizes.findIndex((prize) => prize.id === prizeId);
      const [won] = await store
        .prizes(tx, [raffleId])
        .then((rows) => rows.filter((row) => row.id === prizeId));
      if (!won) throw new Error(`prize ${prizeId} is not in play`);
      return {
        drawId: Number(drawId),
        raffleId,
        prize: prizeView(won, currency, language),
        prizeIndex: index,
        tickets: await ticketBalance(tx, memberId),
        points: await pointsOf(tx, memberId),
        drawsToday: await store.drawsOfDay(tx, raffleId, memberId, day),
        createdAt: at.toISOString(),
      };
    };
    const earlier = await store.drawByRequest(tx, raffleId, memberId, requestId);
    if (earlier) return answer(earlier.id, earlier.prize_id, earlier.created_at);
    if ((await store.drawsOfDay(tx, raffleId, memberId, day)) >= raffle.daily_limit) {
      throw new AppError('raffle_daily_limit');
    }
    const weights = prizes.map((prize) => ({ prizeId: prize.id, weight: inPlay(prize) ? prize.weight : 0 }));
    const totalWeight = weights.reduce((sum, entry) => sum + entry.weight, 0);
    if (totalWeight === 0) throw new AppError('raffle_no_prize_left');
    const roll = deps.rng.int(0, totalWeight);
    const prizeId = prizeAt(weights, roll);
    const prize = prizes.find((row) => row.id === prizeId);
    if (!prize) throw new Error('drawn prize vanished');
    const drawId = await store.insertDraw(
      tx,
      {
        raffleId,
        memberId,
        requestId,
        day,
        prizeId,
        entryKind: raffle.entry_kind,
        entryCost: raffle.entry_cost,
        roll,
        totalWeight,
        weights,
        handover: prize.kind === 'physical' ? 'pending' : null,
      },
      now,
    );
    await takeEntry(tx, memberId, drawId, raffle, now);
    if (!(await store.takePrize(tx, prizeId))) throw new Error('a prize in play had no stock under its lock');
    await award(tx, memberId, drawId, prize, now);
    return answer(drawId, prizeId, now);
  });
}

/** MCS2_claimRafflePromotion / MCSFE_claimRafflePromotion: a draw, in the original's field names. */
export async function claimOriginal(
  deps: AppDeps,
  memberId: number,
  body: { promotionId: number; requestId?: string | undefined },
  context: { now: Date; language: string; idempotency: IdempotencyKey | null },
) {
  const draw = await drawRaffle(deps, memberId, body.promotionId, { ...context, requestId: body.requestId });
  return {
    promotionId: draw.raffleId,
    drawId: draw.drawId,
    prizeId: draw.prize.id,
    prizeName: draw.prize.name,
    prizeType: draw.prize.kind.toUpperCase(),
    prizeAmount: draw.prize.value,
    ticketBalance: draw.tickets,
    pointBalance: draw.points,
  };
}

/** MCSFE_getRafflePromotionStatus: the raffles (or the one asked) with the member's draws today. */
export async function originalStatus(
  deps: AppDeps,
  memberId: number,
  promotionId: number | undefined,
  context: { now: Date; language: string },
) {
  const list = await rafflesForMember(deps, memberId, context);
  return {
    list: list.raffles
      .filter((raffle) => promotionId === undefined || raffle.id === promotionId)
      .map((raffle) => ({
        promotionId: raffle.id,
        promotionName: raffle.name,
        status: raffle.prizes.some((prize) => prize.available) ? ('O' as const) : ('C' as const),
        entryType: raffle.entryKind.toUpperCase(),
        entryCost: raffle.entryCost,
        dailyLimit: raffle.dailyLimit,
        claimedToday: raffle.drawsToday,
        prizes: raffle.prizes.map((prize) => ({
          prizeId: prize.id,
          prizeName: prize.name,
          prizeType: prize.kind.toUpperCase(),
        })),
      })),
    ticketBalance: list.tickets,
    pointBalance: list.points,
  };
}

// The console.

async function consoleRaffles(db: Queryable, currency: Currency): Promise<ConsoleRaffle[]> {
  const raffles = await store.raffles(db, false);
  const [prizes, counts] = await Promise.all([
    store.prizes(
      db,
      raffles.map((raffle) => raffle.id),
    ),
    store.drawCounts(db),
  ]);
  return raffles.map((raffle) => ({
    id: raffle.id,
    ...currency,
    names: raffle.names,
    enabled: raffle.enabled,
    entryKind: raffle.entry_kind,
    entryCost: raffle.entry_cost,
    dailyLimit: raffle.daily_limit,
    draws: counts.get(raffle.id) ?? 0,
    updatedAt: raffle.updated_at.toISOString(),
    prizes: prizes
      .filter((prize) => prize.raffle_id === raffle.id)
      .map((prize) => ({
        ...prizeView(prize, currency, 'EN'),
        names: prize.names,
        weight: prize.weight,
        stock: prize.stock,
        won: prize.won,
        left: left(prize),
      })),
  }));
}

export async function rafflesForConsole(deps: AppDeps) {
  return consoleRaffles(deps.db, await currencyOf(deps));
}

function prizeRows(input: z.output<typeof raffleInput>, currency: Currency): store.PrizeRow[] {
  return input.prizes.map((prize, index) => {
    const field = `prizes.${index}`;
    if (prize.stock === null && (prize.kind === 'cash' || prize.kind === 'physical')) {
      throw new AppError('validation_failed', { [`${field}.stock`]: 'raffle_stock_required' });
    }
    const value =
      prize.kind === 'cash'
        ? minorOf(prize.value, currency.digits, `${field}.value`)
        : prize.kind === 'points' || prize.kind === 'tickets'
          ? BigInt(Math.trunc(prize.value))
          : 0n;
    if ((prize.kind === 'cash' || prize.kind === 'points' || prize.kind === 'tickets') && value <= 0n) {
      throw new AppError('validation_failed', { [`${field}.value`]: 'invalid_value' });
    }
    if ((prize.kind === 'points' || prize.kind === 'tickets') && !Number.isInteger(prize.value)) {
      throw new AppError('validation_failed', { [`${field}.value`]: 'invalid_value' });
    }
    return {
      id: prize.id,
      position: index,
      names: prize.names,
      kind: prize.kind,
      value,
      turnoverMultiple: prize.kind === 'cash' ? prize.turnoverMultiple : 0,
      weight: prize.weight,
      stock: prize.stock,
    };
  });
}

/** Creates (id null) or replaces a raffle and its prizes, audited (entity raffle) with the raffle before and after. */
export async function saveRaffle(
  deps: AppDeps,
  call: OperatorCall,
  id: number | null,
  input: z.output<typeof raffleInput>,
): Promise<ConsoleRaffle> {
  const currency = await currencyOf(deps);
  const prizes = prizeRows(input, currency);
  const row = {
    names: input.names,
    enabled: input.enabled,
    entryKind: input.entryKind,
    entryCost: input.entryCost,
    dailyLimit: input.dailyLimit,
  };
  return operatorWrite(
    deps,
    call,
    { entity: 'raffle', action: id === null ? 'create' : 'update' },
    async (tx) => {
      const all = await consoleRaffles(tx, currency);
      const before = id === null ? null : (all.find((raffle) => raffle.id === id) ?? null);
      if (id !== null && !before) throw new AppError('not_found');
      const raffleId = id ?? (await store.insertRaffle(tx, row, call.now));
      if (id !== null) await store.updateRaffle(tx, id, row, call.now);
      // Draws of the raffle wait on these rows: a stock change never crosses a draw half-way. The stock saved is
      // the total, so draws made since the operator loaded the form stay counted; it may not fall below them.
      const won = await store.lockWon(tx, raffleId);
      for (const prize of prizes) {
        const already = prize.id === undefined ? 0 : (won.get(prize.id) ?? 0);
        if (prize.stock !== null && prize.stock < already) {
          throw new AppError('validation_failed', {
            [`prizes.${prize.position}.stock`]: 'raffle_stock_below_won',
          });
        }
      }
      if (!(await store.savePrizes(tx, raffleId, prizes))) {
        throw new AppError('validation_failed', { prizes: 'invalid_value' });
      }
      const after = (await consoleRaffles(tx, currency)).find((raffle) => raffle.id === raffleId);
      if (!after) throw new Error('saved raffle vanished');
      return { entityId: raffleId, before, after, result: after };
    },
  );
}

export async function drawsForConsole(
  deps: AppDeps,
  query: { raffleId?: number | undefined; username?: string | undefined; pageNo: number; pageSize: number },
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.drawsPage(deps.db, query);
  return {
    ...currency,
    total,
    pageNo: query.pageNo,
    pageSize: query.pageSize,
    list: rows.map((row) => ({
      id: Number(row.id),
      raffleId: row.raffle_id,
      memberId: row.member_id,
      username: row.username,
      prizeId: row.prize_id,
      prizeName: row.prize_names.EN,
      kind: row.kind,
      value: row.kind === 'cash' ? toMajor(row.value, currency.digits) : Number(row.value),
      entryKind: row.entry_kind,
      entryCost: row.entry_cost,
      roll: row.roll,
      totalWeight: row.total_weight,
      createdAt: row.created_at.toISOString(),
    })),
  };
}

/** An operator gives (or takes back) tickets with a reason, audited with the balance before and after. */
export async function grantTicketsByOperator(
  deps: AppDeps,
  call: OperatorCall & { idempotency?: IdempotencyKey | null },
  input: { memberId: number; count: number; reason: string },
) {
  const member = await relations.relativeById(deps.db, input.memberId);
  if (!member) throw new AppError('not_found');
  return operatorWrite(deps, call, { entity: 'raffle_tickets', action: 'grant' }, async (tx) => {
    const before = await ticketBalance(tx, member.id);
    const ref = `${call.now.getTime()}:${uuid(deps.rng)}`;
    const tickets =
      input.count > 0
        ? await grantTickets(tx, member.id, input.count, { kind: 'operator', ref }, call.now)
        : await spendTickets(tx, member.id, -input.count, { kind: 'operator', ref }, call.now);
    return {
      entityId: member.id,
      before: { tickets: before },
      after: { tickets, count: input.count, reason: input.reason },
      result: { memberId: member.id, tickets },
    };
  });
}

// Physical prizes: the hand-over queue.

function handoverView(row: store.HandoverDb, language: string): RaffleHandover {
  return {
    drawId: Number(row.id),
    raffleName: nameIn(row.raffle_names, language),
    prizeName: nameIn(row.prize_names, language),
    status: row.handover,
    note: row.handover_note,
    wonAt: row.created_at.toISOString(),
    decidedAt: row.handover_at?.toISOString() ?? null,
  };
}

function consoleHandoverView(row: store.HandoverDb): ConsoleRaffleHandover {
  const { drawId, ...view } = handoverView(row, 'EN');
  return {
    id: drawId,
    ...view,
    raffleId: row.raffle_id,
    memberId: row.member_id,
    username: row.username,
    decidedBy: row.operator,
  };
}

/** The member's physical prizes (the latest 50) and how their hand-over stands. */
export async function handoversOfMember(deps: AppDeps, memberId: number, language: string) {
  const rows = await store.memberHandovers(deps.db, memberId, 50);
  return { list: rows.map((row) => handoverView(row, language)) };
}

export async function handoversForConsole(
  deps: AppDeps,
  query: {
    status?: store.HandoverStatus | undefined;
    username?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  const { rows, total } = await store.handoversPage(deps.db, query);
  return { total, pageNo: query.pageNo, pageSize: query.pageSize, list: rows.map(consoleHandoverView) };
}

/**
 * The operator's decision on a pending physical prize: handed over, with the note the member reads (how and when, a
 * tracking number), or cancelled with the reason, the prize going back into stock (won less one, under the prize's
 * row lock, as draws take it). One audited transaction under the draw's row lock; a decided one is refused.
 */
export async function decideHandover(
  deps: AppDeps,
  call: OperatorCall,
  drawId: number,
  decision: 'handed_over' | 'cancelled',
  note: string,
): Promise<ConsoleRaffleHandover> {
  const operatorId = asOperator(call.caller).operatorId;
  const action = decision === 'handed_over' ? 'hand_over' : 'cancel';
  return operatorWrite(deps, call, { entity: 'raffle_handover', action }, async (tx) => {
    const locked = await store.lockHandover(tx, drawId);
    if (!locked) throw new AppError('raffle_handover_not_found');
    if (locked.handover !== 'pending') throw new AppError('raffle_handover_decided');
    const before = await store.handover(tx, drawId);
    if (decision === 'cancelled') await store.returnPrize(tx, locked.prize_id);
    await store.decideHandover(tx, locked.id, { status: decision, note, operatorId }, call.now);
    const after = await store.handover(tx, drawId);
    if (!before || !after) throw new Error('hand-over vanished');
    const result = consoleHandoverView(after);
    return { entityId: drawId, before: consoleHandoverView(before), after: result, result };
  });
}
