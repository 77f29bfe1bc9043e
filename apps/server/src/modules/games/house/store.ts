import { firstOf, type Queryable, type Read, runRead, sqlValue } from '../../../db/database.ts';

// -------------------------------------------------------------------------------------------------------- games

export interface HouseGameDb {
  /** The catalogue row (games.id, the nodeId). */
  id: number;
  /** The code at the vendor, which the seamless wallet's game_code names. */
  code: string;
  /** The game in @tessera/house-games (games.game_id). */
  engine_game: string;
  vassalage: string;
  game_type: string;
  names: Record<string, string>;
  /** The game, its vendor and its provider are enabled. */
  enabled: boolean;
  provider: string;
  rtp: string;
  min_bet: bigint;
  max_bet: bigint;
}

const GAME_COLUMNS = `g.id, g.code, g.game_id as engine_game, v.vassalage, v.game_type, g.names,
  g.enabled and v.enabled and p.enabled as enabled, v.provider, s.rtp, s.min_bet, s.max_bet`;

/** A house game: a game of a vendor that a provider of contract 'house' serves, with its settings. */
export async function findGame(db: Queryable, gameId: number): Promise<HouseGameDb | null> {
  const rows = await db.query<HouseGameDb>(
    `select ${GAME_COLUMNS} from games g join game_vendors v on v.id = g.vendor_id
     join game_providers p on p.code = v.provider and p.contract = 'house'
     join house_game_settings s on s.game_id = g.id
     where g.id = $1 and g.game_id is not null`,
    [gameId],
  );
  return rows[0] ?? null;
}

/** The catalogue id of a house game by its id in @tessera/house-games, or null. */
export async function houseGameIdOf(db: Queryable, engineGame: string): Promise<number | null> {
  const rows = await db.query<{ id: number }>(
    `select g.id from games g join game_vendors v on v.id = g.vendor_id
     join game_providers p on p.code = v.provider and p.contract = 'house'
     where g.game_id = $1 order by g.id limit 1`,
    [engineGame],
  );
  return rows[0]?.id ?? null;
}

/** A catalogue game's id in @tessera/house-games. */
export async function engineGameOf(db: Queryable, gameId: number): Promise<string> {
  const rows = await db.query<{ game_id: string }>('select game_id from games where id = $1', [gameId]);
  return rows[0]?.game_id ?? '';
}

/** The house's games by id, for listing rounds. */
export async function gameNames(
  db: Queryable,
  ids: number[],
): Promise<Map<number, { code: string; names: Record<string, string> }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.query<{ id: number; code: string; names: Record<string, string> }>(
    'select id, code, names from games where id = any($1::int[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, { code: row.code, names: row.names }]));
}

// -------------------------------------------------------------------------------------------------------- seeds

export interface SeedDb {
  id: bigint;
  member_id: number;
  server_seed_sealed: string;
  commitment: string;
  server_seed: string | null;
  client_seed: string;
  next_nonce: bigint;
  revealed_at: Date | null;
}
const SEED_COLUMNS =
  'id, member_id, server_seed_sealed, commitment, server_seed, client_seed, next_nonce, revealed_at';

/** The member's pair in use, locked for the transaction (nonces are taken and pairs rotated under this lock). */
export const lockCurrentSeedRead = (memberId: number): Read<SeedDb | null> => ({
  sql: `select ${SEED_COLUMNS} from house_seeds where member_id = ${sqlValue(memberId)} and revealed_at is null
    for update`,
  of: firstOf<SeedDb>,
});

export const lockCurrentSeed = (tx: Queryable, memberId: number) =>
  runRead(tx, lockCurrentSeedRead(memberId));

export async function currentSeed(db: Queryable, memberId: number): Promise<SeedDb | null> {
  const rows = await db.query<SeedDb>(
    `select ${SEED_COLUMNS} from house_seeds where member_id = $1 and revealed_at is null`,
    [memberId],
  );
  return rows[0] ?? null;
}

export async function findSeed(db: Queryable, id: bigint): Promise<SeedDb | null> {
  const rows = await db.query<SeedDb>(`select ${SEED_COLUMNS} from house_seeds where id = $1`, [id]);
  return rows[0] ?? null;
}

/** A new pair for the member; false when another one in use appeared meanwhile (a concurrent first request). */
export async function insertSeed(
  tx: Queryable,
  row: { memberId: number; serverSeedSealed: string; commitment: string; clientSeed: string },
  now: Date,
): Promise<boolean> {
  const inserted = await tx.query(
    `insert into house_seeds (member_id, server_seed_sealed, commitment, client_seed, created_at)
     values ($1, $2, $3, $4, $5)
     on conflict (member_id) where revealed_at is null do nothing returning id`,
    [row.memberId, row.serverSeedSealed, row.commitment, row.clientSeed, now],
  );
  return inserted.length > 0;
}

