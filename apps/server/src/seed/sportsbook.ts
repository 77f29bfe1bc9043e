import type { Queryable } from '../db/database.ts';
import { writeFixture } from '../modules/sportsbook/feed.ts';

/**
 * The in-house sportsbook (issue 28). Always: its catalogue games (one for football, one for esports), under
 * vendors of the SPORTS and ESPORTS game types that are not listed as vendors (the book has its own pages): each
 * ticket is a round of one of them, so the betting record, turnover and reports count it like any game. Demo: a few
 * football and esports events of the simulator feed, priced from the teams' ratings.
 */
export async function seedSportsbook(tx: Queryable) {
  for (const [gameType, vassalage, vendorName, code, names] of [
    [
      'SPORTS',
      'TESSERA_BOOK',
      'Tessera Sportsbook',
      'SPORTSBOOK',
      { EN: 'Sportsbook', VI: 'Thể thao', CN: '体育投注' },
    ],
    [
      'ESPORTS',
      'TESSERA_EBOOK',
      'Tessera Esportsbook',
      'ESPORTSBOOK',
      { EN: 'Esports book', VI: 'Thể thao điện tử', CN: '电竞投注' },
    ],
  ] as const) {
    await tx.query(
      `insert into game_vendors (game_type, vassalage, display_name, enabled, sort) values ($1, $2, $3, false, 99)
       on conflict do nothing`,
      [gameType, vassalage, vendorName],
    );
    await tx.query(
      `insert into games (vendor_id, code, game_id, names, classify, min_bet, sort, demo, created_at, updated_at)
       select v.id, $2, $2, $3, 'SPORTS', 0, 0, false, now(), now() from game_vendors v where v.vassalage = $1
       on conflict (vendor_id, code) do nothing`,
      [vassalage, code, JSON.stringify(names)],
    );
  }
}

const HOUR = 3600_000;

/** [kind, competition, home, away, hours from now to kick-off, home rating, away rating] */
const DEMO_FIXTURES: ['football' | 'esports', string, string, string, number, number, number][] = [
  ['football', 'V.League 1', 'Hà Nội FC', 'Công An Hà Nội', 0.5, 1.5, 1.3],
  ['football', 'V.League 1', 'Thép Xanh Nam Định', 'Hoàng Anh Gia Lai', 2, 1.7, 0.9],
  ['football', 'Premier League', 'Arsenal', 'Chelsea', 26, 1.8, 1.2],
  ['football', 'Premier League', 'Liverpool', 'Manchester City', 50, 1.6, 1.6],
  ['esports', 'Dota 2 Invitational', 'Team Spirit', 'Gaimin Gladiators', 1, 1.2, 1],
  ['esports', 'League of Legends Masters', 'T1', 'Gen.G', 27, 1, 1.1],
];

export async function seedDemoSportsbook(tx: Queryable, now: Date) {
  for (const [
    index,
    [kind, competition, home, away, hours, homeRating, awayRating],
  ] of DEMO_FIXTURES.entries()) {
    await writeFixture(
      tx,
      {
        ref: `simulator:demo:${index + 1}`,
        sport: { kind, name: kind === 'football' ? 'Football' : 'Esports' },
        competition,
        home,
        away,
        startsAt: new Date(Math.ceil((now.getTime() + hours * HOUR) / 60_000) * 60_000),
        ratings: { home: homeRating, away: awayRating },
      },
      'simulator',
      0.05,
      now,
    );
  }
  await tx.query(`update sportsbook_settings set feed = 'simulator' where id = 1 and feed = 'manual'`);
}
