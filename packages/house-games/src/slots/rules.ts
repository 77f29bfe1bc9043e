/** How a window pays: shared by `spin` and by the exact RTP computation, so the two cannot disagree. */
import type { Reel, SlotGame, SlotSymbol } from './types.ts';

export type Window = readonly (readonly string[])[];

const symbolTables = new WeakMap<SlotGame, ReadonlyMap<string, SlotSymbol>>();

function symbolOf(game: SlotGame, id: string): SlotSymbol {
  let table = symbolTables.get(game);
  if (!table) {
    table = new Map(game.symbols.map((symbol) => [symbol.id, symbol]));
    symbolTables.set(game, table);
  }
  const symbol = table.get(id);
  if (!symbol) throw new Error(`${game.id}: unknown symbol ${id}`);
  return symbol;
}

export const payFor = (symbol: SlotSymbol, count: number): number => symbol.pays[count] ?? 0;

/** The rows of one reel at a stop: the stop's symbol on the top row, the following ones below, wrapping. */
export function reelWindow(reel: Reel, stop: number, rows: number): string[] {
  return Array.from({ length: rows }, (_, row) => reel.symbols[(stop + row) % reel.symbols.length] as string);
}

export function expandsWild(game: SlotGame, reelIndex: number, column: readonly string[]): boolean {
  return (
    game.expandingWildReels.includes(reelIndex) && column.some((id) => symbolOf(game, id).kind === 'wild')
  );
}

/** The window wins are counted on: expanding-wild reels that show a wild become all wild. */
export function evaluatedColumn(
  game: SlotGame,
  reelIndex: number,
  column: readonly string[],
): readonly string[] {
  if (!expandsWild(game, reelIndex, column)) return column;
  const wild = column.find((id) => symbolOf(game, id).kind === 'wild') as string;
  return column.map(() => wild);
}

export interface SymbolRun {
  readonly symbol: string;
  readonly count: number;
  readonly coins: number;
}

/**
 * A line's win: the leftmost non-wild symbol (wilds substitute for it, never for a scatter) counted along
 * adjacent reels from reel 1, or the leading wilds on their own if that pays more.
 */
export function lineWin(game: SlotGame, lineSymbols: readonly string[]): SymbolRun | null {
  const first = symbolOf(game, lineSymbols[0] as string);
  if (first.kind === 'scatter') return null;
  let wildCount = 0;
  while (wildCount < lineSymbols.length && symbolOf(game, lineSymbols[wildCount] as string).kind === 'wild') {
    wildCount += 1;
  }
  const wildRun: SymbolRun = { symbol: first.id, count: wildCount, coins: payFor(first, wildCount) };
  const targetId = lineSymbols[wildCount];
  let best: SymbolRun = wildRun;
  if (targetId !== undefined && symbolOf(game, targetId).kind === 'regular') {
    const target = symbolOf(game, targetId);
    let count = wildCount;
    while (count < lineSymbols.length) {
      const id = lineSymbols[count] as string;
      if (id !== targetId && symbolOf(game, id).kind !== 'wild') break;
      count += 1;
    }
    const coins = payFor(target, count);
    if (coins > best.coins) best = { symbol: targetId, count, coins };
  }
  return best.coins > 0 ? best : null;
}

export interface WayRun extends SymbolRun {
  /** The number of ways: the product of the matching cells on each counted reel. */
  readonly ways: number;
  /** Pay per way, in coins. */
  readonly coinsPerWay: number;
}

/** Cells of a column that count as `symbolId`: the symbol itself or a wild. */
export const matchingCells = (game: SlotGame, column: readonly string[], symbolId: string): number =>
  column.filter((id) => id === symbolId || symbolOf(game, id).kind === 'wild').length;

export function wayWins(game: SlotGame, window: Window): WayRun[] {
  const wins: WayRun[] = [];
  for (const symbol of game.symbols) {
    if (symbol.kind !== 'regular') continue;
    let ways = 1;
    let count = 0;
    for (const column of window) {
      const cells = matchingCells(game, column, symbol.id);
      if (cells === 0) break;
      ways *= cells;
      count += 1;
    }
    const coinsPerWay = payFor(symbol, count);
    if (coinsPerWay > 0)
      wins.push({ symbol: symbol.id, count, ways, coinsPerWay, coins: coinsPerWay * ways });
  }
  return wins;
}

export function scatterCount(game: SlotGame, window: Window): number {
  let count = 0;
  for (const column of window) for (const id of column) if (symbolOf(game, id).kind === 'scatter') count += 1;
  return count;
}

export function scatterSymbol(game: SlotGame): SlotSymbol | undefined {
  return game.symbols.find((symbol) => symbol.kind === 'scatter');
}
