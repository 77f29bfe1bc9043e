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

/**
 * ft: the score at full time, regular time with injury time (football), or the maps each side won (esports);
 * h1: the half-time score; maps (esports): each map played in order, 1 = won (a map not awarded is 0:0).
 * An esports result without maps is a walkover: its map markets are void.
 */
export interface EventResult {
  ft: Score;
  h1?: Score;
  maps?: Score[];
}

export type LegOutcome = 'win' | 'half_win' | 'push' | 'half_lose' | 'lose' | 'void';

const FOOTBALL = new Set<MarketType>(['1x2', 'ah', 'ou', 'oe', 'dc', 'cs']);
const WITH_LINE = new Set<MarketType>(['ah', 'ou', 'map_handicap', 'total_maps']);
const TOTALS = new Set<MarketType>(['ou', 'total_maps']);
/** Lines further out than this are no market anyone offers (and keep a typo from making one). */
const MAX_LINE = 20;
/** Correct score lists each score up to this many goals a side, then 'other' (any other score). */
const CS_MAX_GOALS: Record<Period, number> = { ft: 4, h1: 2 };

/** Why a market spec is not valid (a sentence), or null when it is. */
export function specProblem(spec: MarketSpec): string | null {
  const { type, period, line, map, bestOf } = spec;
  if (!FOOTBALL.has(type) && !['winner', 'map_handicap', 'total_maps', 'map_winner'].includes(type))
    return `unknown market type ${String(type)}`;
  if (period !== 'ft' && period !== 'h1') return `unknown period ${String(period)}`;
  if (!FOOTBALL.has(type) && period !== 'ft') return `${type} is a full-time market`;
  if (WITH_LINE.has(type)) {
    if (typeof line !== 'number' || !Number.isFinite(line)) return `${type} needs a line`;
    if (!Number.isInteger(line * 4)) return 'a line is a multiple of 0.25';
    if (Math.abs(line) > MAX_LINE) return `a line is between -${MAX_LINE} and ${MAX_LINE}`;
    if (TOTALS.has(type) && line <= 0) return 'a total line is above 0';
  } else if (line !== undefined) return `${type} has no line`;
  if (type === 'map_winner') {
    if (typeof map !== 'number' || !Number.isInteger(map) || map < 1)
      return 'map_winner needs a map number from 1';
  } else if (map !== undefined) return `${type} has no map number`;
  if (bestOf !== undefined) {
    if (FOOTBALL.has(type)) return `${type} has no series length`;
    if (!Number.isInteger(bestOf) || bestOf < 1 || bestOf % 2 === 0)
      return 'a series is best of an odd number';
    if (type === 'map_winner' && (map ?? 0) > bestOf) return 'the map number is beyond the series';
  }
  return null;
}

function checkSpec(spec: MarketSpec): void {
  const problem = specProblem(spec);
  if (problem) throw new RangeError(problem);
}

function correctScores(period: Period): string[] {
  const max = CS_MAX_GOALS[period];
  const scores: string[] = [];
  for (let home = 0; home <= max; home++)
    for (let away = 0; away <= max; away++) scores.push(`${home}:${away}`);
  return [...scores, 'other'];
}

/** The selection keys of a market, e.g. ['home', 'draw', 'away'], ['over', 'under'], ['0:0', ..., 'other']. */
export function selectionsOf(spec: MarketSpec): string[] {
  checkSpec(spec);
  switch (spec.type) {
    case '1x2':
      return ['home', 'draw', 'away'];
    case 'ou':
    case 'total_maps':
      return ['over', 'under'];
    case 'oe':
      return ['odd', 'even'];
    case 'dc':
      return ['home_draw', 'home_away', 'draw_away'];
    case 'cs':
      return correctScores(spec.period);
    default: // ah, winner, map_handicap, map_winner
      return ['home', 'away'];
  }
}

/** A whole or half line: above 0 wins, 0 is a push (a whole line's tie), below 0 loses. */
const settleMargin = (margin: number): 'win' | 'push' | 'lose' =>
  margin > 0 ? 'win' : margin < 0 ? 'lose' : 'push';

