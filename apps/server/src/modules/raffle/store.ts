import type { Queryable, Transaction } from '../../db/database.ts';

/** SQL of the raffle area's tickets and raffles (ticket_balances, ticket_movements, raffles, raffle_prizes, raffle_draws). */

export type Names = { EN: string; VI: string; CN: string };

/**
 * Moves a member's tickets by delta, once per (source, ref): the movement's key is claimed first (a concurrent twin
 * waits for it and then finds it), then the balance row is moved under its lock. Null when the balance is too low:
 * the caller must then refuse, which rolls the claimed key back with the transaction.
 */
export async function moveTickets(
  tx: Transaction,
  move: { memberId: number; delta: number; source: string; ref: string },
  now: Date,
): Promise<{ balance: number; replayed: boolean } | null> {
  const [claimed] = await tx.query<{ id: bigint }>(
    `insert into ticket_movements (member_id, delta, balance_after, source, ref, created_at)
     values ($1, $2, 0, $3, $4, $5) on conflict (source, ref) do nothing returning id`,
    [move.memberId, move.delta, move.source, move.ref, now],
  );
  if (!claimed) return { balance: await ticketBalance(tx, move.memberId), replayed: true };
  await tx.query(
    'insert into ticket_balances (member_id, balance, updated_at) values ($1, 0, $2) on conflict do nothing',
    [move.memberId, now],
  );
  const [row] = await tx.query<{ balance: number }>(
    `update ticket_balances set balance = balance + $2, updated_at = $3
     where member_id = $1 and balance + $2 >= 0 returning balance`,
    [move.memberId, move.delta, now],
  );
  if (!row) return null;
  await tx.query('update ticket_movements set balance_after = $2 where id = $1', [claimed.id, row.balance]);
  return { balance: row.balance, replayed: false };
}

export async function ticketBalance(db: Queryable, memberId: number): Promise<number> {
  const [row] = await db.query<{ balance: number }>(
    'select balance from ticket_balances where member_id = $1',
    [memberId],
  );
  return row?.balance ?? 0;
}

export interface RaffleDb {
  id: number;
  names: Names;
  enabled: boolean;
  entry_kind: 'tickets' | 'points';
  entry_cost: number;
  daily_limit: number;
  updated_at: Date;
}

export interface PrizeDb {
  id: number;
  raffle_id: number;
  position: number;
  names: Names;
  kind: 'cash' | 'points' | 'tickets' | 'physical' | 'none';
  value: bigint;
  turnover_multiple: number;
  weight: number;
  stock: number | null;
  won: number;
}

const PRIZE_COLUMNS = `id, raffle_id, position, names, kind, value, turnover_multiple::float8 as turnover_multiple,
  weight, stock, won`;

export function raffles(db: Queryable, onlyEnabled: boolean): Promise<RaffleDb[]> {
  return db.query<RaffleDb>(
    `select id, names, enabled, entry_kind, entry_cost, daily_limit, updated_at from raffles
     where enabled or not $1 order by id`,
    [onlyEnabled],
  );
}

export async function raffle(db: Queryable, id: number): Promise<RaffleDb | null> {
  const [row] = await db.query<RaffleDb>(
    'select id, names, enabled, entry_kind, entry_cost, daily_limit, updated_at from raffles where id = $1',
    [id],
  );
  return row ?? null;
}

/** The prizes in play of the raffles (retired ones left out), in their order. */
export function prizes(db: Queryable, raffleIds: readonly number[]): Promise<PrizeDb[]> {
  return db.query<PrizeDb>(
    `select ${PRIZE_COLUMNS} from raffle_prizes where raffle_id = any($1::int[]) and not retired
     order by raffle_id, position`,
    [raffleIds],
  );
}

/** The raffle's prizes in play under their row locks, held until the transaction ends: draws of it queue here. */
export function lockPrizes(tx: Transaction, raffleId: number): Promise<PrizeDb[]> {
  return tx.query<PrizeDb>(
    `select ${PRIZE_COLUMNS} from raffle_prizes where raffle_id = $1 and not retired order by position for update`,
    [raffleId],
  );
}

export async function drawsOfDay(db: Queryable, raffleId: number, memberId: number, day: string) {
  const [row] = await db.query<{ count: number }>(
    'select count(*)::int as count from raffle_draws where raffle_id = $1 and member_id = $2 and day = $3',
    [raffleId, memberId, day],
  );
  return row?.count ?? 0;
}

export async function drawsOfDayByRaffle(db: Queryable, memberId: number, day: string) {
  const rows = await db.query<{ raffle_id: number; count: number }>(
    `select raffle_id, count(*)::int as count from raffle_draws where member_id = $1 and day = $2 group by raffle_id`,
    [memberId, day],
  );
  return new Map(rows.map((row) => [row.raffle_id, row.count]));
}

export async function drawByRequest(tx: Transaction, raffleId: number, memberId: number, requestId: string) {
  const [row] = await tx.query<{ id: bigint; prize_id: number; created_at: Date }>(
    'select id, prize_id, created_at from raffle_draws where raffle_id = $1 and member_id = $2 and request_id = $3',
    [raffleId, memberId, requestId],
  );
  return row ?? null;
}

