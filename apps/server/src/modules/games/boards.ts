import { type GameType, toMajor } from '@tessera/contract';
import type { AppDeps } from '../../platform/context.ts';
import { currencyOf } from '../wallet/settings.ts';
import { gameName, imageUrl } from './catalogue.ts';
import * as store from './store.ts';

/** What the site shows of other players' play: the winner board, the rank of big wins, the jackpots. */

/** A user name as others may see it: its first two and last character, the rest hidden. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}***`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

interface BoardQuery {
  gameCategory: 'ALL' | GameType;
  limitNum: number;
}

const RANK_DAYS = 7;

async function wins(deps: AppDeps, query: BoardQuery, language: string, since: Date | null) {
  const currency = await currencyOf(deps);
  const rows = await store.listWins(
    deps.db,
    query.gameCategory === 'ALL' ? null : query.gameCategory,
    query.limitNum,
    since,
  );
  return rows.map((row) => ({
    customerName: maskUsername(row.username),
    winAmount: toMajor(BigInt(row.win), currency.digits),
    gameName: gameName(row.names, language),
    gameType: row.game_type as GameType,
    vassalage: row.vassalage,
    nodeId: row.game_id,
    icon: imageUrl(row.icon_image_id),
    winTime: row.updated_at.toISOString(),
  }));
}

/** The latest wins. */
export async function winnerBoard(deps: AppDeps, query: BoardQuery, language: string) {
  return { list: (await wins(deps, query, language, null)).map((vo) => ({ vo })) };
}

/** The biggest wins of the last seven days, ranked. */
export async function rankList(deps: AppDeps, query: BoardQuery, language: string, now: Date) {
  const since = new Date(now.getTime() - RANK_DAYS * 86_400_000);
  return {
    list: (await wins(deps, query, language, since)).map((win, index) => ({ ...win, rank: index + 1 })),
  };
}

export async function jackpots(deps: AppDeps) {
  const currency = await currencyOf(deps);
  const rows = await store.listJackpots(deps.db);
  const total = rows.reduce((sum, row) => sum + BigInt(row.jackpot), 0n);
  return {
    total: toMajor(total, currency.digits),
    currency: currency.currency,
    list: rows.map((row) => ({
      vassalage: row.vassalage,
      displayName: row.display_name,
      gameType: row.game_type as GameType,
      amount: toMajor(BigInt(row.jackpot), currency.digits),
      updatedAt: row.jackpot_updated_at.toISOString(),
    })),
  };
}