/** Takes the pair's next nonce (the pair must be locked). */
export async function takeNonce(tx: Queryable, seedId: bigint): Promise<bigint> {
  const [row] = await tx.query<{ nonce: bigint }>(
    'update house_seeds set next_nonce = next_nonce + 1 where id = $1 returning next_nonce - 1 as nonce',
    [seedId],
  );
  if (!row) throw new Error('the seed pair vanished');
  return BigInt(row.nonce);
}

export async function revealSeed(tx: Queryable, seedId: bigint, serverSeed: string, now: Date) {
  await tx.query('update house_seeds set server_seed = $2, revealed_at = $3 where id = $1', [
    seedId,
    serverSeed,
    now,
  ]);
}

// ------------------------------------------------------------------------------------------------------- rounds

export interface RoundDb {
  id: bigint;
  member_id: number;
  game_id: number;
  engine_game: string;
  ref: string;
  request_key: string;
  request_fingerprint: string;
  currency: string;
  bet: bigint;
  rtp: string;
  config_fingerprint: string;
  seed_id: bigint;
  commitment: string;
  client_seed: string;
  nonce: bigint;
  /** What the player chose besides the stake ({ fish } for a shot); null for a spin. */
  choice: Record<string, string> | null;
  outcome: unknown;
  win: bigint | null;
  state: 'started' | 'settled' | 'voided';
  bet_placed: boolean;
  bet_transaction: string;
  win_transaction: string;
  rollback_transaction: string;
  void_reason: string | null;
  /** The decision the started round waits for ('freeSpins'), since when; null when none. */
  decision: 'freeSpins' | null;
  decision_since: Date | null;
  /** How the round ended when the player did not end it: 'defaultAction' or 'fault'. */
  resolution: 'defaultAction' | 'fault' | null;
  /** The pair's server seed once revealed (joined from house_seeds). */
  server_seed: string | null;
  created_at: Date;
  updated_at: Date;
}
const ROUND_COLUMNS = `r.id, r.member_id, r.game_id, r.engine_game, r.ref, r.request_key, r.request_fingerprint,
  r.currency, r.bet, r.rtp, r.config_fingerprint, r.seed_id, r.commitment, r.client_seed, r.nonce, r.choice, r.outcome,
  r.win,
  r.state, r.bet_placed, r.bet_transaction, r.win_transaction, r.rollback_transaction, r.void_reason,
  r.decision, r.decision_since, r.resolution, s.server_seed, r.created_at, r.updated_at`;
const ROUND_FROM = 'house_rounds r join house_seeds s on s.id = r.seed_id';

export async function findRound(db: Queryable, id: bigint): Promise<RoundDb | null> {
  const rows = await db.query<RoundDb>(`select ${ROUND_COLUMNS} from ${ROUND_FROM} where r.id = $1`, [id]);
  return rows[0] ?? null;
}

export const roundByKeyRead = (memberId: number, key: string): Read<RoundDb | null> => ({
  sql: `select ${ROUND_COLUMNS} from ${ROUND_FROM}
    where r.member_id = ${sqlValue(memberId)} and r.request_key = ${sqlValue(key)}`,
  of: firstOf<RoundDb>,
});

export const findRoundByKey = (db: Queryable, memberId: number, key: string) =>
  runRead(db, roundByKeyRead(memberId, key));

export async function insertRound(
  tx: Queryable,
  row: Pick<
    RoundDb,
    | 'member_id'
    | 'game_id'
    | 'engine_game'
    | 'ref'
    | 'request_key'
    | 'request_fingerprint'
    | 'currency'
    | 'bet'
    | 'rtp'
    | 'config_fingerprint'
    | 'seed_id'
    | 'commitment'
    | 'client_seed'
    | 'nonce'
    | 'choice'
    | 'bet_transaction'
    | 'win_transaction'
    | 'rollback_transaction'
  >,
  now: Date,
): Promise<RoundDb> {
  // Answers the round as findRound reads it (its pair's server seed beside it), saving the read after.
  const [inserted] = await tx.query<RoundDb>(
    `with r as (
       insert into house_rounds (member_id, game_id, engine_game, ref, request_key, request_fingerprint, currency,
         bet, rtp, config_fingerprint, seed_id, commitment, client_seed, nonce, state, bet_transaction,
         win_transaction, rollback_transaction, created_at, updated_at, choice)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'started', $15, $16, $17, $18, $18,
         $19::jsonb)
       returning *)
     select ${ROUND_COLUMNS} from r join house_seeds s on s.id = r.seed_id`,
    [
      row.member_id,
      row.game_id,
      row.engine_game,
      row.ref,
      row.request_key,
      row.request_fingerprint,
      row.currency,
      row.bet,
      row.rtp,
      row.config_fingerprint,
      row.seed_id,
      row.commitment,
      row.client_seed,
      row.nonce,
      row.bet_transaction,
      row.win_transaction,
      row.rollback_transaction,
      now,
      row.choice === null ? null : JSON.stringify(row.choice),
    ],
  );
  if (!inserted) throw new Error('the round was not written');
  return inserted;
}

