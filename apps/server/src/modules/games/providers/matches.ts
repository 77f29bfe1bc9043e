import type { SportsMatch } from '@tessera/contract';
import type { Queryable } from '../../../db/database.ts';
import * as store from './store.ts';

/** A match stays on the list this long after kick-off (it is being played). */
const IN_PLAY_MS = 2 * 3_600_000;

/** The home page's hot sport (GCSGAME_getGameMatchV2): the sports vendors' next matches, soonest first. */
export async function hotMatches(
  db: Queryable,
  query: { vassalage?: string | undefined; limitNum: number },
  now: Date,
): Promise<{ list: SportsMatch[] }> {
  const rows = await store.upcomingMatches(db, {
    vassalage: query.vassalage ?? null,
    since: new Date(now.getTime() - IN_PLAY_MS),
    limit: query.limitNum,
  });
  return {
    list: rows.map((row) => ({
      matchId: row.match_ref,
      vassalage: row.vassalage,
      league: row.league,
      homeTeam: row.home_team,
      awayTeam: row.away_team,
      kickOff: row.kick_off.toISOString(),
      odds: row.odds,
    })),
  };
}