export interface NewDraw {
  raffleId: number;
  memberId: number;
  requestId: string;
  day: string;
  prizeId: number;
  entryKind: string;
  entryCost: number;
  roll: number;
  totalWeight: number;
  weights: { prizeId: number; weight: number }[];
  /** 'pending' for a physical prize, which an operator hands over; null for the others. */
  handover: 'pending' | null;
}

export async function insertDraw(tx: Transaction, draw: NewDraw, now: Date): Promise<bigint> {
  const [row] = await tx.query<{ id: bigint }>(
    `insert into raffle_draws (raffle_id, member_id, request_id, day, prize_id, entry_kind, entry_cost, roll,
       total_weight, weights, created_at, handover)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
    [
      draw.raffleId,
      draw.memberId,
      draw.requestId,
      draw.day,
      draw.prizeId,
      draw.entryKind,
      draw.entryCost,
      draw.roll,
      draw.totalWeight,
      JSON.stringify(draw.weights),
      now,
      draw.handover,
    ],
  );
  if (!row) throw new Error('raffle draw not written');
  return row.id;
}

/** One prize won: counted in won, within its stock (the total; null: unlimited); false when none is left. */
export async function takePrize(tx: Transaction, prizeId: number): Promise<boolean> {
  const rows = await tx.query(
    'update raffle_prizes set won = won + 1 where id = $1 and (stock is null or won < stock) returning id',
    [prizeId],
  );
  return rows.length > 0;
}

/** A prize given back (a cancelled hand-over): one fewer won, so one more left. */
export async function returnPrize(tx: Transaction, prizeId: number): Promise<void> {
  await tx.query('update raffle_prizes set won = won - 1 where id = $1 and won > 0', [prizeId]);
}

/** Every prize of the raffle (retired ones too) under its row lock: how many of each were won, for a save. */
export async function lockWon(tx: Transaction, raffleId: number): Promise<Map<number, number>> {
  const rows = await tx.query<{ id: number; won: number }>(
    'select id, won from raffle_prizes where raffle_id = $1 order by position, id for update',
    [raffleId],
  );
  return new Map(rows.map((row) => [row.id, row.won]));
}

export interface RaffleRow {
  names: Names;
  enabled: boolean;
  entryKind: string;
  entryCost: number;
  dailyLimit: number;
}

export async function insertRaffle(tx: Transaction, raffle: RaffleRow, now: Date): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `insert into raffles (names, enabled, entry_kind, entry_cost, daily_limit, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $6) returning id`,
    [
      JSON.stringify(raffle.names),
      raffle.enabled,
      raffle.entryKind,
      raffle.entryCost,
      raffle.dailyLimit,
      now,
    ],
  );
  if (!row) throw new Error('raffle not written');
  return row.id;
}

export async function updateRaffle(
  tx: Transaction,
  id: number,
  raffle: RaffleRow,
  now: Date,
): Promise<boolean> {
  const rows = await tx.query(
    `update raffles set names = $2, enabled = $3, entry_kind = $4, entry_cost = $5, daily_limit = $6, updated_at = $7
     where id = $1 returning id`,
    [
      id,
      JSON.stringify(raffle.names),
      raffle.enabled,
      raffle.entryKind,
      raffle.entryCost,
      raffle.dailyLimit,
      now,
    ],
  );
  return rows.length > 0;
}

export interface PrizeRow {
  id?: number | undefined;
  position: number;
  names: Names;
  kind: string;
  value: bigint;
  turnoverMultiple: number;
  weight: number;
  stock: number | null;
}

/**
 * Writes the raffle's prizes: listed ids are updated in place (their draws keep pointing at them), new ones added,
 * and prizes left out retired (kept for the draws that won them). An id of another raffle is refused (false).
 */
export async function savePrizes(
  tx: Transaction,
  raffleId: number,
  rows: readonly PrizeRow[],
): Promise<boolean> {
  const kept: number[] = [];
  for (const prize of rows) {
    const values = [
      raffleId,
      prize.position,
      JSON.stringify(prize.names),
      prize.kind,
      prize.value,
      prize.turnoverMultiple,
      prize.weight,
      prize.stock,
    ];
    if (prize.id !== undefined) {
      const updated = await tx.query(
        `update raffle_prizes set position = $2, names = $3, kind = $4, value = $5, turnover_multiple = $6,
           weight = $7, stock = $8, retired = false
         where raffle_id = $1 and id = $9 returning id`,
        [...values, prize.id],
      );
      if (updated.length === 0) return false;
      kept.push(prize.id);
    } else {
      const [inserted] = await tx.query<{ id: number }>(
        `insert into raffle_prizes (raffle_id, position, names, kind, value, turnover_multiple, weight, stock)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        values,
      );
      if (inserted) kept.push(inserted.id);
    }
  }
  await tx.query(
    'update raffle_prizes set retired = true where raffle_id = $1 and not (id = any($2::int[]))',
    [raffleId, kept],
  );
  return true;
}

