import type { PrizeMode } from '@tessera/contract';
import { useState } from 'react';
import { session } from '../../lib/storage.ts';

const PRIZE_MODE_KEY = 'lotteryPrizeMode';

/**
 * The prize mode a lottery screen shows. A screen of one mode shows that one. A screen of several (/vnlottery: Lott
 * and Elott) remembers the player's choice for the session (sessionStorage); until there is one it shows the first
 * of its modes that has a game (Lott when a Lott game exists, otherwise Elott), so it waits for the game list
 * (`modesWithGames`, null while loading) and answers null meanwhile.
 */
export function usePrizeMode(
  modes: readonly PrizeMode[],
  modesWithGames: ReadonlySet<PrizeMode> | null,
): [PrizeMode | null, (mode: PrizeMode) => void] {
  const [chosen, setChosen] = useState<PrizeMode | null>(() => {
    const stored = session.get(PRIZE_MODE_KEY);
    return modes.find((mode) => mode === stored) ?? null;
  });
  const choose = (mode: PrizeMode) => {
    session.set(PRIZE_MODE_KEY, mode);
    setChosen(mode);
  };
  const [first] = modes;
  if (modes.length === 1 || first === undefined) return [first ?? null, choose];
  if (chosen) return [chosen, choose];
  if (!modesWithGames) return [null, choose];
  return [modes.find((mode) => modesWithGames.has(mode)) ?? first, choose];
}
