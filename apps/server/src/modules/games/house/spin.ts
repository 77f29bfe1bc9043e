import type { SlotOutcome, SpinAnswer } from '@tessera/contract';
import type { GameSessionCaller } from '../../../platform/access.ts';
import type { AppDeps } from '../../../platform/context.ts';
import type { IdempotencyKey } from '../../../platform/write.ts';
import { playRound } from './play.ts';
import { type Money, SEAMLESS_MONEY } from './round-play.ts';

/** A paid spin of the session's slot: a round of play.ts with no choice besides the stake. */
export async function spinSlot(
  deps: AppDeps,
  player: GameSessionCaller,
  request: { bet: bigint; idempotency: IdempotencyKey | null },
  language: string,
  now: Date,
  money: Money = SEAMLESS_MONEY,
): Promise<SpinAnswer> {
  const played = await playRound(
    deps,
    player,
    'slots',
    { bet: request.bet, choice: null, idempotency: request.idempotency },
    language,
    now,
    money,
  );
  return { ...played, outcome: played.outcome as SlotOutcome };
}