export async function drawCounts(db: Queryable): Promise<Map<number, number>> {
  const rows = await db.query<{ raffle_id: number; count: number }>(
    'select raffle_id, count(*)::int as count from raffle_draws group by raffle_id',
  );
  return new Map(rows.map((row) => [row.raffle_id, row.count]));
}

export interface DrawListDb {
  id: bigint;
  raffle_id: number;
  member_id: number;
  username: string;
  prize_id: number;
  prize_names: Names;
  kind: PrizeDb['kind'];
  value: bigint;
  entry_kind: 'tickets' | 'points';
  entry_cost: number;
  roll: number;
  total_weight: number;
  created_at: Date;
}

export async function drawsPage(
  db: Queryable,
  filter: { raffleId?: number | undefined; username?: string | undefined; pageNo: number; pageSize: number },
): Promise<{ rows: DrawListDb[]; total: number }> {
  const where = `($1::int is null or d.raffle_id = $1) and ($2::text is null or m.username = $2)`;
  const params = [filter.raffleId ?? null, filter.username || null];
  const rows = await db.query<DrawListDb>(
    `select d.id, d.raffle_id, d.member_id, m.username, d.prize_id, p.names as prize_names, p.kind, p.value,
       d.entry_kind, d.entry_cost, d.roll, d.total_weight, d.created_at
     from raffle_draws d join members m on m.id = d.member_id join raffle_prizes p on p.id = d.prize_id
     where ${where} order by d.id desc limit $3 offset $4`,
    [...params, filter.pageSize, (filter.pageNo - 1) * filter.pageSize],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from raffle_draws d join members m on m.id = d.member_id where ${where}`,
    params,
  );
  return { rows, total: count?.total ?? 0 };
}

export type HandoverStatus = 'pending' | 'handed_over' | 'cancelled';

export interface HandoverDb {
  id: bigint;
  raffle_id: number;
  raffle_names: Names;
  member_id: number;
  username: string;
  prize_id: number;
  prize_names: Names;
  handover: HandoverStatus;
  handover_note: string | null;
  handover_at: Date | null;
  operator: string | null;
  created_at: Date;
}

const HANDOVER_SELECT = `select d.id, d.raffle_id, r.names as raffle_names, d.member_id, m.username, d.prize_id,
    p.names as prize_names, d.handover, d.handover_note, d.handover_at, o.username as operator, d.created_at
  from raffle_draws d join raffles r on r.id = d.raffle_id join members m on m.id = d.member_id
    join raffle_prizes p on p.id = d.prize_id left join operators o on o.id = d.handover_by`;

/** The physical prizes won, newest first: the console's hand-over queue (by status and member). */
export async function handoversPage(
  db: Queryable,
  filter: {
    status?: HandoverStatus | undefined;
    username?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ rows: HandoverDb[]; total: number }> {
  const where = `d.handover is not null and ($1::text is null or d.handover = $1)
    and ($2::text is null or m.username = $2)`;
  const params = [filter.status ?? null, filter.username || null];
  const rows = await db.query<HandoverDb>(
    `${HANDOVER_SELECT} where ${where} order by d.id desc limit $3 offset $4`,
    [...params, filter.pageSize, (filter.pageNo - 1) * filter.pageSize],
  );
  const [count] = await db.query<{ total: number }>(
    `select count(*)::int as total from raffle_draws d join members m on m.id = d.member_id where ${where}`,
    params,
  );
  return { rows, total: count?.total ?? 0 };
}

/** The member's physical prizes, newest first (the wheel's list of prizes to hand over). */
export function memberHandovers(db: Queryable, memberId: number, limit: number): Promise<HandoverDb[]> {
  return db.query<HandoverDb>(
    `${HANDOVER_SELECT} where d.member_id = $1 and d.handover is not null order by d.id desc limit $2`,
    [memberId, limit],
  );
}

export async function handover(db: Queryable, drawId: number): Promise<HandoverDb | null> {
  const [row] = await db.query<HandoverDb>(`${HANDOVER_SELECT} where d.id = $1 and d.handover is not null`, [
    drawId,
  ]);
  return row ?? null;
}

/** The draw's hand-over under its row lock; null when there is none (not a physical prize). */
export async function lockHandover(
  tx: Transaction,
  drawId: number,
): Promise<{ id: bigint; prize_id: number; handover: HandoverStatus } | null> {
  const [row] = await tx.query<{ id: bigint; prize_id: number; handover: HandoverStatus }>(
    'select id, prize_id, handover from raffle_draws where id = $1 and handover is not null for update',
    [drawId],
  );
  return row ?? null;
}

export async function decideHandover(
  tx: Transaction,
  drawId: bigint,
  decision: { status: 'handed_over' | 'cancelled'; note: string; operatorId: number },
  now: Date,
): Promise<void> {
  await tx.query(
    'update raffle_draws set handover = $2, handover_note = $3, handover_by = $4, handover_at = $5 where id = $1',
    [drawId, decision.status, decision.note, decision.operatorId, now],
  );
}
