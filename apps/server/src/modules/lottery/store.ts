import type { DrawResult, ShapeCode } from '@tessera/lottery';
import type { Queryable } from '../../db/database.ts';

export type PrizeMode = 'Lott' | 'Elott' | 'SEA' | 'ZY';

export interface GameDb {
  game_id: number;
  code: string;
  prize_mode: PrizeMode;
  menu_tag: string;
  shape: ShapeCode;
  source: 'official' | 'rng';
  interval_seconds: number | null;
  draw_time: string | null;
  draw_days: string | null;
  time_zone: string;
  lock_seconds: number;
  missed: 'late' | 'void';
  remark: Record<string, string>;
  names: Record<string, string>;
  enabled: boolean;
  sort: number;
}

const GAME_COLUMNS = `l.game_id, l.code, l.prize_mode, l.menu_tag, l.shape, l.source, l.interval_seconds, l.draw_time,
  l.draw_days, l.time_zone, l.lock_seconds, l.missed, l.remark, g.names, g.enabled, g.sort`;
const GAMES = 'lottery_games l join games g on g.id = l.game_id';

export async function listGames(
  db: Queryable,
  filter: { enabledOnly: boolean; prizeMode?: PrizeMode | undefined },
): Promise<GameDb[]> {
  return db.query<GameDb>(
    `select ${GAME_COLUMNS} from ${GAMES}
     where ($1::boolean is false or g.enabled) and ($2::text is null or l.prize_mode = $2)
     order by g.sort, l.code`,
    [filter.enabledOnly, filter.prizeMode ?? null],
  );
}

export async function gameByCode(db: Queryable, code: string): Promise<GameDb | null> {
  const rows = await db.query<GameDb>(`select ${GAME_COLUMNS} from ${GAMES} where l.code = $1`, [code]);
  return rows[0] ?? null;
}

export async function gameById(db: Queryable, gameId: number): Promise<GameDb | null> {
  const rows = await db.query<GameDb>(`select ${GAME_COLUMNS} from ${GAMES} where l.game_id = $1`, [gameId]);
  return rows[0] ?? null;
}

export async function updateGame(
  tx: Queryable,
  gameId: number,
  change: {
    enabled: boolean;
    lockSeconds: number;
    intervalSeconds: number | null;
    drawTime: string | null;
    drawDays: string | null;
    missed: 'late' | 'void';
  },
  now: Date,
) {
  await tx.query(
    `update lottery_games set lock_seconds = $2, interval_seconds = $3, draw_time = $4, draw_days = $5, missed = $6,
       updated_at = $7 where game_id = $1`,
    [
      gameId,
      change.lockSeconds,
      change.intervalSeconds,
      change.drawTime,
      change.drawDays,
      change.missed,
      now,
    ],
  );
  await tx.query('update games set enabled = $2, updated_at = $3 where id = $1', [
    gameId,
    change.enabled,
    now,
  ]);
}

// --------------------------------------------------------------------------------------------------- draws

export interface DrawDb {
  id: bigint;
  game_id: number;
  numero: string;
  opens_at: Date;
  locks_at: Date;
  draws_at: Date;
  seed_sealed: string | null;
  seed_hash: string | null;
  seed: string | null;
  entered_result: DrawResult | null;
  entered_by: number | null;
  entered_at: Date | null;
  confirmed_by: number | null;
  result: DrawResult | null;
  state: 'open' | 'drawn' | 'settled' | 'void';
  drawn_at: Date | null;
  settled_at: Date | null;
  void_reason: string | null;
}

const DRAW_COLUMNS = `id, game_id, numero, opens_at, locks_at, draws_at, seed_sealed, seed_hash, seed, entered_result,
  entered_by, entered_at, confirmed_by, result, state, drawn_at, settled_at, void_reason`;

