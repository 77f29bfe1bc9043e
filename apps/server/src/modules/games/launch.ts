import {
  ACCOUNT_TYPES,
  FB_VENDOR,
  launchLanguage,
  type launchQuery,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { z } from 'zod';
import type { Caller } from '../../platform/access.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { write } from '../../platform/write.ts';
import { relativeById } from '../accounts/relations.ts';
import type { Launched, LotteryGames } from './lottery-games.ts';
import { launchGame as providerLaunch } from './providers/launch.ts';
import * as store from './store.ts';

/** The rules of launching a game (spec §4): who may play it, for real money or free, and where it returns. */

type LaunchQuery = z.output<typeof launchQuery>;

async function gameOf(deps: AppDeps, query: LaunchQuery): Promise<store.GameDb> {
  const vendor = query.vassalage || query.accountTypeName || null;
  let game: store.GameDb | null;
  if (query.nodeId) game = await store.findPlayableGame(deps.db, query.nodeId);
  else if (query.gameId)
    game = await store.findPlayableGameByLaunchId(deps.db, vendor, { gameId: query.gameId });
  else if (query.roomId)
    game = await store.findPlayableGameByLaunchId(deps.db, vendor, { roomId: query.roomId });
  else throw new AppError('validation_failed', { gameId: 'required' });
  if (!game) throw new AppError('game_not_found');
  return game;
}

/**
 * How the caller plays: a visitor plays free; a trial account plays the house's games with its play money, others
 * free where the game allows it, and is sent to register otherwise; a member plays for real unless asking for free
 * play (accountType 0).
 */
function playMode(caller: Caller, game: store.GameDb, accountType: number): 'real' | 'play' | 'demo' {
  const trial = caller.kind === 'member' && caller.type === TRIAL_ACCOUNT_IS_AGENT;
  if (trial && game.play_money) return 'play';
  const free = caller.kind !== 'member' || trial || accountType === ACCOUNT_TYPES.demo;
  if (!free) return 'real';
  if (game.demo) return 'demo';
  if (trial) throw new AppError('in_need_true_account');
  throw new AppError('game_demo_unavailable');
}

/** The lobby a game's back and close return to: the path asked for, or the game's category lobby. */
function lobbyUrl(deps: AppDeps, game: store.GameDb, backUrl: string | undefined): string {
  const path =
    backUrl ??
    (game.game_type === 'LOTT' || game.game_type === 'ELOTT' ? '/' : `/${game.game_type.toLowerCase()}`);
  return `${deps.config.siteUrl}${path}`;
}

async function launch(
  deps: AppDeps,
  lottery: LotteryGames,
  caller: Caller,
  game: store.GameDb,
  query: LaunchQuery,
  language: string,
  now: Date,
): Promise<Launched> {
  const lotteryGame = await lottery.launchCatalogueGame(deps, game.id);
  if (lotteryGame) return lotteryGame;
  if (game.game_id === null && game.room_id === null) throw new AppError('game_coming_soon');
  const mode = playMode(caller, game, query.accountType);
  const real = mode === 'real';
  // Real money and play money both play in the member's own session (its wallet decides which money moves).
  const member =
    mode !== 'demo' && caller.kind === 'member' ? await relativeById(deps.db, caller.memberId) : null;
  if (mode !== 'demo' && !member) throw new AppError('unauthorized');
  const mobile = query.device?.toUpperCase() === 'MOBILE' || query.platform === 'html5';
  const { url } = await providerLaunch(
    deps,
    {
      member: member ? { id: member.id, username: member.username } : null,
      game: {
        id: game.id,
        code: game.code,
        gameId: game.game_id,
        roomId: game.room_id,
        vendor: game.vassalage,
        gameType: game.game_type,
      },
      demo: mode === 'demo',
      playMoney: mode === 'play',
      language: launchLanguage(game.vassalage, (query.language || language).toUpperCase()),
      platform: mobile ? 'mobile' : 'desktop',
      lobbyUrl: lobbyUrl(deps, game, query.backUrl),
    },
    now,
  );
  if (member && real) {
    await write(deps.db, { isolation: 'read committed' }, (tx) =>
      store.markPlayed(tx, member.id, game.id, now),
    );
  }
  return { game_url: url, gameUrl: url, content: { game_url: url }, real };
}

/**
 * /wps/game/launchGame (members) and GCS_gameTrialLaunch (anyone, free play only); `lottery` is the lottery area's
 * answer about lottery games (joined in app.ts).
 */
export async function launchGame(
  deps: AppDeps,
  lottery: LotteryGames,
  caller: Caller,
  query: LaunchQuery,
  language: string,
  now: Date,
) {
  if (query.launchMode === 'LOTT') {
    return lottery.launch(deps, {
      gameCode: query.lottoGameCode,
      prizeMode: query.lottoPrizeMode,
      view: query.lottoView ?? 'lobby',
    });
  }
  return launch(deps, lottery, caller, await gameOf(deps, query), query, language, now);
}

/** GCS_gameLaunchFB: FB's sports book, for real money. */
export async function launchFb(
  deps: AppDeps,
  lottery: LotteryGames,
  caller: Caller,
  query: Pick<LaunchQuery, 'language' | 'platform' | 'backUrl'>,
  language: string,
  now: Date,
) {
  const game = await store.findVendorGame(deps.db, FB_VENDOR);
  if (!game) throw new AppError('game_not_found');
  return launch(
    deps,
    lottery,
    caller,
    game,
    { ...query, accountType: ACCOUNT_TYPES.real, launchMode: 'GLS' },
    language,
    now,
  );
}
