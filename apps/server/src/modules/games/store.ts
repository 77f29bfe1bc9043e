import type { Queryable } from '../../db/database.ts';

export interface GameTypeDb {
  code: string;
  names: Record<string, string>;
}

export interface GameVendorDb {
  id: number;
  game_type: string;
  vassalage: string;
  display_name: string;
  /** Its name per language, where it has one (else display_name). */
  names: Record<string, string>;
  is_hot: boolean;
  icon_image_id: string | null;
  account_type_id: number;
}

export function listEnabledGameTypes(db: Queryable) {
  return db.query<GameTypeDb>('select code, names from game_types where enabled order by sort, code');
}

export function listEnabledVendors(db: Queryable) {
  return db.query<GameVendorDb>(
    `select v.id, v.game_type, v.vassalage, v.display_name, v.names, v.is_hot, v.icon_image_id, v.account_type_id
     from game_vendors v join game_types t on t.code = v.game_type
     where v.enabled and t.enabled order by v.sort, v.id`,
  );
}

/**
 * Enabled vendors with a wallet of their own, once each (a vendor may serve several game types), and whether any
 * enabled game of theirs can be played (of an enabled vendor row and game type).
 */
export function listTransferWalletVendors(db: Queryable) {
  return db.query<{ vassalage: string; display_name: string; has_games: boolean }>(
    `select distinct on (v.vassalage) v.vassalage, v.display_name,
       exists (select 1 from games g join game_vendors gv on gv.id = g.vendor_id
               join game_types gt on gt.code = gv.game_type
               where gv.vassalage = v.vassalage and gv.enabled and gt.enabled and g.enabled) as has_games
     from game_vendors v
     join game_types t on t.code = v.game_type
     where v.enabled and t.enabled and v.transfer_wallet order by v.vassalage, v.sort`,
  );
}

/** A game of the catalogue with its vendor, as the lobbies show it. */
export interface GameDb {
  id: number;
  code: string;
  game_id: string | null;
  room_id: string | null;
  names: Record<string, string>;
  classify: string;
  min_bet: string;
  line_num: number;
  platforms: string[];
  hot_rank: number | null;
  demo: boolean;
  /** A house game: a trial account plays it with play money. */
  play_money: boolean;
  icon_image_id: string | null;
  vassalage: string;
  vendor_name: string;
  vendor_names: Record<string, string>;
  game_type: string;
}

const GAME_COLUMNS = `g.id, g.code, g.game_id, g.room_id, g.names, g.classify, g.min_bet::text as min_bet, g.line_num,
  g.platforms, g.hot_rank, g.demo, g.icon_image_id, v.vassalage, v.display_name as vendor_name,
  v.names as vendor_names, v.game_type,
  exists (select 1 from game_providers p where p.code = v.provider and p.contract = 'house') as play_money`;
/** Games a player may see: the game, its vendor and its game type enabled. */
const PLAYABLE = `games g join game_vendors v on v.id = g.vendor_id join game_types t on t.code = v.game_type`;
const PLAYABLE_WHERE = 'g.enabled and v.enabled and t.enabled';