/** Writes a draw unless it exists; answers the row written (null when another process wrote it first). */
export async function insertDraw(
  tx: Queryable,
  draw: {
    gameId: number;
    numero: string;
    opensAt: Date;
    locksAt: Date;
    drawsAt: Date;
    seedSealed: string | null;
    seedHash: string | null;
  },
  now: Date,
): Promise<DrawDb | null> {
  const rows = await tx.query<DrawDb>(
    `insert into lottery_draws (game_id, numero, opens_at, locks_at, draws_at, seed_sealed, seed_hash, state,
       created_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'open', $8)
     on conflict (game_id, numero) do nothing returning ${DRAW_COLUMNS}`,
    [draw.gameId, draw.numero, draw.opensAt, draw.locksAt, draw.drawsAt, draw.seedSealed, draw.seedHash, now],
  );
  return rows[0] ?? null;
}

export async function drawByNumero(db: Queryable, gameId: number, numero: string): Promise<DrawDb | null> {
  const rows = await db.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws where game_id = $1 and numero = $2`,
    [gameId, numero],
  );
  return rows[0] ?? null;
}

/** The rows of the draws named, of several games at once (those not written yet are missing). */
export async function drawsByNumero(
  db: Queryable,
  wanted: { gameId: number; numero: string }[],
): Promise<DrawDb[]> {
  if (wanted.length === 0) return [];
  return db.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws
     where (game_id, numero) in (select * from unnest($1::int[], $2::text[]))`,
    [wanted.map((draw) => draw.gameId), wanted.map((draw) => draw.numero)],
  );
}

/**
 * Removes a game's open draws not yet drawn that no ticket was ever written on (a schedule change writes them
 * again from the new schedule): their rows are held first, so a bet in flight either wrote its ticket before (and
 * the draw stays) or finds the draw gone. Answers the numeros removed.
 */
export async function removeUnbetDraws(tx: Queryable, gameId: number, now: Date): Promise<string[]> {
  const held = await tx.query<{ id: bigint }>(
    `select id from lottery_draws where game_id = $1 and state = 'open' and draws_at > $2 order by id for update`,
    [gameId, now],
  );
  if (held.length === 0) return [];
  const removed = await tx.query<{ numero: string }>(
    `delete from lottery_draws d where d.id = any($1::bigint[])
       and not exists (select 1 from lottery_tickets t where t.draw_id = d.id)
     returning d.numero`,
    [held.map((row) => row.id)],
  );
  return removed.map((row) => row.numero);
}

export async function drawById(db: Queryable, id: bigint | number): Promise<DrawDb | null> {
  const rows = await db.query<DrawDb>(`select ${DRAW_COLUMNS} from lottery_draws where id = $1`, [id]);
  return rows[0] ?? null;
}

/**
 * The draw's row held against a draw or a void (shared: many bets at once) or for one (update): a bet checks the
 * lock under it, so no ticket is written after its draw took its result.
 */
export async function lockDraw(tx: Queryable, id: bigint, mode: 'share' | 'update'): Promise<DrawDb | null> {
  const rows = await tx.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws where id = $1 for ${mode === 'share' ? 'share' : 'update'}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The rng draws whose time came and that are not drawn, oldest first (official ones wait for their result). */
export async function dueDraws(db: Queryable, now: Date, limit: number): Promise<DrawDb[]> {
  return db.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws where state = 'open' and draws_at <= $1
       and game_id in (select game_id from lottery_games where source = 'rng')
     order by draws_at limit $2`,
    [now, limit],
  );
}

/** Drawn or voided draws with tickets still to settle or refund. */
export async function drawsToSettle(db: Queryable, limit: number): Promise<DrawDb[]> {
  return db.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws d where state = 'drawn'
       or (state = 'void' and exists (select 1 from lottery_tickets t where t.draw_id = d.id and t.state = 'placed'))
     order by draws_at limit $1`,
    [limit],
  );
}

export async function setDrawn(
  tx: Queryable,
  id: bigint,
  drawn: { result: DrawResult; seed: string | null; confirmedBy: number | null },
  now: Date,
) {
  await tx.query(
    `update lottery_draws set state = 'drawn', result = $2, seed = $3, confirmed_by = $4, drawn_at = $5
     where id = $1`,
    [id, JSON.stringify(drawn.result), drawn.seed, drawn.confirmedBy, now],
  );
}

