import { hashGameSessionToken } from '../../../platform/access.ts';
import { AppError } from '../../../platform/app-error.ts';
import type { AppDeps } from '../../../platform/context.ts';
import { sha256Hex } from '../../../platform/crypto.ts';
import { token } from '../../../platform/rng.ts';
import { seal, unseal } from '../../../platform/secret-box.ts';
import { write } from '../../../platform/write.ts';
import { secretsKeyOf } from './fairness.ts';
import * as store from './store.ts';
import { findTable } from './tables/store.ts';

/**
 * The house's game frame. A launch (providers/launch.ts, after it opened the game session as for any provider)
 * answers our own page, /house/<kind>/<game>, with a one-time launch id in the URL's fragment, which never reaches
 * a server or a Referer. The page exchanges it (POST /house/api/session) for the session's token, kept in the
 * page's memory, and calls /house/api with it. The token itself is sealed with the launch until then.
 */

/** A launch id opens the frame within this time, once. */
const LAUNCH_TTL_MS = 5 * 60_000;

/** The page kind of each game type the house serves. */
const FRAME_KINDS: Record<string, string> = { RNG: 'slots', FISH: 'fish' };

/** The page of a house game: a slot's /house/slots/<game>, a table's /house/<baccarat|roulette>/<room>. */
async function framePage(
  deps: AppDeps,
  gameId: number,
): Promise<{ gameId: number; kind: string; game: string } | null> {
  const table = await findTable(deps.db, gameId);
  if (table) return { gameId, kind: table.kind, game: table.room };
  const game = await store.findGame(deps.db, gameId);
  const kind = game ? FRAME_KINDS[game.game_type] : undefined;
  return game && kind ? { gameId: game.id, kind, game: game.engine_game } : null;
}

const launchHash = (launchId: string) => sha256Hex(`house-launch:${launchId}`);
const sealContext = (idHash: string) => `house-launch:${idHash}`;

export async function openHouseFrame(
  deps: AppDeps,
  request: {
    gameId: number;
    memberId: number | null;
    /** The game session the launch opened; null for free play, which the house does not offer yet. */
    session: { token: string; expiresAt: Date } | null;
    lobbyUrl: string;
  },
  now: Date,
): Promise<{ url: string }> {
  const { session, memberId } = request;
  if (!session || memberId === null) throw new AppError('game_demo_unavailable');
  const page = await framePage(deps, request.gameId);
  if (!page) throw new AppError('game_launch_refused');
  const launchId = token(deps.rng);
  const idHash = launchHash(launchId);
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.insertLaunch(
      tx,
      {
        idHash,
        memberId,
        gameId: page.gameId,
        tokenSealed: seal(secretsKeyOf(deps), sealContext(idHash), session.token, deps.rng),
        lobbyUrl: request.lobbyUrl,
        expiresAt: new Date(Math.min(now.getTime() + LAUNCH_TTL_MS, session.expiresAt.getTime())),
      },
      now,
    ),
  );
  return { url: `${deps.config.siteUrl}/house/${page.kind}/${encodeURIComponent(page.game)}#${launchId}` };
}

/** The frame's exchange: a live launch id, once, for its game session's token. */
export async function openFrameSession(deps: AppDeps, launchId: string, now: Date) {
  const idHash = launchHash(launchId);
  const launch = await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.takeLaunch(tx, idHash, now),
  );
  const sessionToken = launch && unseal(secretsKeyOf(deps), sealContext(idHash), launch.token_sealed);
  if (!launch || !sessionToken) throw new AppError('house_launch_invalid');
  const [expiresAt, page] = await Promise.all([
    store.sessionExpiry(deps.db, hashGameSessionToken(sessionToken)),
    framePage(deps, launch.game_id),
  ]);
  if (!expiresAt || expiresAt.getTime() <= now.getTime() || !page) {
    throw new AppError('house_launch_invalid');
  }
  return {
    token: sessionToken,
    expiresAt: expiresAt.toISOString(),
    kind: page.kind,
    game: page.game,
    lobbyUrl: launch.lobby_url,
  };
}

/** Launch ids never used go once they expired (the recovery job's housekeeping). */
export async function purgeExpiredLaunches(deps: AppDeps, now: Date): Promise<number> {
  return write(deps.db, { isolation: 'read committed' }, (tx) => store.purgeLaunches(tx, now));
}
