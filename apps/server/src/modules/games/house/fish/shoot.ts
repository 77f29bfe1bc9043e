import type { ShotAnswer, ShotOutcome } from '@tessera/contract';
import type { GameSessionCaller } from '../../../../platform/access.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import type { IdempotencyKey } from '../../../../platform/write.ts';
import { playRound } from '../play.ts';
import { type Money, SEAMLESS_MONEY } from '../round-play.ts';

/**
 * One shot of the session's fish game at a fish: a round of the house like a spin (play.ts). The fish aimed at is
 * recorded with the round when it starts; the server draws whether the shot hits and the multiplier it pays with
 * @tessera/house-games' shoot() under the member's seed pair and the round's nonce; the stake goes through the
 * seamless bet and the win (0 on a miss) through the seamless win.
 */
export async function shootFish(
  deps: AppDeps,
  player: GameSessionCaller,
  request: { bet: bigint; fish: string; idempotency: IdempotencyKey | null },
  language: string,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<ShotAnswer> {
  const played = await playRound(
    deps,
    player,
    'fish',
    { bet: request.bet, choice: { fish: request.fish }, idempotency: request.idempotency },
    language,
    now,
    money,
  );
  return { ...played, outcome: played.outcome as ShotOutcome };
}