export async function setSettled(tx: Queryable, id: bigint, now: Date) {
  await tx.query(
    `update lottery_draws set state = 'settled', settled_at = $2 where id = $1 and state = 'drawn'`,
    [id, now],
  );
}

export async function setVoid(tx: Queryable, id: bigint, reason: string, now: Date) {
  await tx.query(
    `update lottery_draws set state = 'void', void_reason = $2, settled_at = $3, entered_result = null
     where id = $1`,
    [id, reason, now],
  );
}

export async function setEntered(
  tx: Queryable,
  id: bigint,
  entered: { result: DrawResult; by: number | null } | null,
  now: Date,
) {
  await tx.query(
    'update lottery_draws set entered_result = $2, entered_by = $3, entered_at = $4 where id = $1',
    [id, entered ? JSON.stringify(entered.result) : null, entered?.by ?? null, entered ? now : null],
  );
}

/** The latest drawn draws (of one game, or of the games of a prize mode), newest first. */
export async function drawnDraws(
  db: Queryable,
  filter: { gameId?: number | undefined; prizeMode?: PrizeMode | undefined; limit: number; offset: number },
): Promise<{ rows: DrawDb[]; total: number }> {
  const where = `d.state in ('drawn', 'settled') and ($1::int is null or d.game_id = $1)
    and ($2::text is null or l.prize_mode = $2) and g.enabled`;
  const from =
    'lottery_draws d join lottery_games l on l.game_id = d.game_id join games g on g.id = d.game_id';
  const params = [filter.gameId ?? null, filter.prizeMode ?? null];
  const [rows, [count]] = await Promise.all([
    db.query<DrawDb>(
      `select ${DRAW_COLUMNS.split(', ')
        .map((column) => `d.${column.trim()}`)
        .join(', ')} from ${from} where ${where} order by d.draws_at desc, d.id desc limit $3 offset $4`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: bigint }>(`select count(*) as total from ${from} where ${where}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0n) };
}

export interface DrawReportDb extends DrawDb {
  code: string;
  shape: ShapeCode;
  source: 'official' | 'rng';
  names: Record<string, string>;
  entered_by_name: string | null;
  confirmed_by_name: string | null;
  tickets: bigint;
  stake: bigint;
  payout: bigint;
}

/**
 * Draws for the console, each with its tickets, stakes and payouts (refunds are not payouts): the draws of today (in
 * each game's time zone) and before, newest first, then those of later days written ahead for betting, soonest
 * first. A numero filter finds a draw by its number or its start (a day's draws: 20260601).
 */
export async function drawReports(
  db: Queryable,
  filter: {
    gameId?: number | undefined;
    state?: string | undefined;
    numero?: string | undefined;
    drawId?: bigint | undefined;
    now: Date;
    limit: number;
    offset: number;
  },
): Promise<{ rows: DrawReportDb[]; total: number }> {
  const where = `($1::int is null or d.game_id = $1) and ($4::bigint is null or d.id = $4)
    and ($5::text is null or starts_with(d.numero, $5)) and (
      $2::text is null or ($2 = 'awaiting' and d.state = 'open' and d.draws_at <= $3)
      or ($2 <> 'awaiting' and d.state = $2))`;
  const from = `lottery_draws d join lottery_games l on l.game_id = d.game_id join games g on g.id = d.game_id
    left join operators e on e.id = d.entered_by left join operators c on c.id = d.confirmed_by`;
  const params = [
    filter.gameId ?? null,
    filter.state ?? null,
    filter.now,
    filter.drawId ?? null,
    filter.numero ?? null,
  ];
  const laterDay = `(d.draws_at at time zone l.time_zone)::date > ($3::timestamptz at time zone l.time_zone)::date`;
  const [rows, [count]] = await Promise.all([
    db.query<DrawReportDb>(
      `select d.id, d.game_id, d.numero, d.opens_at, d.locks_at, d.draws_at, d.seed_sealed, d.seed_hash, d.seed,
         d.entered_result, d.entered_by, d.entered_at, d.confirmed_by, d.result, d.state, d.drawn_at, d.settled_at,
         d.void_reason, l.code, l.shape, l.source, g.names, e.username as entered_by_name,
         c.username as confirmed_by_name,
         coalesce(t.tickets, 0) as tickets, coalesce(t.stake, 0) as stake, coalesce(t.payout, 0) as payout
       from ${from}
       left join lateral (
         select count(*) as tickets, coalesce(sum(stake) filter (where state not in ('cancelled', 'refunded')), 0)
           as stake, coalesce(sum(payout) filter (where state in ('won', 'lost')), 0) as payout
         from lottery_tickets where draw_id = d.id) t on true
       where ${where}
       order by ${laterDay}, case when ${laterDay} then d.draws_at end, d.draws_at desc, d.id desc
       limit $6 offset $7`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: bigint }>(`select count(*) as total from ${from} where ${where}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0n) };
}

// --------------------------------------------------------------------------------------------------- odds

export interface OddsDb {
  shape: ShapeCode;
  bet_type: string;
  price_per_point: bigint;
  /** Minor units as decimal strings, by tier. */
  payouts: Record<string, string>;
  max_points: number;
  cap_per_number: bigint;
  enabled: boolean;
}

export async function listOdds(db: Queryable, shape?: ShapeCode): Promise<OddsDb[]> {
  return db.query<OddsDb>(
    `select shape, bet_type, price_per_point, payouts, max_points, cap_per_number, enabled from lottery_odds
     where $1::text is null or shape = $1 order by shape, bet_type`,
    [shape ?? null],
  );
}

export async function oddsOf(db: Queryable, shape: ShapeCode, betType: string): Promise<OddsDb | null> {
  const rows = await db.query<OddsDb>(
    `select shape, bet_type, price_per_point, payouts, max_points, cap_per_number, enabled from lottery_odds
     where shape = $1 and bet_type = $2`,
    [shape, betType],
  );
  return rows[0] ?? null;
}

export async function upsertOdds(tx: Queryable, odds: OddsDb, now: Date) {
  await tx.query(
    `insert into lottery_odds (shape, bet_type, price_per_point, payouts, max_points, cap_per_number, enabled,
       updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (shape, bet_type) do update set price_per_point = excluded.price_per_point,
       payouts = excluded.payouts, max_points = excluded.max_points, cap_per_number = excluded.cap_per_number,
       enabled = excluded.enabled, updated_at = excluded.updated_at`,
    [
      odds.shape,
      odds.bet_type,
      odds.price_per_point,
      JSON.stringify(odds.payouts),
      odds.max_points,
      odds.cap_per_number,
      odds.enabled,
      now,
    ],
  );
}

// --------------------------------------------------------------------------------------------------- tickets

/**
 * Adds to what the house may owe on one number (or combination) of a draw, unless that would pass the cap: answers
 * false then, and nothing changes. Concurrent bets on one number take turns on its row.
 */
export async function addExposure(
  tx: Queryable,
  key: { drawId: bigint; betType: string; lineKey: string },
  amount: bigint,
  cap: bigint,
): Promise<boolean> {
  if (amount > cap) return false;
  const rows = await tx.query(
    `insert into lottery_exposure as e (draw_id, bet_type, line_key, payout) values ($1, $2, $3, $4)
     on conflict (draw_id, bet_type, line_key) do update set payout = e.payout + excluded.payout
       where e.payout + excluded.payout <= $5
     returning 1`,
    [key.drawId, key.betType, key.lineKey, amount, cap],
  );
  return rows.length === 1;
}

export async function removeExposure(
  tx: Queryable,
  key: { drawId: bigint; betType: string; lineKey: string },
  amount: bigint,
) {
  await tx.query(
    `update lottery_exposure set payout = greatest(payout - $4, 0)
     where draw_id = $1 and bet_type = $2 and line_key = $3`,
    [key.drawId, key.betType, key.lineKey, amount],
  );
}

export interface TicketDb {
  id: bigint;
  ticket_no: string;
  draw_id: bigint;
  member_id: number;
  bet_type: string;
  numbers: string[];
  lines: number;
  points: number;
  price_per_point: bigint;
  payouts: Record<string, string>;
  stake: bigint;
  payout: bigint | null;
  hits: Record<string, number> | null;
  state: 'placed' | 'won' | 'lost' | 'cancelled' | 'refunded';
  currency: string;
  game_round_id: bigint;
  created_at: Date;
  settled_at: Date | null;
}

const TICKET_COLUMNS = `t.id, t.ticket_no, t.draw_id, t.member_id, t.bet_type, t.numbers, t.lines, t.points,
  t.price_per_point, t.payouts, t.stake, t.payout, t.hits, t.state, t.currency, t.game_round_id, t.created_at,
  t.settled_at`;

export async function insertTicket(
  tx: Queryable,
  ticket: {
    drawId: bigint;
    memberId: number;
    betType: string;
    numbers: string[];
    lines: number;
    points: number;
    pricePerPoint: bigint;
    payouts: Record<string, string>;
    stake: bigint;
    currency: string;
    gameRoundId: bigint;
    ticketNo: string;
  },
  now: Date,
): Promise<TicketDb> {
  const [row] = await tx.query<TicketDb>(
    `insert into lottery_tickets as t (ticket_no, draw_id, member_id, bet_type, numbers, lines, points,
       price_per_point, payouts, stake, state, currency, game_round_id, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'placed', $11, $12, $13)
     returning ${TICKET_COLUMNS}`,
    [
      ticket.ticketNo,
      ticket.drawId,
      ticket.memberId,
      ticket.betType,
      JSON.stringify(ticket.numbers),
      ticket.lines,
      ticket.points,
      ticket.pricePerPoint,
      JSON.stringify(ticket.payouts),
      ticket.stake,
      ticket.currency,
      ticket.gameRoundId,
      now,
    ],
  );
  if (!row) throw new Error('the ticket was not written');
  return row;
}

/** The next ticket number (written into the ticket and its betting-record round in one transaction). */
export async function nextTicketNo(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ no: string }>("select 'L' || nextval('lottery_ticket_numbers')::text as no");
  if (!row) throw new Error('no ticket number');
  return row.no;
}

