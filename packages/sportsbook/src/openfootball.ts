/** The openfootball importer's pure part: a competition file (football.json format) read from its text. */
import type { Score } from './markets.ts';

export interface OpenfootballMatch {
  /** YYYY-MM-DD, the local date of the venue. */
  date: string;
  /** HH:MM as the file gives it, possibly followed by its offset, e.g. "20:00" or "13:00 UTC+3". */
  time?: string;
  round?: string;
  home: string;
  away: string;
  /** After 90 minutes (extra time and penalties are not the book's full time). */
  ft?: Score;
  ht?: Score;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{1,2}:\d{2}( UTC[+-]\d{1,2}(:\d{2})?)?$/;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isGoals = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;

function scoreOf(pair: unknown, where: string): Score | undefined {
  if (pair === undefined || pair === null) return undefined;
  if (!Array.isArray(pair) || pair.length !== 2 || !isGoals(pair[0]) || !isGoals(pair[1]))
    throw new RangeError(`${where}: a score is two whole numbers from 0`);
  return { home: pair[0], away: pair[1] };
}

function teamOf(team: unknown, where: string): string {
  // The current format names a team; the older one gives { key, name, code }.
  const name = isRecord(team) ? team.name : team;
  if (typeof name !== 'string' || name.trim() === '') throw new RangeError(`${where}: a team has a name`);
  return name.trim();
}

function matchOf(raw: unknown, roundName: string | undefined, where: string): OpenfootballMatch {
  if (!isRecord(raw)) throw new RangeError(`${where} is not a match`);
  const { date, time, round, team1, team2, score } = raw;
  if (typeof date !== 'string' || !DATE.test(date)) throw new RangeError(`${where}: the date is YYYY-MM-DD`);
  if (time !== undefined && (typeof time !== 'string' || !TIME.test(time.trim())))
    throw new RangeError(`${where}: the time is HH:MM`);
  const match: OpenfootballMatch = { date, home: teamOf(team1, where), away: teamOf(team2, where) };
  if (typeof time === 'string') match.time = time.trim();
  const roundLabel = typeof round === 'string' ? round : roundName;
  if (roundLabel) match.round = roundLabel;
  // The current format: "score": { "ht": [0, 0], "ft": [1, 0], "et": ..., "p": ... }; the older one: score1 and
  // score2 at full time, score1i and score2i at half time.
  const scores = isRecord(score) ? score : {};
  const older = (one: unknown, two: unknown) => (one === undefined || one === null ? undefined : [one, two]);
  const ft = scoreOf(scores.ft ?? older(raw.score1, raw.score2), `${where} full time`);
  const ht = scoreOf(scores.ht ?? older(raw.score1i, raw.score2i), `${where} half time`);
  if (ft) match.ft = ft;
  if (ht) match.ht = ht;
  return match;
}

/**
 * A competition file of openfootball (public domain, github.com/openfootball/football.json): its name and matches,
 * in the current format ({ name, matches: [{ round, date, time, team1, team2, score: { ht, ft } }] }) or the older
 * one ({ name, rounds: [{ name, matches: [{ date, team1: { name }, team2, score1, score2 }] }] }). A match without
 * a score is a fixture. Anything else is refused with a RangeError that says where.
 */
export function parseOpenfootball(json: string): { competition: string; matches: OpenfootballMatch[] } {
  let file: unknown;
  try {
    file = JSON.parse(json);
  } catch (error) {
    throw new RangeError(`not an openfootball file: ${(error as Error).message}`);
  }
  if (!isRecord(file)) throw new RangeError('not an openfootball file: not an object');
  const { name, matches, rounds } = file;
  if (typeof name !== 'string' || name.trim() === '') throw new RangeError('the competition has no name');
  let found: OpenfootballMatch[];
  if (Array.isArray(matches)) found = matches.map((match, i) => matchOf(match, undefined, `match ${i + 1}`));
  else if (Array.isArray(rounds))
    found = rounds.flatMap((round, r) => {
      if (!isRecord(round) || !Array.isArray(round.matches))
        throw new RangeError(`round ${r + 1} has no matches`);
      const roundName = typeof round.name === 'string' ? round.name : undefined;
      return round.matches.map((match, i) => matchOf(match, roundName, `round ${r + 1} match ${i + 1}`));
    });
  else throw new RangeError('not an openfootball file: no matches');
  return { competition: name.trim(), matches: found };
}