export interface GameFilter {
  gameType: string | null;
  vendor: string | null;
  classify: string | null;
  /** Lower-cased text the names or the code contain. */
  search: string | null;
  /** Games whose smallest stake is at most this (minor units). */
  maxMinBet: bigint | null;
  minLines: number | null;
  /** Games that run on one of these platforms. */
  platforms: string[] | null;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filterClause(filter: GameFilter, firstParam: number): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (param: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${firstParam + params.length - 1}`));
  };
  if (filter.gameType) add((p) => `v.game_type = ${p}`, filter.gameType);
  if (filter.vendor) add((p) => `v.vassalage = ${p}`, filter.vendor);
  if (filter.classify) add((p) => `g.classify = ${p}`, filter.classify);
  if (filter.search) add((p) => `g.search_text like ${p}`, likePattern(filter.search));
  if (filter.maxMinBet !== null) add((p) => `g.min_bet <= ${p}::bigint`, filter.maxMinBet.toString());
  if (filter.minLines !== null) add((p) => `g.line_num >= ${p}::int`, filter.minLines);
  if (filter.platforms) add((p) => `g.platforms && ${p}::text[]`, filter.platforms);
  return { sql: conditions.map((condition) => ` and ${condition}`).join(''), params };
}

/** The lobby's order (the operator's sort, then the hottest), or the games added last first. */
const GAME_ORDER = {
  lobby: 'g.sort, g.hot_rank nulls last, g.id',
  new: 'g.created_at desc, g.id desc',
} as const;

/** One page of the games that pass the filter, in that order, and how many pass in all. */
export async function listGames(
  db: Queryable,
  filter: GameFilter,
  limit: number,
  offset: number,
  order: keyof typeof GAME_ORDER = 'lobby',
) {
  const page = filterClause(filter, 3);
  const all = filterClause(filter, 1);
  // Two queries: a window count would carry every matching row, names and all, to the sort.
  const [rows, [count]] = await Promise.all([
    db.query<GameDb>(
      `select ${GAME_COLUMNS} from ${PLAYABLE}
       where ${PLAYABLE_WHERE}${page.sql}
       order by ${GAME_ORDER[order]} limit $1 offset $2`,
      [limit, offset, ...page.params],
    ),
    db.query<{ total: string }>(
      `select count(*) as total from ${PLAYABLE} where ${PLAYABLE_WHERE}${all.sql}`,
      all.params,
    ),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

/** Hot games, the hottest first. */
export function listHotGames(db: Queryable, filter: Pick<GameFilter, 'vendor' | 'platforms'>, limit: number) {
  const where = filterClause(
    { ...filter, gameType: null, classify: null, search: null, maxMinBet: null, minLines: null },
    2,
  );
  return db.query<GameDb>(
    `select ${GAME_COLUMNS} from ${PLAYABLE}
     where ${PLAYABLE_WHERE} and g.hot_rank is not null${where.sql}
     order by g.hot_rank, g.id limit $1`,
    [limit, ...where.params],
  );
}

export function findPlayableGame(db: Queryable, id: number) {
  return db
    .query<GameDb>(`select ${GAME_COLUMNS} from ${PLAYABLE} where g.id = $1 and ${PLAYABLE_WHERE}`, [id])
    .then((rows) => rows[0] ?? null);
}

/** A playable game by what the original's launch request names: its game or room id at a vendor. */
export function findPlayableGameByLaunchId(
  db: Queryable,
  vendor: string | null,
  launchId: { gameId: string } | { roomId: string },
) {
  const [column, value] =
    'gameId' in launchId ? ['g.game_id', launchId.gameId] : ['g.room_id', launchId.roomId];
  return db
    .query<GameDb>(
      `select ${GAME_COLUMNS} from ${PLAYABLE}
       where ${column} = $1 and ($2::text is null or v.vassalage = $2) and ${PLAYABLE_WHERE}
       order by g.id limit 1`,
      [value, vendor],
    )
    .then((rows) => rows[0] ?? null);
}

/** The first playable game of a vendor (its own lobby), e.g. FB's sports book. */
export function findVendorGame(db: Queryable, vendor: string) {
  return db
    .query<GameDb>(
      `select ${GAME_COLUMNS} from ${PLAYABLE}
       where v.vassalage = $1 and ${PLAYABLE_WHERE} and (g.game_id is not null or g.room_id is not null)
       order by g.sort, g.id limit 1`,
      [vendor],
    )
    .then((rows) => rows[0] ?? null);
}

/** Enabled vendors with the number of their playable games and the classes those games have. */
export function listVendorsWithGames(db: Queryable) {
  return db.query<GameVendorDb & { game_count: string; classes: string[] }>(
    `select v.id, v.game_type, v.vassalage, v.display_name, v.names, v.is_hot, v.icon_image_id, v.account_type_id,
       count(g.id) as game_count,
       coalesce(array_agg(distinct g.classify) filter (where g.id is not null), '{}') as classes
     from game_vendors v join game_types t on t.code = v.game_type
     left join games g on g.vendor_id = v.id and g.enabled
     where v.enabled and t.enabled
     group by v.id, t.sort order by t.sort, v.sort, v.id`,
  );
}

export function favouriteIds(db: Queryable, memberId: number) {
  return db
    .query<{ game_id: number }>(
      'select game_id from game_favourites where member_id = $1 order by created_at desc, game_id',
      [memberId],
    )
    .then((rows) => rows.map((row) => row.game_id));
}

export async function addFavourite(db: Queryable, memberId: number, gameId: number, now: Date) {
  await db.query(
    'insert into game_favourites (member_id, game_id, created_at) values ($1, $2, $3) on conflict do nothing',
    [memberId, gameId, now],
  );
}

export async function removeFavourite(db: Queryable, memberId: number, gameId: number) {
  await db.query('delete from game_favourites where member_id = $1 and game_id = $2', [memberId, gameId]);
}

/** A page of a member's favourite (or recent) games that are still playable, and how many there are. */
export async function listMemberGames(
  db: Queryable,
  kind: 'favourites' | 'recent',
  memberId: number,
  filter: Pick<GameFilter, 'gameType' | 'vendor' | 'platforms'>,
  limit: number,
  offset: number,
) {
  const [table, order] =
    kind === 'favourites' ? ['game_favourites', 'm.created_at desc'] : ['game_recent', 'm.played_at desc'];
  const where = filterClause({ ...filter, classify: null, search: null, maxMinBet: null, minLines: null }, 4);
  const rows = await db.query<GameDb & { total: string }>(
    `select ${GAME_COLUMNS}, count(*) over () as total
     from ${table} m join ${PLAYABLE} on g.id = m.game_id
     where m.member_id = $1 and ${PLAYABLE_WHERE}${where.sql}
     order by ${order}, g.id limit $2 offset $3`,
    [memberId, limit, offset, ...where.params],
  );
  return { rows, total: Number(rows[0]?.total ?? 0) };
}

export async function markPlayed(db: Queryable, memberId: number, gameId: number, now: Date) {
  await db.query(
    `insert into game_recent (member_id, game_id, played_at) values ($1, $2, $3)
     on conflict (member_id, game_id) do update set played_at = excluded.played_at`,
    [memberId, gameId, now],
  );
}

export interface WinDb {
  username: string;
  /** The net win: the payout less the stake. */
  win: string;
  updated_at: Date;
  game_id: number;
  names: Record<string, string>;
  icon_image_id: string | null;
  vassalage: string;
  game_type: string;
}

/**
 * Settled rounds that won, with their net win (what they paid above the stake: a round that only returned its stake,
 * or part of it, did not win), the latest first (since: only those after it, the biggest net win first). Rounds of
 * play money (trial accounts) are no one's win.
 */
export function listWins(db: Queryable, gameType: string | null, limit: number, since: Date | null) {
  return db.query<WinDb>(
    `select m.username, (r.win - r.bet)::text as win, r.updated_at, g.id as game_id, g.names, g.icon_image_id,
       v.vassalage, v.game_type
     from game_rounds r join members m on m.id = r.member_id join ${PLAYABLE} on g.id = r.game_id
     where r.win > r.bet and r.status = 'settled' and not r.play_money and ${PLAYABLE_WHERE}
       and ($1::text is null or v.game_type = $1) and ($3::timestamptz is null or r.updated_at >= $3)
     order by ${since ? 'r.win - r.bet desc, ' : ''}r.updated_at desc, r.id desc limit $2`,
    [gameType, limit, since],
  );
}

export function listJackpots(db: Queryable) {
  return db.query<{
    vassalage: string;
    display_name: string;
    game_type: string;
    jackpot: string;
    jackpot_updated_at: Date;
  }>(
    `select v.vassalage, v.display_name, v.game_type, v.jackpot::text as jackpot, v.jackpot_updated_at
     from game_vendors v join game_types t on t.code = v.game_type
     where v.enabled and t.enabled and v.jackpot is not null
     order by v.jackpot desc, v.id`,
  );
}

export function listRooms(db: Queryable, vendor: string | null) {
  return db.query<GameDb>(
    `select ${GAME_COLUMNS} from ${PLAYABLE}
     where ${PLAYABLE_WHERE} and v.game_type = 'PVP' and g.room_id is not null
       and ($1::text is null or v.vassalage = $1)
     order by g.sort, g.id`,
    [vendor],
  );
}

export interface RoundFilter {
  memberId: number;
  gameType: string | null;
  vendor: string | null;
  from: Date | null;
  until: Date | null;
}

export interface RoundDb {
  id: string;
  round_ref: string;
  game_id: number;
  names: Record<string, string>;
  game_type: string;
  vassalage: string;
  vendor_name: string;
  vendor_names: Record<string, string>;
  bet: string;
  win: string;
  status: 'open' | 'settled' | 'void';
  started_at: Date;
  updated_at: Date;
}

const ROUND_FILTER = `r.member_id = $1 and ($2::text is null or v.game_type = $2) and ($3::text is null or v.vassalage = $3)
  and ($4::timestamptz is null or r.started_at >= $4) and ($5::timestamptz is null or r.started_at < $5)`;
const ROUND_TABLES =
  'game_rounds r join games g on g.id = r.game_id join game_vendors v on v.id = g.vendor_id';

/** A page of a member's rounds, the latest first. */
export function listRounds(db: Queryable, filter: RoundFilter, limit: number, offset: number) {
  return db.query<RoundDb>(
    `select r.id::text as id, r.round_ref, r.game_id, g.names, v.game_type, v.vassalage, v.display_name as vendor_name,
       v.names as vendor_names,
       r.bet::text as bet, r.win::text as win, r.status, r.started_at, r.updated_at
     from ${ROUND_TABLES} where ${ROUND_FILTER}
     order by r.started_at desc, r.id desc limit $6 offset $7`,
    [filter.memberId, filter.gameType, filter.vendor, filter.from, filter.until, limit, offset],
  );
}

/** How many rounds the filter matches, and what they staked and won (void rounds count, at their nets). */
export async function roundTotals(db: Queryable, filter: RoundFilter) {
  const [row] = await db.query<{ count: string; bet: string; win: string }>(
    `select count(*) as count, coalesce(sum(r.bet), 0)::text as bet, coalesce(sum(r.win), 0)::text as win
     from ${ROUND_TABLES} where ${ROUND_FILTER}`,
    [filter.memberId, filter.gameType, filter.vendor, filter.from, filter.until],
  );
  return { count: Number(row?.count ?? 0), bet: BigInt(row?.bet ?? 0), win: BigInt(row?.win ?? 0) };
}

/** The console's view of a vendor: every vendor, enabled or not, with its game counts. */
export interface ConsoleVendorDb {
  id: number;
  game_type: string;
  vassalage: string;
  display_name: string;
  names: Record<string, string>;
  transfer_wallet: boolean;
  is_hot: boolean;
  sort: number;
  enabled: boolean;
  icon_image_id: string | null;
  games: string;
  enabled_games: string;
}

const CONSOLE_VENDOR = `select v.id, v.game_type, v.vassalage, v.display_name, v.names, v.transfer_wallet, v.is_hot, v.sort,
    v.enabled, v.icon_image_id,
    (select count(*) from games g where g.vendor_id = v.id) as games,
    (select count(*) from games g where g.vendor_id = v.id and g.enabled) as enabled_games
  from game_vendors v join game_types t on t.code = v.game_type`;

export function listConsoleVendors(db: Queryable, gameType: string | null) {
  return db.query<ConsoleVendorDb>(
    `${CONSOLE_VENDOR} where ($1::text is null or v.game_type = $1) order by t.sort, v.sort, v.id`,
    [gameType],
  );
}

export function findConsoleVendor(db: Queryable, id: number, lock = false) {
  return db
    .query<ConsoleVendorDb>(`${CONSOLE_VENDOR} where v.id = $1${lock ? ' for update of v' : ''}`, [id])
    .then((rows) => rows[0] ?? null);
}

export async function updateVendor(
  db: Queryable,
  id: number,
  fields: {
    displayName: string;
    names: Record<string, string>;
    isHot: boolean;
    sort: number;
    enabled: boolean;
    iconImageId: string | null;
  },
) {
  await db.query(
    `update game_vendors set display_name = $2, is_hot = $3, sort = $4, enabled = $5, icon_image_id = $6, names = $7
     where id = $1`,
    [
      id,
      fields.displayName,
      fields.isHot,
      fields.sort,
      fields.enabled,
      fields.iconImageId,
      JSON.stringify(fields.names),
    ],
  );
}

/** A game as the console sees it: the lobby's fields (its vendor's name aside) and what the operator sets. */
export interface ConsoleGameDb extends Omit<GameDb, 'vendor_name'> {
  vendor_id: number;
  sort: number;
  enabled: boolean;
  updated_at: Date;
}

const CONSOLE_GAME = `select g.id, g.vendor_id, v.vassalage, v.game_type, g.code, g.game_id, g.room_id, g.names, g.classify,
    g.min_bet::text as min_bet, g.line_num, g.platforms, g.hot_rank, g.sort, g.demo, g.enabled, g.icon_image_id,
    g.updated_at
  from games g join game_vendors v on v.id = g.vendor_id`;

export interface ConsoleGameFilter {
  vendorId: number | null;
  gameType: string | null;
  search: string | null;
  enabled: boolean | null;
  hot: boolean | null;
}

export async function listConsoleGames(
  db: Queryable,
  filter: ConsoleGameFilter,
  limit: number,
  offset: number,
) {
  const params = [
    filter.vendorId,
    filter.gameType,
    filter.search === null ? null : likePattern(filter.search),
    filter.enabled,
    filter.hot,
  ];
  const where = `($1::int is null or g.vendor_id = $1) and ($2::text is null or v.game_type = $2)
    and ($3::text is null or g.search_text like $3) and ($4::boolean is null or g.enabled = $4)
    and ($5::boolean is null or (g.hot_rank is not null) = $5)`;
  const [rows, [count]] = await Promise.all([
    db.query<ConsoleGameDb>(`${CONSOLE_GAME} where ${where} order by v.id, g.sort, g.id limit $6 offset $7`, [
      ...params,
      limit,
      offset,
    ]),
    db.query<{ total: string }>(
      `select count(*) as total from games g join game_vendors v on v.id = g.vendor_id where ${where}`,
      params,
    ),
  ]);
  return { rows, total: Number(count?.total ?? 0) };
}

export function findConsoleGame(db: Queryable, id: number, lock = false) {
  return db
    .query<ConsoleGameDb>(`${CONSOLE_GAME} where g.id = $1${lock ? ' for update of g' : ''}`, [id])
    .then((rows) => rows[0] ?? null);
}

export async function updateGame(
  db: Queryable,
  id: number,
  fields: {
    names: Record<string, string>;
    classify: string;
    hotRank: number | null;
    sort: number;
    demo: boolean;
    enabled: boolean;
    iconImageId: string | null;
  },
  now: Date,
) {
  await db.query(
    `update games set names = $2, classify = $3, hot_rank = $4, sort = $5, demo = $6, enabled = $7, icon_image_id = $8,
       updated_at = $9 where id = $1`,
    [
      id,
      JSON.stringify(fields.names),
      fields.classify,
      fields.hotRank,
      fields.sort,
      fields.demo,
      fields.enabled,
      fields.iconImageId,
      now,
    ],
  );
}