export async function ticketByNo(
  db: Queryable,
  memberId: number,
  ticketNo: string,
): Promise<TicketDb | null> {
  const rows = await db.query<TicketDb>(
    `select ${TICKET_COLUMNS} from lottery_tickets t where t.ticket_no = $1 and t.member_id = $2`,
    [ticketNo, memberId],
  );
  return rows[0] ?? null;
}

export async function lockTicket(tx: Queryable, id: bigint): Promise<TicketDb | null> {
  const rows = await tx.query<TicketDb>(
    `select ${TICKET_COLUMNS} from lottery_tickets t where t.id = $1 for update`,
    [id],
  );
  return rows[0] ?? null;
}

/**
 * A batch of a draw's tickets still placed, held for settling: tickets another process holds are skipped, so two
 * processes settle one draw side by side, each ticket once.
 */
export async function claimPlacedTickets(tx: Queryable, drawId: bigint, limit: number): Promise<TicketDb[]> {
  return tx.query<TicketDb>(
    `select ${TICKET_COLUMNS} from lottery_tickets t where t.draw_id = $1 and t.state = 'placed'
     order by t.id limit $2 for update skip locked`,
    [drawId, limit],
  );
}

export async function anyPlacedTickets(db: Queryable, drawId: bigint): Promise<boolean> {
  const rows = await db.query(
    "select 1 from lottery_tickets where draw_id = $1 and state = 'placed' limit 1",
    [drawId],
  );
  return rows.length > 0;
}