/**
 * The round's stake left the wallet (in the bet's transaction), and the decision it now waits for, if any. False
 * when the round is no longer started (voided meanwhile): the bet must then not be booked.
 */
export async function markBetPlaced(
  tx: Queryable,
  id: bigint,
  gameRoundId: bigint | null,
  decision: RoundDb['decision'],
  now: Date,
) {
  const rows = await tx.query(
    `update house_rounds set bet_placed = true, game_round_id = $2, updated_at = $3, decision = $4,
       decision_since = $5
     where id = $1 and state = 'started' returning id`,
    [id, gameRoundId, now, decision, decision === null ? null : now],
  );
  return rows.length > 0;
}

/**
 * Settles a started round with its outcome and win (in the win's transaction), saying how it ended when the player
 * did not end it; false when it is not started.
 */
export async function settleRound(
  tx: Queryable,
  id: bigint,
  outcome: string,
  win: bigint,
  resolution: RoundDb['resolution'],
  now: Date,
) {
  const rows = await tx.query(
    `update house_rounds set state = 'settled', outcome = $2::jsonb, win = $3, updated_at = $4, decision = null,
       resolution = $5
     where id = $1 and state = 'started' returning id`,
    [id, outcome, win, now, resolution],
  );
  return rows.length > 0;
}

/** Voids a started round (in the rollback's transaction); false when it is not started. */
export async function voidRound(
  tx: Queryable,
  id: bigint,
  reason: string,
  resolution: RoundDb['resolution'],
  now: Date,
) {
  const rows = await tx.query(
    `update house_rounds set state = 'voided', void_reason = $2, updated_at = $3, decision = null, resolution = $4
     where id = $1 and state = 'started' returning id`,
    [id, reason, now, resolution],
  );
  return rows.length > 0;
}

/** Whether the pair has a round not yet settled or voided. */
export async function hasStartedRound(db: Queryable, seedId: bigint): Promise<boolean> {
  const rows = await db.query("select 1 from house_rounds where seed_id = $1 and state = 'started' limit 1", [
    seedId,
  ]);
  return rows.length > 0;
}

/**
 * Rounds left started since before `before` that wait for no decision of the player, oldest first (the recovery
 * job).
 */
export async function startedRounds(db: Queryable, before: Date, limit: number): Promise<bigint[]> {
  const rows = await db.query<{ id: bigint }>(
    `select id from house_rounds where state = 'started' and decision is null and created_at < $1
     order by created_at, id limit $2`,
    [before, limit],
  );
  return rows.map((row) => BigInt(row.id));
}

/** Rounds waiting for the player's decision since before `before`, oldest first (the default action's job). */
export async function awaitingRounds(db: Queryable, before: Date, limit: number): Promise<bigint[]> {
  const rows = await db.query<{ id: bigint }>(
    `select id from house_rounds where state = 'started' and decision is not null and decision_since < $1
     order by decision_since, id limit $2`,
    [before, limit],
  );
  return rows.map((row) => BigInt(row.id));
}

/** The member's round of the game waiting for their decision, if any. */
export const awaitingRoundRead = (memberId: number, gameId: number): Read<RoundDb | null> => ({
  sql: `select ${ROUND_COLUMNS} from ${ROUND_FROM}
    where r.member_id = ${sqlValue(memberId)} and r.game_id = ${sqlValue(gameId)} and r.state = 'started'
      and r.decision is not null
    order by r.id limit 1`,
  of: firstOf<RoundDb>,
});

export const awaitingRound = (db: Queryable, memberId: number, gameId: number) =>
  runRead(db, awaitingRoundRead(memberId, gameId));

/** When the member's latest round of any of these games started (the slots' pacing), or null. */
export const lastRoundStartRead = (memberId: number, engineGames: readonly string[]): Read<Date | null> => ({
  sql: `select created_at from house_rounds
    where member_id = ${sqlValue(memberId)} and engine_game = any(${sqlValue(engineGames)}::text[])
    order by id desc limit 1`,
  of: (rows) => (rows[0] as { created_at: Date } | undefined)?.created_at ?? null,
});

