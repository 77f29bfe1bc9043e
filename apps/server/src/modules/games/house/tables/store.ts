import type { Queryable } from '../../../../db/database.ts';

/** The SQL of the house's shared tables (migration 0014). */

// ------------------------------------------------------------------------------------------------------- tables

export interface TableDb {
  game_id: number;
  kind: 'baccarat' | 'roulette';
  room: string;
  betting_ms: number;
  result_ms: number;
  anchor_at: Date;
  anchor_round: bigint;
  /** Per spot type: min and max in minor units (decimal strings). */
  limits: Record<string, { min: string; max: string }>;
  updated_at: Date;
  /** From the catalogue. */
  code: string;
  names: Record<string, string>;
  provider: string;
  /** The game, its vendor and its provider are enabled. */
  enabled: boolean;
}

const TABLE_COLUMNS = `t.game_id, t.kind, t.room, t.betting_ms, t.result_ms, t.anchor_at, t.anchor_round, t.limits,
  t.updated_at, g.code, g.names, v.provider, g.enabled and v.enabled and p.enabled as enabled`;
const TABLE_FROM = `house_tables t join games g on g.id = t.game_id join game_vendors v on v.id = g.vendor_id
  join game_providers p on p.code = v.provider and p.contract = 'house'`;

export async function findTable(db: Queryable, gameId: number, forUpdate = false): Promise<TableDb | null> {
  const rows = await db.query<TableDb>(
    `select ${TABLE_COLUMNS} from ${TABLE_FROM} where t.game_id = $1 ${forUpdate ? 'for update of t' : ''}`,
    [gameId],
  );
  return rows[0] ?? null;
}

export async function findTableByRoom(db: Queryable, room: string): Promise<TableDb | null> {
  const rows = await db.query<TableDb>(`select ${TABLE_COLUMNS} from ${TABLE_FROM} where t.room = $1`, [
    room,
  ]);
  return rows[0] ?? null;
}

export function listTables(db: Queryable): Promise<TableDb[]> {
  return db.query<TableDb>(`select ${TABLE_COLUMNS} from ${TABLE_FROM} order by t.kind, g.sort, t.game_id`);
}

export async function updateTable(
  tx: Queryable,
  gameId: number,
  fields: {
    bettingMs: number;
    resultMs: number;
    anchorAt: Date;
    anchorRound: bigint;
    limits: Record<string, { min: string; max: string }>;
  },
  now: Date,
) {
  await tx.query(
    `update house_tables set betting_ms = $2, result_ms = $3, anchor_at = $4, anchor_round = $5, limits = $6::jsonb,
       updated_at = $7 where game_id = $1`,
    [
      gameId,
      fields.bettingMs,
      fields.resultMs,
      fields.anchorAt,
      fields.anchorRound,
      JSON.stringify(fields.limits),
      now,
    ],
  );
}

/** The lobby's smallest stake follows the table's smallest limit. */
export async function setCatalogueMinBet(tx: Queryable, gameId: number, minBet: bigint, now: Date) {
  await tx.query('update games set min_bet = $2, updated_at = $3 where id = $1', [gameId, minBet, now]);
}

/** Rounds not yet open (no bet can be on them): dropped when the timing changes, and written again. */
export async function dropFutureRounds(tx: Queryable, gameId: number, after: bigint, now: Date) {
  await tx.query(
    `delete from house_table_rounds r where r.game_id = $1 and r.round_no > $2 and r.opens_at > $3
       and r.state = 'betting' and not exists (select 1 from house_table_bets b where b.round_id = r.id)`,
    [gameId, after, now],
  );
}

// ------------------------------------------------------------------------------------------------------- rounds

export interface TableRoundDb {
  id: bigint;
  game_id: number;
  round_no: bigint;
  opens_at: Date;
  closes_at: Date;
  ends_at: Date;
  server_seed_sealed: string;
  commitment: string;
  server_seed: string | null;
  salt: string | null;
  outcome: unknown;
  state: 'betting' | 'drawn' | 'settled' | 'voided';
  drawn_at: Date | null;
  void_reason: string | null;
}
const ROUND_COLUMNS = `id, game_id, round_no, opens_at, closes_at, ends_at, server_seed_sealed, commitment,
  server_seed, salt, outcome, state, drawn_at, void_reason`;