export async function closeTicket(
  tx: Queryable,
  id: bigint,
  closed: {
    state: 'won' | 'lost' | 'cancelled' | 'refunded';
    payout: bigint | null;
    hits: Record<string, number> | null;
  },
  now: Date,
) {
  await tx.query(
    `update lottery_tickets set state = $2, payout = $3, hits = $4, settled_at = $5 where id = $1 and state = 'placed'`,
    [id, closed.state, closed.payout, closed.hits ? JSON.stringify(closed.hits) : null, now],
  );
}

export interface MemberTicketDb extends TicketDb {
  code: string;
  names: Record<string, string>;
  numero: string;
  draws_at: Date;
  locks_at: Date;
}

export async function memberTickets(
  db: Queryable,
  memberId: number,
  filter: { gameId?: number | undefined; state?: string | undefined; limit: number; offset: number },
): Promise<{ rows: MemberTicketDb[]; total: number }> {
  const from = `lottery_tickets t join lottery_draws d on d.id = t.draw_id join lottery_games l on l.game_id = d.game_id
    join games g on g.id = d.game_id`;
  const where = `t.member_id = $1 and ($2::int is null or d.game_id = $2) and ($3::text is null or t.state = $3)`;
  const params = [memberId, filter.gameId ?? null, filter.state ?? null];
  const [rows, [count]] = await Promise.all([
    db.query<MemberTicketDb>(
      `select ${TICKET_COLUMNS}, l.code, g.names, d.numero, d.draws_at, d.locks_at from ${from} where ${where}
       order by t.id desc limit $4 offset $5`,
      [...params, filter.limit, filter.offset],
    ),
    db.query<{ total: bigint }>(`select count(*) as total from ${from} where ${where}`, params),
  ]);
  return { rows, total: Number(count?.total ?? 0n) };
}

