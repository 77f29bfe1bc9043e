import { readFile } from 'node:fs/promises';
import { type MarketSpec, parseOpenfootball, simulateMaps, simulateScore } from '@tessera/sportsbook';
import type { Queryable } from '../../db/database.ts';
import { AppError } from '../../platform/app-error.ts';
import type { AppDeps } from '../../platform/context.ts';
import { publish } from '../../platform/realtime.ts';
import { write } from '../../platform/write.ts';
import { addMarket, moveEvent } from './console.ts';
import * as store from './store.ts';

/**
 * The book's feeds: where fixtures, prices and results come from. manual (the default): the operator enters them
 * in the console. simulator (tests and the demo): events priced from the teams' ratings (packages/sportsbook's
 * goals model), live scores that move with the clock, pushed over /ws; results are entered by operators as for a
 * manual event. openfootball: fixtures and results read from a competition file (a path or an http(s) URL); an
 * imported result waits for an operator's confirmation, as an entered one does.
 */

export interface FeedFixture {
  ref: string;
  sport: { kind: 'football' | 'esports'; name: string };
  competition: string;
  home: string;
  away: string;
  startsAt: Date;
  ratings: { home: number; away: number };
}

interface FeedResult {
  ref: string;
  result: store.ResultJson;
}

export interface SyncReport {
  created: number;
  results: number;
  skipped: string[];
}

/** The markets a feed's event opens with, priced from its ratings. */
function standardMarkets(
  kind: 'football' | 'esports',
  ratings: { home: number; away: number },
): MarketSpec[] {
  if (kind === 'esports') {
    return [
      { type: 'winner', period: 'ft' },
      { type: 'map_handicap', period: 'ft', line: -1.5 },
      { type: 'total_maps', period: 'ft', line: 2.5 },
      { type: 'map_winner', period: 'ft', map: 1 },
    ];
  }
  // The main handicap: the rating difference to the nearest quarter (the home side gives it).
  const line = -Math.round((ratings.home - ratings.away) * 4) / 4;
  return [
    { type: '1x2', period: 'ft' },
    { type: 'ah', period: 'ft', line },
    { type: 'ou', period: 'ft', line: 2.5 },
    { type: 'dc', period: 'ft' },
    { type: 'oe', period: 'ft' },
    { type: '1x2', period: 'h1' },
    { type: 'ou', period: 'h1', line: 1 },
  ];
}

/**
 * Writes a feed's fixture as an event with its standard markets (once: the feed's ref is its key), in the caller's
 * transaction. Answers whether it was new.
 */
export async function writeFixture(
  tx: Queryable,
  fixture: FeedFixture,
  source: 'simulator' | 'openfootball',
  margin: number,
  now: Date,
): Promise<boolean> {
  if (await store.eventByRef(tx, fixture.ref)) return false;
  const sport = await store.upsertSport(tx, null, { ...fixture.sport, enabled: true });
  if (!sport) throw new Error('sport not written');
  const competition = await store.upsertCompetition(tx, null, {
    sport_id: sport.id,
    name: fixture.competition,
    enabled: true,
  });
  if (!competition) throw new Error('competition not written');
  const id = await store.insertEvent(
    tx,
    {
      competitionId: competition.id,
      home: fixture.home,
      away: fixture.away,
      startsAt: fixture.startsAt,
      homeRating: fixture.ratings.home,
      awayRating: fixture.ratings.away,
      source,
      externalRef: fixture.ref,
    },
    now,
  );
  const event = await store.eventById(tx, id);
  if (!event) throw new Error('event not written');
  for (const [sort, spec] of standardMarkets(fixture.sport.kind, fixture.ratings).entries()) {
    await addMarket(tx, event, spec, { margin, fromModel: true }, null, sort);
  }
  return true;
}

/** Reads the openfootball file of the settings (outside any transaction). */
async function readOpenfootball(source: string): Promise<string> {
  if (!source) throw new AppError('sportsbook_feed_unavailable');
  try {
    if (/^https?:\/\//.test(source)) {
      const response = await fetch(source, { signal: AbortSignal.timeout(15_000) });
      if (!response.ok) throw new Error(`status ${response.status}`);
      return await response.text();
    }
    return await readFile(source, 'utf8');
  } catch {
    throw new AppError('sportsbook_feed_unavailable');
  }
}

/** An openfootball team name: a string, or { name } in older files (the parser gives strings). */
const refOf = (competition: string, match: { date: string; home: string; away: string }) =>
  `openfootball:${competition}:${match.date}:${match.home}:${match.away}`;

/** Default ratings of an imported match (the file has none): a mild home advantage. */
const IMPORTED_RATINGS = { home: 1.45, away: 1.15 };

/**
 * Imports the openfootball file: its fixtures not yet in the book become events (priced from the default ratings);
 * a played match's score becomes its event's entered result, waiting for an operator's confirmation (the
 * two-person rule: the file is the first person).
 */