export const lastRoundStart = (db: Queryable, memberId: number, engineGames: readonly string[]) =>
  runRead(db, lastRoundStartRead(memberId, engineGames));

/** The member's last rounds of a game, latest first. */
export function gameRounds(
  db: Queryable,
  memberId: number,
  gameId: number,
  limit: number,
): Promise<RoundDb[]> {
  return db.query<RoundDb>(
    `select ${ROUND_COLUMNS} from ${ROUND_FROM} where r.member_id = $1 and r.game_id = $2
     order by r.id desc limit $3`,
    [memberId, gameId, limit],
  );
}

export async function memberRounds(
  db: Queryable,
  memberId: number,
  limit: number,
  offset: number,
): Promise<{ rows: RoundDb[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.query<RoundDb>(
      `select ${ROUND_COLUMNS} from ${ROUND_FROM} where r.member_id = $1 order by r.id desc limit $2 offset $3`,
      [memberId, limit, offset],
    ),
    db.query<{ n: number }>('select count(*)::int as n from house_rounds where member_id = $1', [memberId]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

// ----------------------------------------------------------------------------------------------------- launches

export async function insertLaunch(
  tx: Queryable,
  row: {
    idHash: string;
    memberId: number;
    gameId: number;
    tokenSealed: string;
    lobbyUrl: string;
    expiresAt: Date;
  },
  now: Date,
) {
  await tx.query(
    `insert into house_launches (id_hash, member_id, game_id, token_sealed, lobby_url, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.idHash, row.memberId, row.gameId, row.tokenSealed, row.lobbyUrl, now, row.expiresAt],
  );
}

/** Takes a live launch (once: it is deleted). */
export async function takeLaunch(
  tx: Queryable,
  idHash: string,
  now: Date,
): Promise<{ member_id: number; game_id: number; token_sealed: string; lobby_url: string } | null> {
  const rows = await tx.query<{
    member_id: number;
    game_id: number;
    token_sealed: string;
    lobby_url: string;
    expires_at: Date;
  }>(
    `delete from house_launches where id_hash = $1
     returning member_id, game_id, token_sealed, lobby_url, expires_at`,
    [idHash],
  );
  const row = rows[0];
  return row && row.expires_at.getTime() > now.getTime() ? row : null;
}

export async function purgeLaunches(tx: Queryable, before: Date): Promise<number> {
  return (await tx.query('delete from house_launches where expires_at < $1 returning 1', [before])).length;
}

/** The game session's end (game_sessions, opened at launch). */
export async function sessionExpiry(db: Queryable, tokenHash: string): Promise<Date | null> {
  const rows = await db.query<{ expires_at: Date }>(
    'select expires_at from game_sessions where token_hash = $1',
    [tokenHash],
  );
  return rows[0]?.expires_at ?? null;
}

// ----------------------------------------------------------------------------------------------------- settings

export interface SettingsDb {
  id: number;
  engine_game: string;
  names: Record<string, string>;
  vassalage: string;
  rtp: string;
  min_bet: bigint;
  max_bet: bigint;
  updated_at: Date;
}
const SETTINGS_COLUMNS = `g.id, g.game_id as engine_game, g.names, v.vassalage, s.rtp, s.min_bet, s.max_bet,
  s.updated_at`;
const SETTINGS_FROM = `house_game_settings s join games g on g.id = s.game_id
  join game_vendors v on v.id = g.vendor_id`;

export function listSettings(db: Queryable): Promise<SettingsDb[]> {
  return db.query<SettingsDb>(
    `select ${SETTINGS_COLUMNS} from ${SETTINGS_FROM} order by v.sort, g.sort, g.id`,
  );
}

export async function findSettings(
  db: Queryable,
  gameId: number,
  forUpdate = false,
): Promise<SettingsDb | null> {
  const rows = await db.query<SettingsDb>(
    `select ${SETTINGS_COLUMNS} from ${SETTINGS_FROM} where g.id = $1 ${forUpdate ? 'for update of s' : ''}`,
    [gameId],
  );
  return rows[0] ?? null;
}

/** Sets a game's RTP and limits; the catalogue's smallest stake (the lobby's filter) follows. */
export async function updateSettings(
  tx: Queryable,
  gameId: number,
  settings: { rtp: string; minBet: bigint; maxBet: bigint },
  now: Date,
) {
  await tx.query(
    'update house_game_settings set rtp = $2, min_bet = $3, max_bet = $4, updated_at = $5 where game_id = $1',
    [gameId, settings.rtp, settings.minBet, settings.maxBet, now],
  );
  await tx.query('update games set min_bet = $2, updated_at = $3 where id = $1', [
    gameId,
    settings.minBet,
    now,
  ]);
}