export async function memberTicket(db: Queryable, ticketId: bigint): Promise<MemberTicketDb | null> {
  const rows = await db.query<MemberTicketDb>(
    `select ${TICKET_COLUMNS}, l.code, g.names, d.numero, d.draws_at, d.locks_at
     from lottery_tickets t join lottery_draws d on d.id = t.draw_id join lottery_games l on l.game_id = d.game_id
       join games g on g.id = d.game_id where t.id = $1`,
    [ticketId],
  );
  return rows[0] ?? null;
}

/** The games a member bet on most recently, newest first. */
export async function recentGameIds(db: Queryable, memberId: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ game_id: number }>(
    `select d.game_id from lottery_tickets t join lottery_draws d on d.id = t.draw_id where t.member_id = $1
     group by d.game_id order by max(t.id) desc limit $2`,
    [memberId, limit],
  );
  return rows.map((row) => row.game_id);
}

/** Games by tickets sold since `since`, most first. */
export async function ticketCountsSince(db: Queryable, since: Date): Promise<Map<number, number>> {
  const rows = await db.query<{ game_id: number; tickets: bigint }>(
    `select d.game_id, count(*) as tickets from lottery_tickets t join lottery_draws d on d.id = t.draw_id
     where t.created_at >= $1 group by d.game_id`,
    [since],
  );
  return new Map(rows.map((row) => [row.game_id, Number(row.tickets)]));
}

export interface SettledTicket {
  id: bigint;
  state: 'won' | 'lost';
  payout: bigint;
  hits: Record<string, number>;
}

/** Closes a batch of held tickets as won or lost, in one statement. */
export async function settleTickets(tx: Queryable, settled: SettledTicket[], now: Date) {
  if (settled.length === 0) return;
  const rows = JSON.stringify(
    settled.map((ticket) => ({
      id: ticket.id.toString(),
      state: ticket.state,
      payout: ticket.payout.toString(),
      hits: ticket.hits,
    })),
  );
  await tx.query(
    `update lottery_tickets t set state = v.state, payout = v.payout::bigint, hits = v.hits, settled_at = $2
     from jsonb_to_recordset($1::jsonb) as v(id text, state text, payout text, hits jsonb)
     where t.id = v.id::bigint and t.state = 'placed'`,
    [rows, now],
  );
}

export async function drawGame(db: Queryable, drawId: bigint): Promise<GameDb> {
  const rows = await db.query<GameDb>(
    `select ${GAME_COLUMNS} from ${GAMES} join lottery_draws d on d.game_id = l.game_id where d.id = $1`,
    [drawId],
  );
  if (!rows[0]) throw new Error(`draw ${drawId} has no game`);
  return rows[0];
}

export async function dueDrawsOf(db: Queryable, gameId: number, now: Date): Promise<DrawDb[]> {
  return db.query<DrawDb>(
    `select ${DRAW_COLUMNS} from lottery_draws where game_id = $1 and state = 'open' and draws_at <= $2
     order by draws_at limit 10`,
    [gameId, now],
  );
}
