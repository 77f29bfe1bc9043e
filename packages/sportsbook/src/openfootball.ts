/** The openfootball importer's pure part: a competition file (football.json format) read from its text. */
import type { Score } from './markets.ts';

export interface OpenfootballMatch {
  date: string;
  time?: string;
  round?: string;
  home: string;
  away: string;
  ft?: Score;
  ht?: Score;
}

export function parseOpenfootball(json: string): { competition: string; matches: OpenfootballMatch[] } {
  void json;
  throw new Error('not yet');
}
