import type { Drawer } from '../fair.ts';
import {
  evaluatedColumn,
  expandsWild,
  lineWin,
  payFor,
  reelWindow,
  type SymbolRun,
  scatterCount,
  scatterSymbol,
  type WayRun,
  wayWins,
} from './rules.ts';
import type { Reel, RtpVariant, SlotGame } from './types.ts';

interface LineWinResult extends SymbolRun {
  /** 0-based index into the game's lines. */
  readonly line: number;
  /** Minor units: coins × multiplier × coin value. */
  readonly win: bigint;
}

interface WayWinResult extends WayRun {
  readonly win: bigint;
}

interface ScatterResult {
  readonly count: number;
  readonly coins: number;
  readonly win: bigint;
}

interface SpinResult {
  /** Stop index of each reel: the top row shows that strip position. */
  readonly stops: readonly number[];
  /** window[reel][row] as landed, row 0 on top. */
  readonly window: readonly (readonly string[])[];
  /** Reels on which a wild expanded; wins are counted on the window with those reels all wild. */
  readonly expandedReels: readonly number[];
  readonly lineWins: readonly LineWinResult[];
  readonly wayWins: readonly WayWinResult[];
  readonly scatter: ScatterResult;
  /** Wins of this spin are multiplied by this (free spins). */
  readonly multiplier: number;
  readonly freeSpinsAwarded: number;
  /** Sum of this spin's line, way and scatter wins. */
  readonly win: bigint;
}

export interface SpinOutcome {
  readonly game: string;
  readonly rtp: string;
  readonly bet: bigint;
  readonly coinValue: bigint;
  readonly base: SpinResult;
  readonly freeSpins: readonly SpinResult[];
  /** base.win plus every free spin's win. */
  readonly totalWin: bigint;
}

export class BetRefused extends RangeError {}

export function checkBet(game: SlotGame, bet: bigint): void {
  const { min, max, step } = game.betLimits;
  if (bet < min || bet > max || (bet - min) % step !== 0n || bet % BigInt(game.betCoins) !== 0n) {
    throw new BetRefused(`${game.id}: bet ${bet} outside ${min}..${max} in steps of ${step}`);
  }
}

function spinReels(
  game: SlotGame,
  reels: readonly Reel[],
  multiplier: number,
  coinValue: bigint,
  draw: Drawer,
): Omit<SpinResult, 'freeSpinsAwarded'> {
  const stops = reels.map((reel) => draw.weighted(reel.weights));
  const window = reels.map((reel, index) => reelWindow(reel, stops[index] as number, game.rows));
  const evaluated = window.map((column, index) => evaluatedColumn(game, index, column));
  const expandedReels = window.flatMap((column, index) => (expandsWild(game, index, column) ? [index] : []));
  const pay = (coins: number) => BigInt(coins * multiplier) * coinValue;
  const lineWins: LineWinResult[] = [];
  if (game.layout.type === 'lines') {
    game.layout.lines.forEach((rows, line) => {
      const run = lineWin(
        game,
        rows.map((row, reel) => evaluated[reel]?.[row] as string),
      );
      if (run) lineWins.push({ ...run, line, win: pay(run.coins) });
    });
  }
  const ways =
    game.layout.type === 'ways'
      ? wayWins(game, evaluated).map((run) => ({ ...run, win: pay(run.coins) }))
      : [];
  const count = scatterCount(game, window);
  const scatterPays = scatterSymbol(game);
  const scatterCoins = scatterPays ? payFor(scatterPays, count) : 0;
  const scatter = { count, coins: scatterCoins, win: pay(scatterCoins) };
  let win = scatter.win;
  for (const part of [...lineWins, ...ways]) win += part.win;
  return { stops, window, expandedReels, lineWins, wayWins: ways, scatter, multiplier, win };
}

/**
 * One paid spin and the free spins it triggers, drawn in that order from one round's drawer: each spin draws
 * one weighted stop per reel, reel 1 first.
 */
export function spin(game: SlotGame, variant: RtpVariant, bet: bigint, draw: Drawer): SpinOutcome {
  checkBet(game, bet);
  const coinValue = bet / BigInt(game.betCoins);
  const baseSpin = spinReels(game, variant.reels, 1, coinValue, draw);
  const rule = game.freeSpins;
  const awarded = rule ? Math.min(rule.award[baseSpin.scatter.count] ?? 0, rule.cap) : 0;
  const base: SpinResult = { ...baseSpin, freeSpinsAwarded: awarded };
  const freeSpins: SpinResult[] = [];
  let totalWin = base.win;
  if (rule) {
    let remaining = awarded;
    let totalAwarded = awarded;
    while (remaining > 0) {
      const freeSpin = spinReels(game, rule.reels, rule.multiplier, coinValue, draw);
      const extra = Math.min(rule.retrigger[freeSpin.scatter.count] ?? 0, rule.cap - totalAwarded);
      totalAwarded += extra;
      remaining += extra - 1;
      freeSpins.push({ ...freeSpin, freeSpinsAwarded: extra });
      totalWin += freeSpin.win;
    }
  }
  return { game: game.id, rtp: variant.rtp, bet, coinValue, base, freeSpins, totalWin };
}
