import {
  type HouseTable,
  type TableOutcome,
  type TableState,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import type { GameSessionCaller } from '../../../../platform/access.ts';
import { AppError } from '../../../../platform/app-error.ts';
import type { AppDeps } from '../../../../platform/context.ts';
import { write } from '../../../../platform/write.ts';
import { currencyOf } from '../../../wallet/settings.ts';
import { gameName } from '../../catalogue.ts';
import * as seamless from '../../providers/seamless.ts';
import { publishedPays, publishedRtps } from './draw.ts';
import { currentRounds, settleDue } from './rounds.ts';
import { orderedLimits } from './settings.ts';
import * as store from './store.ts';

/** The session's table as its page shows it, and the shared state every player at the table polls. */

/** A member counts as at the table for this long after their page last asked for its state. */
const PRESENCE_MS = 30_000;
const HISTORY = 20;

/** The session's table, playable. */
export async function sessionTable(deps: AppDeps, player: GameSessionCaller): Promise<store.TableDb> {
  const table = await store.findTable(deps.db, player.gameId);
  if (!table?.enabled || table.provider !== player.provider) throw new AppError('game_not_found');
  return table;
}

/**
 * Stakes are whole units of the currency and multiples of 20 minor units (baccarat's banker pays 19/20 of the
 * stake, exactly): the least common multiple of the two.
 */
export async function stakeStep(deps: AppDeps): Promise<bigint> {
  const unit = 10n ** BigInt((await currencyOf(deps)).digits);
  const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));
  return (unit * 20n) / gcd(unit, 20n);
}

export async function tableInfo(
  deps: AppDeps,
  player: GameSessionCaller,
  language: string,
): Promise<HouseTable> {
  const table = await sessionTable(deps, player);
  const [currency, wallet, step] = await Promise.all([
    currencyOf(deps),
    seamless.memberState(deps, player.memberId),
    stakeStep(deps),
  ]);
  return {
    kind: table.kind,
    table: table.room,
    name: gameName(table.names, language),
    limits: Object.fromEntries(orderedLimits(table)),
    step: step.toString(),
    bettingSeconds: Math.round(table.betting_ms / 1000),
    resultSeconds: Math.round(table.result_ms / 1000),
    rtp: publishedRtps(table.kind),
    pays: publishedPays(table.kind),
    currency: currency.currency,
    digits: currency.digits,
    balance: (wallet?.balance ?? 0n).toString(),
  };
}

/** Players at each table now (GLS2_roomList), by catalogue id. */
export function tablePlayerCounts(deps: AppDeps, now: Date): Promise<Map<number, number>> {
  return store.presentCounts(deps.db, new Date(now.getTime() - PRESENCE_MS));
}

/** A name as the other players see it: its first two characters, stars, and its last one. */
function maskName(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}**`;
  return `${username.slice(0, 2)}***${username.slice(-1)}`;
}

/**
 * The table's shared state. Asking for it settles what is due at the table (the first request after a round's
 * betting closed draws it), writes the round in play and the next one if missing, and marks the member present.
 * A settlement that fails here is left to the settle job, whose failures the console's job list shows.
 */
export async function tableState(
  deps: AppDeps,
  player: GameSessionCaller,
  now: Date,
  /** A settlement that failed (the job retries it); the state is answered all the same. */
  onSettleError: (error: unknown) => void = () => {},
): Promise<TableState> {
  const table = await sessionTable(deps, player);
  try {
    await settleDue(deps, now, table.game_id);
  } catch (error) {
    onSettleError(error);
  }
  const { current, next } = await currentRounds(deps, table, now);
  await write(deps.db, { isolation: 'read committed' }, (tx) =>
    store.markPresent(tx, table.game_id, player.memberId, now),
  );
  const [bets, allSeats, history, present, wallet] = await Promise.all([
    store.roundBets(deps.db, current.id),
    store.roundSeats(deps.db, current.id, TRIAL_ACCOUNT_IS_AGENT),
    store.recentResults(deps.db, table.game_id, current.round_no, HISTORY),
    store.presentCounts(deps.db, new Date(now.getTime() - PRESENCE_MS)),
    seamless.memberState(deps, player.memberId),
  ]);
  // Play money and money never show together: a player sees the stakes of those who bet the same kind as they do.
  const playMoney = await seamless.playsWithPlayMoney(deps, player.memberId);
  const otherMoney = new Set(
    allSeats.filter((seat) => seat.play_money !== playMoney).map((seat) => seat.member_id),
  );
  const seats = allSeats.filter((seat) => !otherMoney.has(seat.member_id));
  const totals: Record<string, string> = {};
  const mine: { spot: string; stake: string }[] = [];
  let myPayout: bigint | null = null;
  for (const bet of bets) {
    if (bet.state === 'voided' || otherMoney.has(bet.member_id)) continue;
    for (const spot of bet.spots) {
      totals[spot.spot] = (BigInt(totals[spot.spot] ?? '0') + BigInt(spot.stake)).toString();
      if (bet.member_id === player.memberId) mine.push(spot);
    }
    if (bet.member_id === player.memberId && bet.payout !== null) myPayout = (myPayout ?? 0n) + bet.payout;
  }
  const drawn = current.state === 'drawn' || current.state === 'settled';
  return {
    now: now.toISOString(),
    round: {
      round: Number(current.round_no),
      state: current.state,
      opensAt: current.opens_at.toISOString(),
      closesAt: current.closes_at.toISOString(),
      endsAt: current.ends_at.toISOString(),
      commitment: current.commitment,
      outcome: drawn ? (current.outcome as TableOutcome) : null,
      serverSeed: drawn ? current.server_seed : null,
      salt: drawn ? current.salt : null,
    },
    next: { round: Number(next.round_no), commitment: next.commitment, opensAt: next.opens_at.toISOString() },
    history: history.map((row) => ({ round: Number(row.round_no), outcome: row.outcome as TableOutcome })),
    players: Math.max(present.get(table.game_id) ?? 0, 1),
    seats: seats.map((seat) => ({
      name: maskName(seat.username),
      stake: BigInt(seat.stake).toString(),
      me: seat.member_id === player.memberId,
    })),
    totals,
    mine,
    myPayout: myPayout === null ? null : myPayout.toString(),
    balance: (wallet?.balance ?? 0n).toString(),
  };
}
