import type { Queryable } from '../../../db/database.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { token } from '../../../platform/rng.ts';
import { write } from '../../../platform/write.ts';
import { mayAct } from '../../responsible/check.ts';
import { topUpPlayMoney } from '../../wallet/play-money.ts';
import { currencyOf } from '../../wallet/settings.ts';
import { openHouseFrame } from '../house/frame.ts';
import { hub88User } from './hub88.ts';
import { callProvider, PROVIDER_PATHS, ProviderRefused, ProviderUnavailable } from './provider-api.ts';
import { hashSessionToken } from './seamless.ts';
import * as store from './store.ts';

export interface LaunchRequest {
  /** null: a visitor's demo play. */
  member: { id: number; username: string } | null;
  game: {
    id: number;
    code: string;
    gameId: string | null;
    roomId: string | null;
    /** The vendor (vassalage). */
    vendor: string;
    gameType: string;
  };
  /** accountType 0: no real money. */
  demo: boolean;
  /** A trial account's session of a house game: it plays with play money, topped up here. */
  playMoney?: boolean;
  /** EN, VI, CN … */
  language: string;
  platform: 'desktop' | 'mobile';
  /** Where the game's back/close returns. */
  lobbyUrl: string;
}

/** Hub88's language codes for ours. */
const LANGUAGES: Record<string, string> = { EN: 'en', VI: 'vi', CN: 'zh', ZH: 'zh', TH: 'th', ID: 'id' };

/**
 * Opens a game of a provider's vendor: for real play a game session (its token stays between our server and the
 * provider: it is sent in game/url, server to server, and never appears in the URL the player gets), then asks the
 * provider for the game's URL, which the player site puts in an iframe. The call happens after the session is
 * committed, outside any transaction. The house (contract 'house') answers a URL of our own /house pages instead.
 */
export async function launchGame(deps: AppDeps, request: LaunchRequest, now: Date): Promise<{ url: string }> {
  if (request.game.gameId === null && request.game.roomId === null) throw new AppError('game_coming_soon');
  const target = await store.launchTarget(deps.db, request.game.id);
  if (!target?.enabled) throw new AppError('not_found');
  const provider = target.provider ? await store.findProvider(deps.db, target.provider) : null;
  if (!provider?.enabled) throw new AppError('game_provider_unavailable');
  if ((request.demo || !request.member) && !target.demo) throw new AppError('game_demo_unavailable');
  const { currency, digits } = await currencyOf(deps);
  const common = {
    sub_partner_id: provider.sub_partner_id || null,
    platform: request.platform === 'mobile' ? 'GPL_MOBILE' : 'GPL_DESKTOP',
    lobby_url: request.lobbyUrl,
    lang: LANGUAGES[request.language.toUpperCase()] ?? 'en',
    game_code: target.code,
    currency,
    game_currency: currency,
    country: 'XX',
  };
  let payload: Record<string, unknown>;
  let session: { token: string; expiresAt: Date } | null = null;
  if (request.demo || !request.member) {
    payload = { ...common, demo: true };
  } else {
    const member = request.member;
    session = {
      token: token(deps.rng),
      expiresAt: new Date(now.getTime() + deps.config.gameProviders.sessionHours * 3_600_000),
    };
    const { token: sessionToken, expiresAt } = session;
    await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      if (!request.playMoney) await mayAct(tx, member.id, 'launch', { now });
      if (request.playMoney) {
        // Play money is the house's alone: no other provider's session plays with it.
        if (provider.contract !== 'house') throw new AppError('in_need_true_account');
        await topUpPlayMoney(tx, member.id, digits, now);
      }
      await store.insertSession(
        tx,
        {
          tokenHash: hashSessionToken(sessionToken),
          provider: provider.code,
          memberId: member.id,
          gameId: target.game_id,
          currency,
          expiresAt,
        },
        now,
      );
    });
    payload = { ...common, user: hub88User(member.id), token: sessionToken };
  }
  // The house serves its games itself: the frame opens our own page, which the session's token reaches through a
  // one-time id in the URL's fragment.
  if (provider.contract === 'house') {
    return openHouseFrame(
      deps,
      {
        gameId: target.game_id,
        memberId: request.member?.id ?? null,
        session,
        lobbyUrl: request.lobbyUrl,
      },
      now,
    );
  }
  let answer: { url?: unknown };
  try {
    answer = await callProvider<{ url?: unknown }>(deps.config, provider, PROVIDER_PATHS.gameUrl, payload);
  } catch (error) {
    if (error instanceof ProviderRefused) throw new AppError('game_launch_refused');
    if (error instanceof ProviderUnavailable) throw new AppError('game_provider_unavailable');
    throw error;
  }
  if (typeof answer.url !== 'string' || !/^https?:\/\/[^\s]+$/i.test(answer.url)) {
    throw new AppError('game_provider_unavailable');
  }
  return { url: answer.url };
}

/** Game sessions that ended this long ago go: a provider settles its last wins and rollbacks well before. */
export const ENDED_GAME_SESSION_DAYS = 30;

/** Deletes the game sessions that ended before the given time (housekeeping); answers how many. */
export function purgeEndedGameSessions(db: Queryable, before: Date): Promise<number> {
  return store.purgeSessions(db, before);
}
