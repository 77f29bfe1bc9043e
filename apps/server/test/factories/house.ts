import { randomUUID } from 'node:crypto';
import { HOUSE_PROVIDER, HOUSE_SPIN_INTERVAL_MS, type SlotOutcome } from '@tessera/contract';
import { engineFor } from '../../src/modules/games/house/engine.ts';
import { serverSeedOf } from '../../src/modules/games/house/fairness.ts';
import { type Money, SEAMLESS_MONEY } from '../../src/modules/games/house/round-play.ts';
import * as houseStore from '../../src/modules/games/house/store.ts';
import { memberAccounts } from '../../src/modules/wallet/ledger.ts';
import { type GameSessionCaller, resolveGameSession } from '../../src/platform/access.ts';
import type { ApiResponse, TestApp } from '../harness.ts';
import { walletMember } from './wallet.ts';

/** The catalogue id (nodeId) of a house slot. */
export async function houseGameId(t: TestApp, engineGame = 'lucky-sevens'): Promise<number> {
  const [row] = await t.db.query<{ id: number }>(
    `select g.id from games g join game_vendors v on v.id = g.vendor_id
     where v.provider = $1 and g.game_id = $2`,
    [HOUSE_PROVIDER, engineGame],
  );
  if (!row) throw new Error(`no house game ${engineGame}`);
  return row.id;
}

export interface HousePlayer {
  id: number;
  /** The member's site token. */
  siteToken: string;
  /** The frame URL the launch answered. */
  url: string;
  /** The game session's token, as the frame got it for its launch id. */
  token: string;
}

/**
 * A funded member (minor units) who launched a house slot through the launch route and opened its frame; type 4
 * makes it a trial account (free play), which plays with play money.
 */
export async function housePlayer(
  t: TestApp,
  options: { funds?: bigint; game?: string; type?: number } = {},
): Promise<HousePlayer> {
  const member = await walletMember(t, { funds: options.funds ?? 0n, type: options.type });
  const nodeId = await houseGameId(t, options.game);
  const launched = await t.get(`/wps/game/launchGame?nodeId=${nodeId}`, member.token);
  if (!launched.body.success) throw new Error(`launch refused: ${launched.body.code}`);
  const url = launched.body.value.game_url as string;
  const opened = await t.send('POST', '/house/api/session', { launch: url.split('#')[1] });
  if (!opened.body.success) throw new Error(`frame session refused: ${opened.body.code}`);
  return { id: member.id, siteToken: member.token, url, token: opened.body.value.token as string };
}

/** The player's game session as the gameSession access level resolves it (for calling the services directly). */
export async function sessionCaller(t: TestApp, player: HousePlayer): Promise<GameSessionCaller> {
  const caller = await resolveGameSession(t.db, player.token, t.clock.now());
  if (caller.kind !== 'gameSession') throw new Error('the game session is not live');
  return caller;
}

/**
 * A spin through the frame API (a fresh idempotency key unless one is given), paced as the frame paces it: the
 * test clock moves on by the slots' interval first.
 */
export function spinCall(t: TestApp, player: HousePlayer, bet: bigint | string, key: string = randomUUID()) {
  t.clock.advance(HOUSE_SPIN_INTERVAL_MS);
  return t.call({
    method: 'POST',
    url: '/house/api/slots/spin',
    payload: { bet: bet.toString() },
    token: player.token,
    headers: { 'idempotency-key': key },
  });
}

/**
 * A spin played to its end, whatever it draws: a spin that wins free spins (Jade Temple's scatters, about one spin in
 * a hundred) leaves its round waiting for the player's decision, and the next spin would be refused
 * (house_round_pending); this starts the free spins as the player would, so the round settles. Answers the spin's
 * answer, or the free spins' (the settled round). Throws with the code of a refusal, so a failing test says why.
 */
export async function settledSpin(
  t: TestApp,
  player: HousePlayer,
  bet: bigint | string,
): Promise<ApiResponse> {
  const spun = await spinCall(t, player, bet);
  if (!spun.body.success) throw new Error(`spin refused: ${spun.status} ${spun.body.code}`);
  if (spun.body.value.round.decision !== 'freeSpins') return spun;
  const played = await t.call({
    method: 'POST',
    url: '/house/api/slots/free-spins',
    payload: { round: spun.body.value.round.id },
    token: player.token,
    headers: { 'idempotency-key': randomUUID() },
  });
  if (!played.body.success) throw new Error(`free spins refused: ${played.status} ${played.body.code}`);
  return played;
}

/** A fish shot through the frame API (a fresh idempotency key unless one is given). */
export function shootCall(
  t: TestApp,
  player: HousePlayer,
  bet: bigint | string,
  fish: string,
  key: string = randomUUID(),
) {
  return t.call({
    method: 'POST',
    url: '/house/api/fish/shoot',
    payload: { bet: bet.toString(), fish },
    token: player.token,
    headers: { 'idempotency-key': key },
  });
}

