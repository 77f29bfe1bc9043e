import { describe, expect, it } from 'vitest';
import { type OpenfootballMatch, parseOpenfootball } from '../src/index.ts';
import premierLeague from './fixtures/premier-league-sample.json';
import worldCup from './fixtures/world-cup-older-format.json';

// The files as an importer fetches them: text.
const fixture = (file: object) => JSON.stringify(file, null, 2);

describe('parseOpenfootball', () => {
  it('reads a competition in the current format: results with half and full time, and fixtures', () => {
    const { competition, matches } = parseOpenfootball(fixture(premierLeague));
    expect(competition).toBe('English Premier League 2024/25');
    expect(matches).toHaveLength(4);
    expect(matches[0]).toEqual({
      date: '2024-08-16',
      time: '20:00',
      round: 'Matchday 1',
      home: 'Manchester United FC',
      away: 'Fulham FC',
      ft: { home: 1, away: 0 },
      ht: { home: 0, away: 0 },
    });
    expect(matches[1]?.ft).toEqual({ home: 0, away: 2 });
    expect(matches[3]).toEqual({
      date: '2025-05-25',
      time: '16:00',
      round: 'Matchday 38',
      home: 'Brighton & Hove Albion FC',
      away: 'Tottenham Hotspur FC',
    });
  });

  it('reads the older format: rounds, teams as objects, score1/score2 and score1i/score2i', () => {
    const { competition, matches } = parseOpenfootball(fixture(worldCup));
    expect(competition).toBe('World Cup 2014');
    const expected: OpenfootballMatch[] = [
      {
        date: '2014-06-12',
        time: '17:00 UTC-3',
        round: 'Matchday 1',
        home: 'Brazil',
        away: 'Croatia',
        ft: { home: 3, away: 1 },
        ht: { home: 1, away: 1 },
      },
      { date: '2014-07-13', round: 'Final', home: 'Germany', away: 'Argentina' },
    ];
    expect(matches).toEqual(expected);
  });

  it('keeps the score after 90 minutes when the match went to extra time and penalties', () => {
    const file = JSON.stringify({
      name: 'Cup',
      matches: [
        {
          date: '2024-05-01',
          team1: 'A',
          team2: 'B',
          score: { ht: [1, 0], ft: [1, 1], et: [2, 2], p: [4, 3] },
        },
      ],
    });
    expect(parseOpenfootball(file).matches[0]?.ft).toEqual({ home: 1, away: 1 });
  });

  it.each([
    ['{ "name": ', /not an openfootball file/],
    ['[]', /not an object/],
    ['{ "matches": [] }', /no name/],
    ['{ "name": "X" }', /no matches/],
    [
      '{ "name": "X", "matches": [{ "date": "16/08/2024", "team1": "A", "team2": "B" }] }',
      /match 1: the date/,
    ],
    [
      '{ "name": "X", "matches": [{ "date": "2024-08-16", "time": "8pm", "team1": "A", "team2": "B" }] }',
      /time/,
    ],
    ['{ "name": "X", "matches": [{ "date": "2024-08-16", "team1": "A" }] }', /match 1: a team/],
    [
      '{ "name": "X", "matches": [{ "date": "2024-08-16", "team1": "A", "team2": "B", "score": { "ft": [1, -1] } }] }',
      /match 1 full time: a score/,
    ],
    ['{ "name": "X", "rounds": [{ "name": "R1" }] }', /round 1 has no matches/],
  ])('refuses %s, saying where', (json, problem) => {
    expect(() => parseOpenfootball(json)).toThrow(problem);
  });
});