/**
 * `margin` is the selection's goals (or maps) ahead after the line. A quarter line splits the stake over the two
 * neighbouring lines, a quarter either side: both halves win → win, win and push → half win, push and lose → half
 * lose, both lose → lose. Whole and half lines settle as one.
 */
function settleLine(margin: number): LegOutcome {
  if (Number.isInteger(margin * 2)) return settleMargin(margin);
  const low = settleMargin(margin - 0.25);
  const high = settleMargin(margin + 0.25);
  if (low === high) return low;
  if (low === 'push') return 'half_win'; // high is win
  return 'half_lose'; // low is lose, high is push
}

const wonMaps = (maps: Score[]): Score =>
  maps.reduce((sum, map) => ({ home: sum.home + map.home, away: sum.away + map.away }), { home: 0, away: 0 });

function checkScore(score: Score, what: string): void {
  for (const goals of [score.home, score.away])
    if (!Number.isInteger(goals) || goals < 0) throw new RangeError(`${what} is two whole numbers from 0`);
}

/** The outcome of one selection of a market on an event's result. */
export function settleSelection(spec: MarketSpec, selection: string, result: EventResult): LegOutcome {
  if (!selectionsOf(spec).includes(selection))
    throw new RangeError(`${selection} is not a selection of ${spec.type}`);
  const score = spec.period === 'h1' ? result.h1 : result.ft;
  if (!score) throw new RangeError('the result has no half-time score');
  checkScore(score, 'a score');
  const { home, away } = score;
  const line = spec.line ?? 0;
  const side = (wins: boolean, loses: boolean): LegOutcome => (wins ? 'win' : loses ? 'lose' : 'void');
  switch (spec.type) {
    case '1x2': {
      const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
      return selection === winner ? 'win' : 'lose';
    }
    case 'ah':
      return settleLine(selection === 'home' ? home - away + line : away - home - line);
    case 'ou':
      return settleLine(selection === 'over' ? home + away - line : line - home - away);
    case 'oe':
      return ((home + away) % 2 === 1) === (selection === 'odd') ? 'win' : 'lose';
    case 'dc': {
      const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
      return selection.split('_').includes(winner) ? 'win' : 'lose';
    }
    case 'cs': {
      const max = CS_MAX_GOALS[spec.period];
      const listed = home <= max && away <= max ? `${home}:${away}` : 'other';
      return selection === listed ? 'win' : 'lose';
    }
    case 'winner': // a drawn series (best of 2) is no winner: stakes back
      return selection === 'home' ? side(home > away, home < away) : side(away > home, away < home);
    default:
      return settleMaps(spec, selection, result);
  }
}

/** map_handicap, total_maps and map_winner: void on a walkover (no maps played) or for a map not played or awarded. */
function settleMaps(spec: MarketSpec, selection: string, result: EventResult): LegOutcome {
  const maps = result.maps ?? [];
  if (maps.length === 0) return 'void';
  for (const map of maps) {
    checkScore(map, 'a map');
    if (map.home + map.away > 1) throw new RangeError('a map is 1:0, 0:1, or 0:0 when not awarded');
  }
  const won = wonMaps(maps);
  if (won.home !== result.ft.home || won.away !== result.ft.away)
    throw new RangeError('the maps won do not add up to the series score');
  const line = spec.line ?? 0;
  switch (spec.type) {
    case 'map_handicap':
      return settleLine(selection === 'home' ? won.home - won.away + line : won.away - won.home - line);
    case 'total_maps': {
      const played = maps.filter((map) => map.home + map.away === 1).length;
      return settleLine(selection === 'over' ? played - line : line - played);
    }
    default: {
      const map = maps[(spec.map ?? 0) - 1];
      if (!map || map.home + map.away === 0) return 'void';
      return (selection === 'home' ? map.home : map.away) === 1 ? 'win' : 'lose';
    }
  }
}