/** A failure the seamless wallet's wrapper below throws. */
export class Crash extends Error {}

/**
 * The seamless wallet with some steps failing (the first `times` calls): 'before' fails without calling, 'after'
 * calls and loses the answer.
 */
export function failingMoney(
  steps: Partial<Record<keyof Money, 'before' | 'after'>>,
  times = Number.POSITIVE_INFINITY,
): Money {
  let left = times;
  const wrap = <F extends (...args: never[]) => Promise<unknown>>(name: keyof Money, real: F): F =>
    (async (...args: Parameters<F>) => {
      const how = steps[name];
      if (!how || left <= 0) return real(...args);
      left -= 1;
      if (how === 'before') throw new Crash(`${name} failed`);
      await real(...args);
      throw new Crash(`${name} answered nothing`);
    }) as F;
  return {
    bet: wrap('bet', SEAMLESS_MONEY.bet),
    win: wrap('win', SEAMLESS_MONEY.win),
    rollback: wrap('rollback', SEAMLESS_MONEY.rollback),
  };
}

export async function mainBalance(t: TestApp, memberId: number): Promise<bigint> {
  return (await memberAccounts(t.db, memberId)).find((account) => account.kind === 'main')?.balance ?? 0n;
}

/** Spins until a round wins something (at most `tries`), answering every spin's answer. */
export async function spinUntilWin(
  t: TestApp,
  player: HousePlayer,
  bet: bigint,
  tries = 200,
): Promise<ApiResponse[]> {
  const answers: ApiResponse[] = [];
  for (let i = 0; i < tries; i++) {
    const answer = await spinCall(t, player, bet);
    answers.push(answer);
    if (!answer.body.success) throw new Error(`spin refused: ${answer.body.code}`);
    if (BigInt(answer.body.value.outcome.totalWin) > 0n) return answers;
  }
  throw new Error(`no win in ${tries} spins`);
}

/** The ledger postings of the member's games (bets, payouts and refunds), oldest first. */
export function gamePostings(t: TestApp, memberId: number) {
  return t.db.query<{ idempotency_key: string; kind: string }>(
    `select idempotency_key, kind from ledger_transactions
     where member_id = $1 and idempotency_key like 'game:%' order by id`,
    [memberId],
  );
}

/**
 * Arranges the outcome of the player's next round of a house game: sets the client seed of their pair in use to the
 * first `arranged-<n>` whose draw at the pair's next nonce passes `wanted` (the server seed stays as committed).
 * Answers that draw. Opens the pair first when the player has none.
 */
async function arrangeNextRound(
  t: TestApp,
  player: HousePlayer,
  engineGame: string,
  round: { bet: bigint; choice: Record<string, string> | null },
  wanted: (drawn: { outcome: unknown; win: bigint }) => boolean,
): Promise<{ outcome: unknown; win: bigint }> {
  if (!(await houseStore.currentSeed(t.db, player.id))) await t.get('/house/api/fairness', player.token);
  const seed = await houseStore.currentSeed(t.db, player.id);
  if (!seed) throw new Error('no seed pair');
  const [settings] = await t.db.query<{ rtp: string }>(
    'select s.rtp from house_game_settings s join games g on g.id = s.game_id where g.game_id = $1',
    [engineGame],
  );
  if (!settings) throw new Error(`no settings for ${engineGame}`);
  const serverSeed = serverSeedOf(t.deps, seed);
  for (let n = 0; n < 20_000; n++) {
    const clientSeed = `arranged-${n}`;
    const drawn = engineFor(engineGame).draw(
      { rtp: settings.rtp, ...round },
      { serverSeed, clientSeed, nonce: BigInt(seed.next_nonce) },
    );
    if (wanted(drawn)) {
      await t.db.query('update house_seeds set client_seed = $2 where id = $1', [seed.id, clientSeed]);
      return drawn;
    }
  }
  throw new Error('no client seed gives the outcome wanted');
}

/** Arranges the outcome of the player's next spin of a slot (arrangeNextRound); answers that outcome. */
export async function arrangeNextSpin(
  t: TestApp,
  player: HousePlayer,
  bet: bigint,
  wanted: (outcome: SlotOutcome) => boolean,
  engineGame = 'lucky-sevens',
): Promise<SlotOutcome> {
  const drawn = await arrangeNextRound(t, player, engineGame, { bet, choice: null }, (next) =>
    wanted(next.outcome as SlotOutcome),
  );
  return drawn.outcome as SlotOutcome;
}

/** Arranges the player's next shot at `fish` (arrangeNextRound) to win what `wanted` takes; answers its win. */
export async function arrangeNextShot(
  t: TestApp,
  player: HousePlayer,
  bet: bigint,
  fish: string,
  wanted: (win: bigint) => boolean,
  engineGame = 'deep-sea-hunt',
): Promise<bigint> {
  return (
    await arrangeNextRound(t, player, engineGame, { bet, choice: { fish } }, (next) => wanted(next.win))
  ).win;
}