/** Writes a round unless another process wrote it first; either way answers the one row. */
export async function ensureRound(
  tx: Queryable,
  row: {
    gameId: number;
    roundNo: bigint;
    opensAt: Date;
    closesAt: Date;
    endsAt: Date;
    serverSeedSealed: string;
    commitment: string;
  },
  now: Date,
): Promise<TableRoundDb> {
  await tx.query(
    `insert into house_table_rounds (game_id, round_no, opens_at, closes_at, ends_at, server_seed_sealed, commitment,
       state, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, 'betting', $8, $8) on conflict (game_id, round_no) do nothing`,
    [
      row.gameId,
      row.roundNo,
      row.opensAt,
      row.closesAt,
      row.endsAt,
      row.serverSeedSealed,
      row.commitment,
      now,
    ],
  );
  const found = await findRoundByNo(tx, row.gameId, row.roundNo);
  if (!found) throw new Error('the table round vanished');
  return found;
}

export async function findRoundByNo(
  db: Queryable,
  gameId: number,
  roundNo: bigint,
): Promise<TableRoundDb | null> {
  const rows = await db.query<TableRoundDb>(
    `select ${ROUND_COLUMNS} from house_table_rounds where game_id = $1 and round_no = $2`,
    [gameId, roundNo],
  );
  return rows[0] ?? null;
}

export async function findRound(db: Queryable, id: bigint): Promise<TableRoundDb | null> {
  const rows = await db.query<TableRoundDb>(`select ${ROUND_COLUMNS} from house_table_rounds where id = $1`, [
    id,
  ]);
  return rows[0] ?? null;
}

/** The round locked: `update` by the settler (one draws), `share` by a bet (betting must still be open). */
export async function lockRound(
  tx: Queryable,
  id: bigint,
  mode: 'update' | 'share',
): Promise<TableRoundDb | null> {
  const rows = await tx.query<TableRoundDb>(
    `select ${ROUND_COLUMNS} from house_table_rounds where id = $1 for ${mode === 'update' ? 'update' : 'share'}`,
    [id],
  );
  return rows[0] ?? null;
}

export async function markDrawn(
  tx: Queryable,
  id: bigint,
  drawn: { serverSeed: string; salt: string; outcome: string },
  now: Date,
) {
  await tx.query(
    `update house_table_rounds set state = 'drawn', server_seed = $2, salt = $3, outcome = $4::jsonb, drawn_at = $5,
       updated_at = $5 where id = $1 and state = 'betting'`,
    [id, drawn.serverSeed, drawn.salt, drawn.outcome, now],
  );
}

export async function markVoided(tx: Queryable, id: bigint, reason: string, now: Date) {
  await tx.query(
    `update house_table_rounds set state = 'voided', void_reason = $2, updated_at = $3
     where id = $1 and state = 'betting'`,
    [id, reason, now],
  );
}

/** A drawn round whose bets are all settled is settled. */
export async function closeRoundIfDone(tx: Queryable, id: bigint, now: Date) {
  await tx.query(
    `update house_table_rounds r set state = 'settled', updated_at = $2 where r.id = $1 and r.state = 'drawn'
       and not exists (select 1 from house_table_bets b where b.round_id = r.id and b.state = 'placed')`,
    [id, now],
  );
}

/** Rounds whose betting closed and that are not finished (the settler), oldest first. */
export async function dueRounds(db: Queryable, now: Date, limit: number, gameId: number | null = null) {
  const rows = await db.query<{ id: bigint }>(
    `select id from house_table_rounds where state in ('betting', 'drawn') and closes_at <= $1
       and ($3::int is null or game_id = $3) order by closes_at, id limit $2`,
    [now, limit, gameId],
  );
  return rows.map((row) => BigInt(row.id));
}

/** The table's last drawn rounds, latest first. */
export function recentResults(db: Queryable, gameId: number, before: bigint, limit: number) {
  return db.query<{ round_no: bigint; outcome: unknown }>(
    `select round_no, outcome from house_table_rounds where game_id = $1 and round_no < $2 and outcome is not null
     order by round_no desc limit $3`,
    [gameId, before, limit],
  );
}

// --------------------------------------------------------------------------------------------------------- bets

export interface TableBetDb {
  id: bigint;
  round_id: bigint;
  member_id: number;
  ref: string;
  request_key: string;
  request_fingerprint: string;
  client_seed: string;
  currency: string;
  spots: { spot: string; stake: string }[];
  stake: bigint;
  payout: bigint | null;
  state: 'placed' | 'settled' | 'voided';
  bet_transaction: string;
  win_transaction: string;
  rollback_transaction: string;
  created_at: Date;
}
const BET_COLUMNS = `b.id, b.round_id, b.member_id, b.ref, b.request_key, b.request_fingerprint, b.client_seed,
  b.currency, b.spots, b.stake, b.payout, b.state, b.bet_transaction, b.win_transaction, b.rollback_transaction,
  b.created_at`;