async function importOpenfootball(deps: AppDeps, source: string, now: Date): Promise<SyncReport> {
  const text = await readOpenfootball(source);
  let parsed: ReturnType<typeof parseOpenfootball>;
  try {
    parsed = parseOpenfootball(text);
  } catch {
    throw new AppError('sportsbook_feed_unavailable');
  }
  const settings = await store.settings(deps.db);
  const report: SyncReport = { created: 0, results: 0, skipped: [] };
  for (const match of parsed.matches) {
    const ref = refOf(parsed.competition, match);
    const startsAt = new Date(`${match.date}T${match.time ?? '15:00'}:00Z`);
    await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      if (
        await writeFixture(
          tx,
          {
            ref,
            sport: { kind: 'football', name: 'Football' },
            competition: parsed.competition,
            home: match.home,
            away: match.away,
            startsAt,
            ratings: IMPORTED_RATINGS,
          },
          'openfootball',
          settings.default_margin,
          now,
        )
      )
        report.created += 1;
      if (!match.ft) return;
      const found = await store.eventByRef(tx, ref);
      if (!found) return;
      const event = await store.eventById(tx, found.id, true);
      if (!event || event.result || event.entered_result) return;
      if (!match.ht) {
        report.skipped.push(`${match.date} ${match.home} – ${match.away}`);
        return;
      }
      if (event.status === 'scheduled' || event.status === 'live') await moveEvent(tx, event, 'ended', now);
      await store.setEntered(tx, event.id, { result: { ft: match.ft, h1: match.ht }, by: null }, now);
      report.results += 1;
    });
  }
  return report;
}

/** Minutes of a simulated football match (half time included: the clock runs 0–45, a 15-minute break, 45–90). */
const BREAK_FROM = 45;
const BREAK_MINUTES = 15;
const ESPORTS_BEST_OF = 3;

/** The match minute of a simulated event at a time: null before its start. */
function simulatedMinute(startsAt: Date, now: Date): number | null {
  const elapsed = Math.floor((now.getTime() - startsAt.getTime()) / 60_000);
  if (elapsed < 0) return null;
  if (elapsed <= BREAK_FROM) return elapsed;
  if (elapsed <= BREAK_FROM + BREAK_MINUTES) return BREAK_FROM;
  return elapsed - BREAK_MINUTES;
}

/**
 * Moves the simulator's events with the clock: a started one goes live with the model's score at its minute
 * (football: the goals by then; esports: the maps won), and ends at full time (or when a side won the series):
 * its markets close and operators enter the result. Each change is pushed over /ws.
 */
export async function tickSimulator(deps: AppDeps, now: Date): Promise<number> {
  let changed = 0;
  for (const found of await store.simulatorEvents(deps.db, now)) {
    await write(deps.db, { isolation: 'read committed' }, async (tx) => {
      const event = await store.eventById(tx, found.id, true);
      if (!event || !['scheduled', 'live'].includes(event.status)) return;
      const minute = simulatedMinute(event.starts_at, now);
      if (minute === null) return;
      const model = { homeGoals: event.home_rating ?? 1.3, awayGoals: event.away_rating ?? 1.1 };
      const seed = `${event.id}:${event.external_ref ?? ''}`;
      let score: store.ScoreJson;
      let over: boolean;
      if (event.kind === 'esports') {
        const maps = simulateMaps(seed, model, ESPORTS_BEST_OF, minute);
        score = maps.reduce((sum, map) => ({ home: sum.home + map.home, away: sum.away + map.away }), {
          home: 0,
          away: 0,
        });
        over = Math.max(score.home, score.away) * 2 > ESPORTS_BEST_OF;
      } else {
        score = simulateScore(seed, model, Math.min(minute, 90));
        over = minute >= 90;
      }
      if (event.status === 'scheduled') await moveEvent(tx, { ...event, score, minute }, 'live', now);
      const moved = await store.setLive(tx, event.id, { score, minute, status: 'live' }, now);
      if (over) await moveEvent(tx, { ...event, score, minute }, 'ended', now);
      else if (moved) {
        await publish(tx, { type: 'sportsbook.event', eventId: event.id, status: 'live', score, minute });
      }
      if (moved || over) changed += 1;
    });
  }
  return changed;
}

/** The console's "sync now" and the hourly job: reads the configured feed. */
export async function syncFeed(deps: AppDeps, now: Date): Promise<SyncReport> {
  const settings = await store.settings(deps.db);
  if (settings.feed === 'openfootball') return importOpenfootball(deps, settings.openfootball_source, now);
  if (settings.feed === 'simulator')
    return { created: 0, results: await tickSimulator(deps, now), skipped: [] };
  return { created: 0, results: 0, skipped: [] };
}
