import {
  type Game,
  type GameClass,
  type GameType,
  type gameListQuery,
  HOT_GROUPS,
  toMajor,
  toMinor,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import type { AppDeps } from '../../platform/context.ts';
import { type Currency, currencyOf } from '../wallet/settings.ts';
import { tablePlayerCounts } from './house/tables/tables.ts';
import * as store from './store.ts';

/** The catalogue as the lobbies read it: games by filter, hot games, vendor lanes and the vendors' classes. */

export const imageUrl = (imageId: string | null) => (imageId ? `/images/${imageId}` : '');

export const gameName = (names: Record<string, string>, language: string) =>
  names[language] || names.EN || Object.values(names).find(Boolean) || '';

/** A vendor's name in a language: its name there, or its display name. */
export const vendorName = (names: Record<string, string>, displayName: string, language: string) =>
  names[language] || displayName;

export function toGame(row: store.GameDb, language: string, currency: Currency): Game {
  return {
    nodeId: row.id,
    gameId: row.game_id,
    roomId: row.room_id,
    gameCode: row.code,
    code: row.code,
    gameName: gameName(row.names, language),
    gameType: row.game_type as GameType,
    vassalage: row.vassalage,
    vendor: row.vassalage,
    vendorName: vendorName(row.vendor_names, row.vendor_name, language),
    accountTypeName: row.vassalage,
    isGame: 'GAME',
    gameClassify: row.classify as GameClass,
    minBet: toMajor(BigInt(row.min_bet), currency.digits),
    lineNum: row.line_num,
    platform: row.platforms,
    hotRank: row.hot_rank,
    trial: row.demo,
    playMoney: row.play_money,
    icon: imageUrl(row.icon_image_id),
  };
}

/** "flash,html5-desktop" as a list, or null for any platform. */
const platformList = (platform: string | undefined) => (platform ? platform.split(',') : null);

const totalPages = (total: number, pageSize: number) => Math.ceil(total / pageSize);

export async function gameList(deps: AppDeps, query: z.output<typeof gameListQuery>, language: string) {
  const currency = await currencyOf(deps);
  const search = query.gameName?.toLowerCase() || null;
  const maxMinBet = query.minBet === undefined ? null : toMinor(query.minBet, currency.digits);
  const { rows, total } = await store.listGames(
    deps.db,
    {
      gameType: query.gameType ?? null,
      vendor: query.vassalage || null,
      classify: query.gameClassify && query.gameClassify !== 'ALL' ? query.gameClassify : null,
      search,
      maxMinBet,
      minLines: query.minLineNum ?? null,
      platforms: platformList(query.platform),
    },
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
    query.sort,
  );
  return {
    games: rows.map((row) => toGame(row, language, currency)),
    total,
    totalPages: totalPages(total, query.pageSize),
  };
}

/** How many hot games each group shows. */
const HOT_LIMIT = 200;

/**
 * Hot games grouped by category in the order of HOT_GROUPS. Without a vendor, each group starts with the hot
 * vendors of the category as VASSALAGE tiles (their games open in a popup list).
 */
export async function hotGames(
  deps: AppDeps,
  query: { vassalage?: string; platform?: string },
  language: string,
): Promise<{ list: Record<string, Game[]> }> {
  const currency = await currencyOf(deps);
  const vendor = query.vassalage || null;
  const [games, vendors] = await Promise.all([
    store.listHotGames(deps.db, { vendor, platforms: platformList(query.platform) }, HOT_LIMIT),
    vendor ? Promise.resolve([]) : store.listVendorsWithGames(deps.db),
  ]);
  const list: Record<string, Game[]> = {};
  for (const group of HOT_GROUPS) {
    const vendorTiles = vendors
      .filter((row) => row.game_type === group && row.is_hot && Number(row.game_count) > 1)
      .map((row) => vendorTile(row, language, currency));
    list[group] = [
      ...vendorTiles,
      ...games.filter((row) => row.game_type === group).map((row) => toGame(row, language, currency)),
    ];
  }
  return { list };
}

/** A vendor as a lobby tile: the client opens its games in a popup list. */
function vendorTile(
  row: store.GameVendorDb & { game_count: string },
  language: string,
  currency: Currency,
): Game {
  const name = vendorName(row.names, row.display_name, language);
  return {
    nodeId: 0,
    gameId: null,
    roomId: null,
    gameCode: row.vassalage,
    code: row.vassalage,
    gameName: name,
    gameType: row.game_type as GameType,
    vassalage: row.vassalage,
    vendor: row.vassalage,
    vendorName: name,
    accountTypeName: row.vassalage,
    isGame: 'VASSALAGE',
    gameClassify: 'SLOT',
    minBet: toMajor(0n, currency.digits),
    lineNum: 0,
    platform: [],
    hotRank: null,
    trial: false,
    playMoney: false,
    icon: imageUrl(row.icon_image_id),
  };
}

function vendorCard(row: store.GameVendorDb & { game_count: string }, language: string) {
  return {
    vassalage: row.vassalage,
    displayName: vendorName(row.names, row.display_name, language),
    isHot: row.is_hot ? (1 as const) : (0 as const),
    smallIcon: imageUrl(row.icon_image_id),
    gameType: row.game_type as GameType,
    accountTypeId: row.account_type_id,
    gameCount: Number(row.game_count),
  };
}

export async function vendorLanes(db: Queryable, language: string) {
  const [types, vendors] = await Promise.all([
    store.listEnabledGameTypes(db),
    store.listVendorsWithGames(db),
  ]);
  const lanes = types
    .map((type) => {
      const cards = vendors.filter((row) => row.game_type === type.code);
      return {
        title: gameName(type.names, language) || type.code,
        gameType: type.code as GameType,
        gameClassify: [...new Set(cards.flatMap((row) => row.classes))].sort() as GameClass[],
        cards: cards.map((row) => vendorCard(row, language)),
      };
    })
    .filter((lane) => lane.cards.length > 0);
  return { data: { lanes } };
}

export async function gameVendors(db: Queryable, gameType: GameType | undefined, language: string) {
  const vendors = await store.listVendorsWithGames(db);
  return {
    list: vendors
      .filter((row) => !gameType || row.game_type === gameType)
      .map((row) => vendorCard(row, language)),
  };
}

/** gameType → vendor code → the classes of the vendor's games there. */
export async function vendorGameTypes(db: Queryable) {
  const content: Record<string, Record<string, string[]>> = {};
  for (const row of await store.listVendorsWithGames(db)) {
    content[row.game_type] ??= {};
    (content[row.game_type] as Record<string, string[]>)[row.vassalage] = [...row.classes].sort();
  }
  return { content };
}

/** The card and board rooms. */
export async function rooms(deps: AppDeps, vendor: string | undefined, language: string) {
  const [currency, rows, players] = await Promise.all([
    currencyOf(deps),
    store.listRooms(deps.db, vendor || null),
    tablePlayerCounts(deps, deps.clock.now()),
  ]);
  return {
    list: rows.map((row) => ({
      roomId: row.room_id as string,
      nodeId: row.id,
      roomName: `${gameName(row.names, language)} · ${row.room_id}`,
      gameName: gameName(row.names, language),
      vassalage: row.vassalage,
      minBet: toMajor(BigInt(row.min_bet), currency.digits),
      icon: imageUrl(row.icon_image_id),
      players: players.get(row.id) ?? 0,
      playMoney: row.play_money,
    })),
  };
}
