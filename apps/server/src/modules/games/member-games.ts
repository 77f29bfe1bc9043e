import type { GameType } from '@tessera/contract';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { currencyOf } from '../wallet/settings.ts';
import { toGame } from './catalogue.ts';
import * as store from './store.ts';

/** A member's favourite games and recently played games. */

/** Held by the process with the member's own reads, dropped on every process by the favourites table's trigger. */
export const favouriteIds = (deps: AppDeps, memberId: number, now: Date) =>
  deps.local.members.get(memberId, 'favourites', now, () => store.favouriteIds(deps.db, memberId));

interface GamePage {
  pageNo: number;
  pageSize: number;
  gameType?: GameType;
  vassalage?: string;
}

async function memberGames(
  deps: AppDeps,
  kind: 'favourites' | 'recent',
  memberId: number,
  query: GamePage,
  language: string,
) {
  const currency = await currencyOf(deps);
  const { rows, total } = await store.listMemberGames(
    deps.db,
    kind,
    memberId,
    // Not filtered by platform: the original asks for "flash" here, and a member's own list shows all of them.
    { gameType: query.gameType ?? null, vendor: query.vassalage || null, platforms: null },
    query.pageSize,
    (query.pageNo - 1) * query.pageSize,
  );
  return {
    games: rows.map((row) => toGame(row, language, currency)),
    totalPages: Math.ceil(total / query.pageSize),
  };
}

export async function favourites(deps: AppDeps, memberId: number, query: GamePage, language: string) {
  const { games, totalPages } = await memberGames(deps, 'favourites', memberId, query, language);
  return { content: games, pageNum: query.pageNo, totalPages };
}

export async function recentGames(deps: AppDeps, memberId: number, query: GamePage, language: string) {
  const { games, totalPages } = await memberGames(deps, 'recent', memberId, query, language);
  return { list: games, totalPages };
}

/** Adds or removes a favourite; either is idempotent. Answers the favourites after it. */
export async function setFavourite(
  deps: AppDeps,
  memberId: number,
  nodeId: number | undefined,
  favourite: boolean,
  now: Date,
) {
  if (nodeId === undefined) throw new AppError('validation_failed', { nodeId: 'required' });
  const answer = await write(deps.db, { isolation: 'read committed' }, async (tx) => {
    if (favourite) {
      if (!(await store.findPlayableGame(tx, nodeId)))
        throw new AppError('game_not_found', { nodeId: 'invalid_value' });
      await store.addFavourite(tx, memberId, nodeId, now);
    } else {
      await store.removeFavourite(tx, memberId, nodeId);
    }
    return { nodeIds: await store.favouriteIds(tx, memberId) };
  });
  // The member reads their change back at once on this process; the trigger's NOTIFY reaches the others.
  deps.local.members.drop(memberId, 'favourites');
  return answer;
}
