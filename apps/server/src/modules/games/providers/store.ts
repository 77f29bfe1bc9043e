import { firstOf, type Queryable, type Read, runRead, sqlValue } from '../../../db/database.ts';

// ------------------------------------------------------------------------------------------------- providers

export interface ProviderDb {
  code: string;
  name: string;
  /** 'house': the built-in provider (modules/games/house), which has no address or keys. */
  contract: 'hub88' | 'transfer' | 'house';
  base_url: string;
  operator_id: string;
  sub_partner_id: string;
  private_key_sealed: string;
  public_key: string;
  provider_public_key: string | null;
  sandbox: boolean;
  enabled: boolean;
}
const PROVIDER_COLUMNS =
  'code, name, contract, base_url, operator_id, sub_partner_id, private_key_sealed, public_key, provider_public_key, sandbox, enabled';

export async function findProvider(db: Queryable, code: string): Promise<ProviderDb | null> {
  const rows = await db.query<ProviderDb>(`select ${PROVIDER_COLUMNS} from game_providers where code = $1`, [
    code,
  ]);
  return rows[0] ?? null;
}

export function enabledProviders(db: Queryable) {
  return db.query<ProviderDb>(`select ${PROVIDER_COLUMNS} from game_providers where enabled order by code`);
}

export async function insertProvider(
  db: Queryable,
  row: Omit<ProviderDb, 'enabled'>,
  now: Date,
): Promise<boolean> {
  const inserted = await db.query(
    `insert into game_providers (code, name, contract, base_url, operator_id, sub_partner_id, private_key_sealed,
       public_key, provider_public_key, sandbox, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) on conflict (code) do nothing returning code`,
    [
      row.code,
      row.name,
      row.contract,
      row.base_url,
      row.operator_id,
      row.sub_partner_id,
      row.private_key_sealed,
      row.public_key,
      row.provider_public_key,
      row.sandbox,
      now,
    ],
  );
  return inserted.length > 0;
}

export async function setProviderPublicKey(db: Queryable, code: string, pem: string, now: Date) {
  await db.query('update game_providers set provider_public_key = $2, updated_at = $3 where code = $1', [
    code,
    pem,
    now,
  ]);
}

export async function markSynced(db: Queryable, code: string, now: Date) {
  await db.query('update game_providers set synced_at = $2 where code = $1', [code, now]);
}

// ---------------------------------------------------------------------------------------------------- games

export interface LaunchTargetDb {
  game_id: number;
  code: string;
  provider_game_id: string | null;
  room_id: string | null;
  demo: boolean;
  enabled: boolean;
  vassalage: string;
  provider: string | null;
}

/** The game, its vendor and the vendor's provider, as a launch needs them. */
export async function launchTarget(db: Queryable, gameId: number): Promise<LaunchTargetDb | null> {
  const rows = await db.query<LaunchTargetDb>(
    `select g.id as game_id, g.code, g.game_id as provider_game_id, g.room_id, g.demo, g.enabled and v.enabled as enabled,
       v.vassalage, v.provider
     from games g join game_vendors v on v.id = g.vendor_id where g.id = $1`,
    [gameId],
  );
  return rows[0] ?? null;
}

// ------------------------------------------------------------------------------------------------- sessions

export interface SessionDb {
  member_id: number;
  game_id: number;
  currency: string;
  expires_at: Date;
}