export async function insertBet(
  tx: Queryable,
  row: Omit<TableBetDb, 'id' | 'payout' | 'state' | 'created_at'> & { gameRoundId: bigint | null },
  now: Date,
): Promise<bigint> {
  const [inserted] = await tx.query<{ id: bigint }>(
    `insert into house_table_bets (round_id, member_id, ref, request_key, request_fingerprint, client_seed, currency,
       spots, stake, state, bet_transaction, win_transaction, rollback_transaction, game_round_id, created_at,
       updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, 'placed', $10, $11, $12, $13, $14, $14) returning id`,
    [
      row.round_id,
      row.member_id,
      row.ref,
      row.request_key,
      row.request_fingerprint,
      row.client_seed,
      row.currency,
      JSON.stringify(row.spots),
      row.stake,
      row.bet_transaction,
      row.win_transaction,
      row.rollback_transaction,
      row.gameRoundId,
      now,
    ],
  );
  if (!inserted) throw new Error('the table bet was not written');
  return BigInt(inserted.id);
}

export async function findBetByKey(db: Queryable, memberId: number, key: string): Promise<TableBetDb | null> {
  const rows = await db.query<TableBetDb>(
    `select ${BET_COLUMNS} from house_table_bets b where b.member_id = $1 and b.request_key = $2`,
    [memberId, key],
  );
  return rows[0] ?? null;
}

/** The round's bets in the order they were placed (the salt's order). */
export function roundBets(db: Queryable, roundId: bigint): Promise<TableBetDb[]> {
  return db.query<TableBetDb>(
    `select ${BET_COLUMNS} from house_table_bets b where b.round_id = $1 order by b.id`,
    [roundId],
  );
}

/**
 * The member's bets of a round. Read in a seamless bet's transaction after its ledger posting, which holds the lock
 * of the member's main account until commit: a member's concurrent bets queue there, so each sees the ones before.
 */
export async function memberRoundSpots(tx: Queryable, roundId: bigint, memberId: number) {
  return tx.query<{ spots: { spot: string; stake: string }[] }>(
    'select spots from house_table_bets where round_id = $1 and member_id = $2 and state <> $3',
    [roundId, memberId, 'voided'],
  );
}

export async function settleBet(tx: Queryable, id: bigint, payout: bigint, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update house_table_bets set state = 'settled', payout = $2, updated_at = $3 where id = $1 and state = 'placed'
     returning id`,
    [id, payout, now],
  );
  return rows.length > 0;
}

export async function voidBet(tx: Queryable, id: bigint, reason: string, now: Date): Promise<boolean> {
  const rows = await tx.query(
    `update house_table_bets set state = 'voided', void_reason = $2, updated_at = $3
     where id = $1 and state = 'placed' returning id`,
    [id, reason, now],
  );
  return rows.length > 0;
}

export interface MemberBetDb extends TableBetDb {
  game_id: number;
  round_no: bigint;
}

export async function memberBets(
  db: Queryable,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ rows: MemberBetDb[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<MemberBetDb>(
      `select ${BET_COLUMNS}, r.game_id, r.round_no from house_table_bets b
       join house_table_rounds r on r.id = b.round_id
       where b.member_id = $1 order by b.id desc limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    db.query<{ n: number }>('select count(*)::int as n from house_table_bets where member_id = $1', [
      memberId,
    ]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/**
 * The round's stakes per member, for the seats (names masked by the caller), and whether the member bet play money
 * (a trial account: its type is `trialType`).
 */
export function roundSeats(db: Queryable, roundId: bigint, trialType: number) {
  return db.query<{ member_id: number; username: string; stake: bigint; play_money: boolean }>(
    `select b.member_id, m.username, sum(b.stake)::bigint as stake, m.type = $2 as play_money
     from house_table_bets b
     join members m on m.id = b.member_id where b.round_id = $1 and b.state <> 'voided'
     group by b.member_id, m.username, m.type order by min(b.id)`,
    [roundId, trialType],
  );
}

// ----------------------------------------------------------------------------------------------------- presence

/** Marks the member at the table; written at most every 10 seconds per member. */
export async function markPresent(tx: Queryable, gameId: number, memberId: number, now: Date) {
  await tx.query(
    `insert into house_table_presence (game_id, member_id, seen_at) values ($1, $2, $3)
     on conflict (game_id, member_id) do update set seen_at = excluded.seen_at
     where house_table_presence.seen_at < excluded.seen_at - interval '10 seconds'`,
    [gameId, memberId, now],
  );
}

/** Members seen at each table since `since`. */
export async function presentCounts(db: Queryable, since: Date): Promise<Map<number, number>> {
  const rows = await db.query<{ game_id: number; n: number }>(
    'select game_id, count(*)::int as n from house_table_presence where seen_at >= $1 group by game_id',
    [since],
  );
  return new Map(rows.map((row) => [row.game_id, row.n]));
}
