/** Market types, their selections and the settlement of one selection on a result (issue 28, design note E2). */

export type Period = 'ft' | 'h1';
export type MarketType =
  | '1x2'
  | 'ah'
  | 'ou'
  | 'oe'
  | 'dc'
  | 'cs' // football (period ft or h1)
  | 'winner'
  | 'map_handicap'
  | 'total_maps'
  | 'map_winner'; // esports (map_winner has a map number)

export interface MarketSpec {
  type: MarketType;
  period: Period;
  /** The home side's handicap (ah, map_handicap) or the total (ou, total_maps), in quarter steps, e.g. -0.75. */
  line?: number;
  /** map_winner: the map's number, from 1. */
  map?: number;
  /** Esports: the series' length (best of 1, 3, 5...), used by pricing only; 3 when absent. */
  bestOf?: number;
}

export interface Score {
  home: number;
  away: number;
}

/** ft: the score at full time (football) or the series' maps won (esports); maps: per map, 1 = won. */
export interface EventResult {
  ft: Score;
  h1?: Score;
  maps?: Score[];
}

export type LegOutcome = 'win' | 'half_win' | 'push' | 'half_lose' | 'lose' | 'void';

/** Why a market spec is not valid (a sentence), or null when it is. */
export function specProblem(spec: MarketSpec): string | null {
  void spec;
  throw new Error('not yet');
}

/** The selection keys of a market, e.g. ['home', 'draw', 'away'], ['over', 'under'], ['0:0', ..., 'other']. */
export function selectionsOf(spec: MarketSpec): string[] {
  void spec;
  throw new Error('not yet');
}

/** The outcome of one selection of a market on an event's result. */
export function settleSelection(spec: MarketSpec, selection: string, result: EventResult): LegOutcome {
  void spec;
  void selection;
  void result;
  throw new Error('not yet');
}
