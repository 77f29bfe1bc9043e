import type { PrizeMode } from '@tessera/contract';
import { useSearchParams } from 'react-router';
import type { PageKey } from '../../app/routes.ts';
import { BettingView } from './BettingView.tsx';
import { LotteryLobby } from './LotteryLobby.tsx';
import './lottery.css';

/** A game code as the URL may carry it (the server upper-cases it too). */
const gameCodeOf = (params: URLSearchParams) =>
  (params.get('gameCode') ?? '')
    .replace(/[^A-Za-z0-9_]/g, '')
    .slice(0, 32)
    .toUpperCase();

/**
 * A lottery screen (§2 /vnlottery, /lottery, /seaLottery, /elott): the lobby of its prize modes, or with ?gameCode= a
 * game's betting view (view=betting may come with it, from the lottery launch).
 */
export default function LotteryPage({
  prizeModes,
  pageKey,
}: {
  prizeModes: readonly PrizeMode[];
  pageKey: PageKey;
}) {
  const [params] = useSearchParams();
  const gameCode = gameCodeOf(params);
  return gameCode ? (
    <BettingView key={gameCode} gameCode={gameCode} pageKey={pageKey} />
  ) : (
    <LotteryLobby prizeModes={prizeModes} pageKey={pageKey} />
  );
}