export async function insertSession(
  db: Queryable,
  row: {
    tokenHash: string;
    provider: string;
    memberId: number;
    gameId: number;
    currency: string;
    expiresAt: Date;
  },
  now: Date,
) {
  await db.query(
    `insert into game_sessions (token_hash, provider, member_id, game_id, currency, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [row.tokenHash, row.provider, row.memberId, row.gameId, row.currency, now, row.expiresAt],
  );
}

/*
 * Reads with their values written out, sent on their own or in a transaction's opening round trip beside the claim
 * of a provider's transaction id (the seamless wallet's bet and win).
 */

export const sessionRead = (provider: string, tokenHash: string): Read<SessionDb | null> => ({
  sql: `select member_id, game_id, currency, expires_at from game_sessions
    where token_hash = ${sqlValue(tokenHash)} and provider = ${sqlValue(provider)}`,
  of: firstOf<SessionDb>,
});

export const findSession = (db: Queryable, provider: string, tokenHash: string) =>
  runRead(db, sessionRead(provider, tokenHash));

/** The member's status and account type (isAgent), or null for no such member. */
export const memberKindRead = (memberId: number): Read<{ status: string; type: number } | null> => ({
  sql: `select status, type from members where id = ${sqlValue(memberId)}`,
  of: firstOf<{ status: string; type: number }>,
});

export const memberKind = (db: Queryable, memberId: number) => runRead(db, memberKindRead(memberId));

/** A provider's game by its code there (Hub88's game_code): its id. */
export const gameIdRead = (provider: string, code: string): Read<number | null> => ({
  sql: `select g.id from games g join game_vendors v on v.id = g.vendor_id
    where v.provider = ${sqlValue(provider)} and g.code = ${sqlValue(code)} order by g.id limit 1`,
  of: (rows) => (rows[0]?.id as number | undefined) ?? null,
});

/** `findTransaction`'s read. */
export const transactionRead = (
  provider: string,
  uuid: string,
  forUpdate = false,
): Read<TransactionDb | null> => ({
  sql: `select ${TRANSACTION_COLUMNS} from provider_transactions
    where provider = ${sqlValue(provider)} and transaction_uuid = ${sqlValue(uuid)}${forUpdate ? ' for update' : ''}`,
  of: firstOf<TransactionDb>,
});

export const findTransaction = (tx: Queryable, provider: string, uuid: string, forUpdate = false) =>
  runRead(tx, transactionRead(provider, uuid, forUpdate));

/** The round of a provider's transaction. */
export const roundOfTransactionRead = (provider: string, uuid: string): Read<RoundDb | null> => ({
  sql: `select ${ROUND_COLUMNS} from game_rounds where id = (select round_id from provider_transactions
    where provider = ${sqlValue(provider)} and transaction_uuid = ${sqlValue(uuid)})`,
  of: firstOf<RoundDb>,
});

/** Sessions that ended long enough ago go (housekeeping). */
export async function purgeSessions(db: Queryable, before: Date): Promise<number> {
  return (await db.query('delete from game_sessions where expires_at < $1 returning 1', [before])).length;
}

// ------------------------------------------------------------------------------------- provider transactions

export interface TransactionDb {
  id: bigint;
  kind: 'bet' | 'win' | 'rollback' | 'absent';
  member_id: number;
  round_id: bigint | null;
  amount: bigint;
  reference_uuid: string | null;
  fingerprint: string;
  rolled_back_by: string | null;
  answer: unknown;
}
const TRANSACTION_COLUMNS =
  'id, kind, member_id, round_id, amount, reference_uuid, fingerprint, rolled_back_by, answer';

/**
 * Claims a transaction id: true when this request is the first with it. A concurrent request with the same id
 * waits here until the first commits (or rolls back, and then this one claims it).
 */
interface TransactionClaim {
  provider: string;
  uuid: string;
  kind: TransactionDb['kind'];
  memberId: number;
  amount: bigint;
  referenceUuid: string | null;
  fingerprint: string;
}

/**
 * The claim of a provider's transaction id as one statement with its values written out (`sqlValue`), to send in
 * its transaction's opening round trip: it answers a row when the id was not claimed before.
 */
export function claimStatement(row: TransactionClaim, now: Date): string {
  const values = [
    row.provider,
    row.uuid,
    row.kind,
    row.memberId,
    row.amount,
    row.referenceUuid,
    row.fingerprint,
    now,
  ];
  return `insert into provider_transactions (provider, transaction_uuid, kind, member_id, amount, reference_uuid,
       fingerprint, created_at)
     values (${values.map(sqlValue).join(', ')}) on conflict (provider, transaction_uuid) do nothing returning id`;
}

export async function claimTransaction(tx: Queryable, row: TransactionClaim, now: Date): Promise<boolean> {
  const claimed = await tx.query(claimStatement(row, now));
  return claimed.length > 0;
}

/** The first answer of a claimed transaction id, as a statement to send with COMMIT (`Transaction.withCommit`). */
export function completionStatement(
  provider: string,
  uuid: string,
  done: { roundId: bigint | null; amount: bigint; answer: string },
): string {
  return `update provider_transactions set round_id = ${sqlValue(done.roundId)}, amount = ${sqlValue(done.amount)},
       answer = ${sqlValue(done.answer)}::jsonb
     where provider = ${sqlValue(provider)} and transaction_uuid = ${sqlValue(uuid)}`;
}

export async function markRolledBack(tx: Queryable, provider: string, uuid: string, by: string) {
  await tx.query(
    'update provider_transactions set rolled_back_by = $3 where provider = $1 and transaction_uuid = $2',
    [provider, uuid, by],
  );
}

// --------------------------------------------------------------------------------------------------- rounds

export interface RoundDb {
  id: bigint;
  member_id: number;
  game_id: number;
  round_ref: string;
  bet: bigint;
  win: bigint;
  status: 'open' | 'settled' | 'void';
  /** The operator who settled the round from the console, if one did. */
  settled_by: number | null;
}

const ROUND_COLUMNS = 'id, member_id, game_id, round_ref, bet, win, status, settled_by';

export async function findRound(tx: Queryable, id: bigint): Promise<RoundDb | null> {
  const rows = await tx.query<RoundDb>(`select ${ROUND_COLUMNS} from game_rounds where id = $1`, [id]);
  return rows[0] ?? null;
}

/** A provider's round as the console lists it (never the house's own, which the house settles). */
export interface OpenRoundDb extends RoundDb {
  provider: string;
  vassalage: string;
  game_code: string;
  game_names: Record<string, string>;
  username: string;
  currency: string;
  started_at: Date;
  updated_at: Date;
}
const OPEN_ROUND = `select r.id, r.member_id, r.game_id, r.round_ref, r.bet, r.win, r.status, r.settled_by, r.currency,
    r.started_at, r.updated_at, v.provider, v.vassalage, g.code as game_code, g.names as game_names, m.username
  from game_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id
  join members m on m.id = r.member_id
  where v.provider is not null and v.provider <> 'HOUSE'`;

/** Provider rounds still open that started before `before`, oldest first, with their count. */
export async function listOpenRounds(
  db: Queryable,
  before: Date,
  paging: { limit: number; offset: number },
): Promise<{ rows: OpenRoundDb[]; total: number }> {
  const [count] = await db.query<{ total: bigint }>(
    `select count(*) as total from (${OPEN_ROUND} and r.status = 'open' and r.started_at < $1) open_rounds`,
    [before],
  );
  const rows = await db.query<OpenRoundDb>(
    `${OPEN_ROUND} and r.status = 'open' and r.started_at < $1 order by r.started_at, r.id limit $2 offset $3`,
    [before, paging.limit, paging.offset],
  );
  return { rows, total: Number(count?.total ?? 0) };
}

/** A provider round. */
export async function findProviderRound(tx: Queryable, id: bigint): Promise<OpenRoundDb | null> {
  const rows = await tx.query<OpenRoundDb>(`${OPEN_ROUND} and r.id = $1`, [id]);
  return rows[0] ?? null;
}

/** The bets of a round that no rollback reversed, oldest first. */
export async function liveBetsOfRound(
  tx: Queryable,
  roundId: bigint,
): Promise<{ transaction_uuid: string; amount: bigint }[]> {
  return tx.query(
    `select transaction_uuid, amount from provider_transactions
     where round_id = $1 and kind = 'bet' and rolled_back_by is null order by id`,
    [roundId],
  );
}

// ---------------------------------------------------------------------------------------------- catalogue

export interface CatalogueVendor {
  vassalage: string;
  gameType: string;
  displayName: string;
  /** Minor units; null when the vendor has no jackpot. */
  jackpot: bigint | null;
}

/**
 * Adds a vendor the provider offers, or links an existing one to the provider (when no provider serves it yet)
 * and updates its jackpot; the operator's choices (enabled, hot, sort, display name, icon) are never overwritten.
 * Answers the vendor's id and whether it is new.
 */
export async function upsertVendor(
  tx: Queryable,
  provider: string,
  vendor: CatalogueVendor,
  sort: number,
  now: Date,
): Promise<{ id: number; inserted: boolean }> {
  const [row] = await tx.query<{ id: number; inserted: boolean }>(
    `insert into game_vendors (game_type, vassalage, display_name, sort, provider, jackpot, jackpot_updated_at)
     values ($1, $2, $3, $4, $5, $6, case when $6::bigint is null then null else $7::timestamptz end)
     on conflict (game_type, vassalage) do update
       set provider = coalesce(game_vendors.provider, excluded.provider),
           jackpot = excluded.jackpot, jackpot_updated_at = excluded.jackpot_updated_at
     returning id, (xmax = 0) as inserted`,
    [vendor.gameType, vendor.vassalage, vendor.displayName, sort, provider, vendor.jackpot, now],
  );
  if (!row) throw new Error('the vendor was not written');
  return row;
}

export async function setVendorIcon(tx: Queryable, vendorId: number, imageId: string) {
  await tx.query('update game_vendors set icon_image_id = $2 where id = $1 and icon_image_id is null', [
    vendorId,
    imageId,
  ]);
}

export interface CatalogueGame {
  code: string;
  gameId: string | null;
  roomId: string | null;
  names: Record<string, string>;
  classify: string;
  minBet: bigint;
  lines: number;
  platforms: string[];
  demo: boolean;
}

/** Adds or updates a game by (vendor, code); enabled, hot rank and sort stay as the operator set them. */
export async function upsertGame(
  tx: Queryable,
  vendorId: number,
  game: CatalogueGame,
  sort: number,
  now: Date,
) {
  const [row] = await tx.query<{ id: number }>(
    `insert into games (vendor_id, code, game_id, room_id, names, classify, min_bet, line_num, platforms, sort, demo,
       created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
     on conflict (vendor_id, code) do update
       set game_id = excluded.game_id, room_id = excluded.room_id, names = excluded.names,
           classify = excluded.classify, min_bet = excluded.min_bet,
           line_num = excluded.line_num, platforms = excluded.platforms, demo = excluded.demo,
           updated_at = excluded.updated_at
     returning id`,
    [
      vendorId,
      game.code,
      game.gameId,
      game.roomId,
      JSON.stringify(game.names),
      game.classify,
      game.minBet,
      game.lines,
      game.platforms,
      sort,
      game.demo,
      now,
    ],
  );
  if (!row) throw new Error('the game was not written');
  return row.id;
}

export async function setGameIcon(tx: Queryable, gameId: number, imageId: string) {
  await tx.query('update games set icon_image_id = $2 where id = $1', [gameId, imageId]);
}

/** The hash of each game's current tile, by (vendor, code), to store only tiles that changed. */
export async function gameIconHashes(db: Queryable, provider: string): Promise<Map<string, string>> {
  const rows = await db.query<{ vassalage: string; code: string; sha256: string }>(
    `select v.vassalage, g.code, i.sha256 from games g join game_vendors v on v.id = g.vendor_id
     join images i on i.id = g.icon_image_id where v.provider = $1`,
    [provider],
  );
  return new Map(rows.map((row) => [`${row.vassalage}/${row.code}`, row.sha256]));
}

// ------------------------------------------------------------------------------------------------- matches

export interface MatchRow {
  matchRef: string;
  league: string;
  homeTeam: string;
  awayTeam: string;
  kickOff: Date;
  odds: { home: number; draw: number | null; away: number };
}

/** Replaces a vendor's matches with those of the feed. */
export async function replaceMatches(tx: Queryable, vendorId: number, matches: MatchRow[], now: Date) {
  await tx.query('delete from sports_matches where vendor_id = $1 and not (match_ref = any($2::text[]))', [
    vendorId,
    matches.map((match) => match.matchRef),
  ]);
  for (const match of matches) {
    await tx.query(
      `insert into sports_matches (vendor_id, match_ref, league, home_team, away_team, kick_off, odds, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (vendor_id, match_ref) do update
         set league = excluded.league, home_team = excluded.home_team, away_team = excluded.away_team,
             kick_off = excluded.kick_off, odds = excluded.odds, updated_at = excluded.updated_at`,
      [
        vendorId,
        match.matchRef,
        match.league,
        match.homeTeam,
        match.awayTeam,
        match.kickOff,
        JSON.stringify(match.odds),
        now,
      ],
    );
  }
}

export interface MatchDb {
  match_ref: string;
  vassalage: string;
  league: string;
  home_team: string;
  away_team: string;
  kick_off: Date;
  odds: { home: number; draw: number | null; away: number };
}

/** Matches of enabled vendors not yet started (or started less than `since` ago), soonest first. */
export function upcomingMatches(
  db: Queryable,
  filter: { vassalage: string | null; since: Date; limit: number },
) {
  return db.query<MatchDb>(
    `select m.match_ref, v.vassalage, m.league, m.home_team, m.away_team, m.kick_off, m.odds
     from sports_matches m join game_vendors v on v.id = m.vendor_id
     where v.enabled and m.kick_off >= $2 and ($1::text is null or v.vassalage = $1)
     order by m.kick_off, m.id limit $3`,
    [filter.vassalage, filter.since, filter.limit],
  );
}

// ------------------------------------------------------------------------------------------------ transfers

export interface TransferDb {
  id: bigint;
  reference: string;
  provider: string;
  vendor: string;
  member_id: number;
  direction: 'deposit' | 'withdraw';
  amount: bigint;
  status: 'pending' | 'done' | 'refunded' | 'failed';
  provider_balance: bigint | null;
  last_error: string;
}
const TRANSFER_COLUMNS =
  'id, reference, provider, vendor, member_id, direction, amount, status, provider_balance, last_error';

/** A vendor in transfer mode, with its provider. */
export async function transferVendor(db: Queryable, vassalage: string): Promise<{ provider: string } | null> {
  const rows = await db.query<{ provider: string }>(
    `select v.provider from game_vendors v join game_providers p on p.code = v.provider
     where v.vassalage = $1 and v.transfer_wallet and p.contract = 'transfer' and p.enabled and v.enabled
     order by v.id limit 1`,
    [vassalage],
  );
  return rows[0] ?? null;
}

/**
 * Serialises the transfers of one member with one vendor until the caller's transaction ends (starting one,
 * settling one, queueing the next).
 */
export async function lockMemberVendorTransfers(tx: Queryable, memberId: number, vendor: string) {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [memberId, `provider-transfer:${vendor}`]);
}

/** Whether the member has a pending transfer with the vendor that is queued or waiting (not stalled). */
export async function hasQueuedTransfer(db: Queryable, memberId: number, vendor: string): Promise<boolean> {
  const rows = await db.query(
    `select 1 from provider_transfers
     where member_id = $1 and vendor = $2 and status = 'pending' and stalled_at is null limit 1`,
    [memberId, vendor],
  );
  return rows.length > 0;
}

/** The transfer's job died without an answer: it stays pending, and no longer holds up the next ones. */
export async function markTransferStalled(tx: Queryable, reference: string, now: Date) {
  await tx.query('update provider_transfers set stalled_at = $2, updated_at = $2 where reference = $1', [
    reference,
    now,
  ]);
}

/**
 * Whether a balance the provider answered for this transfer may leave out another transfer of the member with the
 * vendor: one is still pending, or a later one has already ended (it overtook this one, e.g. a dead job retried).
 */
export async function transferBalanceMayBeStale(db: Queryable, transfer: TransferDb): Promise<boolean> {
  const rows = await db.query(
    `select 1 from provider_transfers
     where member_id = $1 and vendor = $2 and id <> $3 and (status = 'pending' or id > $3) limit 1`,
    [transfer.member_id, transfer.vendor, transfer.id],
  );
  return rows.length > 0;
}

export async function insertTransfer(
  tx: Queryable,
  row: Pick<TransferDb, 'reference' | 'provider' | 'vendor' | 'member_id' | 'direction' | 'amount'>,
  queued: boolean,
  now: Date,
) {
  await tx.query(
    `insert into provider_transfers (reference, provider, vendor, member_id, direction, amount, status, created_at,
       updated_at, queued_at)
     values ($1, $2, $3, $4, $5, $6, 'pending', $7, $7, case when $8::boolean then $7::timestamptz end)`,
    [row.reference, row.provider, row.vendor, row.member_id, row.direction, row.amount, now, queued],
  );
}

/** Marks the oldest transfer of the member with the vendor still waiting for its turn as queued; its reference. */
export async function takeNextWaitingTransfer(
  tx: Queryable,
  memberId: number,
  vendor: string,
  now: Date,
): Promise<string | null> {
  const rows = await tx.query<{ reference: string }>(
    `update provider_transfers set queued_at = $3
     where id = (select id from provider_transfers
                 where member_id = $1 and vendor = $2 and status = 'pending' and queued_at is null
                 order by id limit 1)
     returning reference`,
    [memberId, vendor, now],
  );
  return rows[0]?.reference ?? null;
}

export async function findTransfer(
  db: Queryable,
  reference: string,
  forUpdate = false,
): Promise<TransferDb | null> {
  const rows = await db.query<TransferDb>(
    `select ${TRANSFER_COLUMNS} from provider_transfers where reference = $1 ${forUpdate ? 'for update' : ''}`,
    [reference],
  );
  return rows[0] ?? null;
}

export async function finishTransfer(
  tx: Queryable,
  reference: string,
  end: { status: TransferDb['status']; providerBalance: bigint | null; error: string },
  now: Date,
) {
  await tx.query(
    `update provider_transfers set status = $2, provider_balance = $3, last_error = $4, updated_at = $5
     where reference = $1`,
    [reference, end.status, end.providerBalance, end.error, now],
  );
}

export async function noteTransferError(db: Queryable, reference: string, error: string, now: Date) {
  await db.query('update provider_transfers set last_error = $2, updated_at = $3 where reference = $1', [
    reference,
    error.slice(0, 500),
    now,
  ]);
}
