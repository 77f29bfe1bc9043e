/**
 * Sportsbook figures (issue 28) on a real PostgreSQL server the script starts:
 *  1. the statements (pg_stat_statements) and round trips of one bet, a single and a 3-leg parlay, placed in this
 *     process one after another, and the share of their time spent in the database;
 *  2. bets accepted per second over HTTP on one hot football event in the WINDOW seconds before kick-off, by PLAYERS
 *     members at once (each its own session and connection), against a started server process, driven by autocannon
 *     in a process of its own (measure.ts loadFrom); beside it a Fastify hello-world route under the same
 *     connections (HTTP overhead) and pgbench's simple-update (database baseline). Every bet holds its market's row
 *     (the price version and liability checks), so one hot event is the book's worst case;
 *  3. the time to settle TICKETS tickets of one event (by one settler, then by two at once on another event), with
 *     the statements and round trips per ticket and where the time goes (database, this process's CPU).
 * Run: npx tsx bench/sportsbook.ts   [PLAYERS=1000 TICKETS=10000 WINDOW=20 TOP=0 PROFILE=<folder>]
 * (issue 28's figure: TICKETS=100000 WINDOW=60; TOP=n prints each part's n slowest statements by total time)
 */

import { randomUUID } from 'node:crypto';
import { placeBet } from '../apps/server/src/modules/sportsbook/bets.ts';
import { writeFixture } from '../apps/server/src/modules/sportsbook/feed.ts';
import { settleEvent } from '../apps/server/src/modules/sportsbook/settlement.ts';
import * as book from '../apps/server/src/modules/sportsbook/store.ts';
import type { AppDeps } from '../apps/server/src/platform/context.ts';
import { countRoundTrips, type StatementFigure, startBenchSite, statementCounter } from './database.ts';
import { builtinTps, cpuSeconds, loadFrom } from './measure.ts';

const PLAYERS = Number(process.env.PLAYERS ?? 1000);
const TICKETS = Number(process.env.TICKETS ?? 10_000);
const WINDOW_SECONDS = Number(process.env.WINDOW ?? 20);
const TOP = Number(process.env.TOP ?? 0);
/** Bets of each kind placed one after another for the statement counts. */
const PROFILED_BETS = 50;

const row = (name: string, value: string, note = '') => `  ${name.padEnd(66)}${value.padStart(14)}  ${note}`;
const topLines = (top: StatementFigure[]) =>
  top.map(
    (statement) =>
      `      ${statement.ms.toFixed(0).padStart(8)} ms ${String(statement.calls).padStart(8)} calls  ${statement.query.slice(0, 150)}`,
  );

async function main() {
  const site = await startBenchSite({ players: PLAYERS, prefix: 'punter' });
  const { pg, db, deps, sessions, server, helloRun, memberIds } = site;
  const statements = statementCounter(db);
  try {
    const now = new Date();
    // Limits that a bench of small stakes never reaches: the figure is the book's, not its refusals.
    await book.saveSettings(
      db,
      {
        ...(await book.settings(db)),
        max_stake_per_selection: 10_000_000_000n,
        max_payout_per_ticket: 10_000_000_000n,
        liability_per_market: 1_000_000_000_000n,
        live_delay_seconds: 0,
      },
      now,
    );

    // 1. One bet's statements and round trips: singles, then 3-leg parlays, on three events of their own.
    const later = new Date(Date.now() + 86_400_000);
    const profiled = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const eventId = await eventOf(deps, `bench:profile-${n}`, later);
        return mainSelections(deps, eventId);
      }),
    );
    const single = await profileBets(deps, memberIds, (index) => [
      profiled[0]?.[index % profiled[0].length] as Pick,
    ]);
    const parlay = await profileBets(deps, memberIds, (index) =>
      profiled.map((selections) => selections[index % selections.length] as Pick),
    );

    // 2. Bets over HTTP: the hot event kicks off WINDOW seconds after the load starts (a few seconds to get ready).
    const kickOff = new Date(Date.now() + (WINDOW_SECONDS + 8) * 1000);
    const hot = await eventOf(deps, 'bench:hot', kickOff);
    const selections = await mainSelections(deps, hot);
    const bodies = Array.from({ length: 1000 }, (_, index) => {
      const selection = selections[index % selections.length] as Pick;
      return JSON.stringify({
        selections: [{ selectionId: selection.id, version: selection.version }],
        stake: 10,
      });
    });
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, kickOff.getTime() - WINDOW_SECONDS * 1000 - Date.now())),
    );
    await statements.reset();
    const serverCpu = cpuSeconds(server.pid);
    const bets = await loadFrom({
      url: server.baseUrl,
      paths: ['/wps/sportsbook/bets'],
      method: 'POST',
      tokens: sessions,
      idempotencyKeys: `bet-${randomUUID()}`,
      bodies,
      connections: PLAYERS,
      seconds: Math.max(1, Math.floor((kickOff.getTime() - Date.now()) / 1000)),
    });
    // What the book took in the window (autocannon counts a call answered after its timeout as failed, though the
    // bet stands); then the server's backlog (calls it read before the window closed) is left to drain, so that
    // the baseline and the settlement below run alone.
    const ticketsOn = async () => {
      const [taken] = await db.query<{ n: number }>(
        `select count(*)::int as n from sportsbook_tickets t join sportsbook_legs l on l.ticket_id = t.id
         where l.event_id = $1`,
        [hot],
      );
      return taken?.n ?? 0;
    };
    const accepted = await ticketsOn();
    let drained = accepted;
    for (let previous = -1; drained !== previous; ) {
      previous = drained;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      drained = await ticketsOn();
    }
    const betsServerCpu = cpuSeconds(server.pid) - serverCpu;
    const betStatements = await statements.read(TOP);
    const simpleUpdate = builtinTps(pg.bin, pg.port, 'simple-update', 8, 10);

    // 3. Settlement.
    const settleOne = await timeSettlement(deps, 'bench:settle-1', 1);
    const settleTwo = await timeSettlement(deps, 'bench:settle-2', 2);
    const perTicket = (value: number) => (value / TICKETS).toFixed(2);
    const load = (await import('node:os')).loadavg();

    process.stdout.write(
      [
        `PostgreSQL server started by the script; ${PLAYERS} members, each with its own session; load average at the end ${load.map((n) => n.toFixed(1)).join(', ')}`,
        '',
        `One bet, placed in this process one after another (${PROFILED_BETS} of each; idempotency key as over HTTP):`,
        row(
          'single: statements / round trips per bet',
          `${single.statements.toFixed(1)} / ${single.roundTrips.toFixed(1)}`,
          `${single.ms.toFixed(1)} ms a bet, ${single.dbShare} in the database`,
        ),
        row(
          '3-leg parlay: statements / round trips per bet',
          `${parlay.statements.toFixed(1)} / ${parlay.roundTrips.toFixed(1)}`,
          `${parlay.ms.toFixed(1)} ms a bet, ${parlay.dbShare} in the database`,
        ),
        ...(TOP ? ['    parlays, slowest statements:', ...topLines(parlay.top)] : []),
        '',
        `Bets on one event in the ${WINDOW_SECONDS} s before kick-off (${PLAYERS} members, one connection each):`,
        row(
          `baseline Fastify hello-world route, ${PLAYERS} connections (requests/s)`,
          helloRun.perSecond.toFixed(0),
        ),
        row('baseline pgbench simple-update, 8 clients (tps)', simpleUpdate.toFixed(0)),
        row(
          'bets accepted per second (tickets written)',
          (accepted / WINDOW_SECONDS).toFixed(0),
          `p50 ${bets.p50Ms.toFixed(0)} ms, p99 ${bets.p99Ms.toFixed(0)} ms; ratio to pgbench ${(accepted / WINDOW_SECONDS / simpleUpdate).toFixed(2)}`,
        ),
        row('bets accepted in the window (tickets written)', String(accepted)),
        row('calls answered 2xx within the timeout', String(bets.total - bets.failures)),
        row('calls refused, failed or timed out', String(bets.failures), bets.statuses),
        row('bets written after the window (the server’s backlog)', String(drained - accepted)),
        row(
          'statements per bet written (with the session check, over HTTP)',
          drained ? (betStatements.calls / drained).toFixed(1) : '-',
          `server CPU ${drained ? ((betsServerCpu * 1000) / drained).toFixed(2) : '-'} ms a bet, database ${drained ? (betStatements.ms / drained).toFixed(2) : '-'} ms a bet`,
        ),
        ...(TOP ? ['    slowest statements:', ...topLines(betStatements.top)] : []),
        '',
        `Settling ${TICKETS.toLocaleString('en')} single tickets of one event (Asian handicap and totals, quarter lines):`,
        row(
          'one settler (s)',
          settleOne.seconds.toFixed(1),
          `${(TICKETS / settleOne.seconds).toFixed(0)} tickets/s`,
        ),
        row(
          'one settler: statements / round trips per ticket',
          `${perTicket(settleOne.statements)} / ${perTicket(settleOne.roundTrips)}`,
          `database ${((settleOne.dbMs / 1000 / settleOne.seconds) * 100).toFixed(0)}% of the time, this process's CPU ${((settleOne.cpuSeconds / settleOne.seconds) * 100).toFixed(0)}%`,
        ),
        ...(TOP ? ['    slowest statements:', ...topLines(settleOne.top)] : []),
        row(
          'two settlers at once (s)',
          settleTwo.seconds.toFixed(1),
          `${(TICKETS / settleTwo.seconds).toFixed(0)} tickets/s`,
        ),
        row('baseline pgbench simple-update (tps)', simpleUpdate.toFixed(0)),
        '',
      ].join('\n'),
    );
  } finally {
    await site.stop();
  }
}

type Pick = { id: number; version: number };

/** The full-time 1X2, handicap and total selections of an event. */
function mainSelections(deps: AppDeps, eventId: number) {
  return deps.db.query<Pick>(
    `select x.id, x.version from sportsbook_selections x join sportsbook_markets m on m.id = x.market_id
     where m.event_id = $1 and m.period = 'ft' and m.type in ('1x2', 'ah', 'ou') order by x.id`,
    [eventId],
  );
}

/**
 * Places PROFILED_BETS bets one after another in this process (the legs of each from `legsOf`), each by the next
 * member with an idempotency key, and answers per bet: statements, round trips, milliseconds and the database's
 * share of them, with the slowest statements.
 */
async function profileBets(deps: AppDeps, memberIds: number[], legsOf: (index: number) => Pick[]) {
  const statements = statementCounter(deps.db);
  const counted = countRoundTrips(deps.db);
  const countedDeps = { ...deps, db: counted.db } as AppDeps;
  await statements.reset();
  const start = performance.now();
  for (let index = 0; index < PROFILED_BETS; index += 1) {
    const memberId = memberIds[index % memberIds.length] as number;
    const at = new Date();
    await placeBet(
      countedDeps,
      memberId,
      {
        selections: legsOf(index).map((leg) => ({ selectionId: leg.id, version: leg.version })),
        stake: 10,
        acceptChanges: 'none',
      },
      { scope: `member:${memberId}:sportsbook-bet`, key: randomUUID(), fingerprint: 'bench', at },
      'en',
      at,
    );
  }
  const ms = performance.now() - start;
  const figures = await statements.read(TOP);
  return {
    statements: figures.calls / PROFILED_BETS,
    roundTrips: counted.roundTrips() / PROFILED_BETS,
    ms: ms / PROFILED_BETS,
    dbShare: `${((figures.ms / ms) * 100).toFixed(0)}%`,
    top: figures.top,
  };
}

/** A football event of the simulator's kind with its standard markets; its id. */
async function eventOf(deps: AppDeps, ref: string, startsAt: Date): Promise<number> {
  await deps.db.transaction('read committed', (tx) =>
    writeFixture(
      tx,
      {
        ref,
        sport: { kind: 'football', name: 'Football' },
        competition: 'Bench League',
        home: 'Bench Home',
        away: 'Bench Away',
        startsAt,
        ratings: { home: 1.6, away: 1.1 },
      },
      'simulator',
      0.05,
      new Date(),
    ),
  );
  const event = await book.eventByRef(deps.db, ref);
  if (!event) throw new Error('no bench event');
  return event.id;
}

/**
 * Writes TICKETS accepted single tickets (with their betting-record rounds and legs, spread over the event's
 * handicap and total selections) on a new event directly, confirms its result, and times its settlement by
 * `settlers` concurrent settleEvent calls.
 */
async function timeSettlement(deps: AppDeps, ref: string, settlers: number) {
  const { db } = deps;
  const eventId = await eventOf(deps, ref, new Date(Date.now() - 2 * 3600_000));
  const [game] = await db.query<{ id: number }>(
    `select g.id from games g join game_vendors v on v.id = g.vendor_id where v.vassalage = 'TESSERA_BOOK'`,
  );
  await db.query(
    `with picks as (
       select x.id as selection_id, x.market_id, x.price, row_number() over (order by x.id) - 1 as n,
         count(*) over () as of
       from sportsbook_selections x join sportsbook_markets m on m.id = x.market_id
       where m.event_id = $1 and m.type in ('ah', 'ou')),
     picked as (
       select g, (select id from members where username = 'punter' || (1 + g % ${PLAYERS})) as member_id,
         p.selection_id, p.market_id, p.price
       from generate_series(1, $2::int) g join picks p on p.n = g % p.of),
     rounds as (
       insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
       select member_id, $3, 'SB' || $1::text || '-' || g, 'PHP', 1000, 0, 'open', now(), now() from picked
       returning id, round_ref),
     tickets as (
       insert into sportsbook_tickets (ticket_no, member_id, kind, state, stake, price, potential_return, currency, live,
         accept_changes, game_id, game_round_id, created_at)
       select r.round_ref, p.member_id, 'single', 'accepted', 1000, p.price, floor(1000 * p.price), 'PHP', false,
         'none', $3, r.id, now()
       from picked p join rounds r on r.round_ref = 'SB' || $1::text || '-' || p.g
       returning id, ticket_no)
     insert into sportsbook_legs (ticket_id, leg, selection_id, market_id, event_id, price, version)
     select t.id, 1, p.selection_id, p.market_id, $1, p.price, 1
     from picked p join tickets t on t.ticket_no = 'SB' || $1::text || '-' || p.g`,
    [eventId, TICKETS, game?.id],
  );
  await db.query(
    `update sportsbook_events set status = 'ended', result = '{"ft":{"home":2,"away":1},"h1":{"home":1,"away":1}}',
       result_version = 1 where id = $1`,
    [eventId],
  );
  const statements = statementCounter(db);
  const counted = countRoundTrips(db);
  const countedDeps = { ...deps, db: counted.db } as AppDeps;
  await statements.reset();
  const cpu = process.cpuUsage();
  const start = performance.now();
  await Promise.all(Array.from({ length: settlers }, () => settleEvent(countedDeps, eventId, new Date())));
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const figures = await statements.read(TOP);
  const [left] = await db.query<{ open: bigint }>(
    `select count(*) filter (where t.state = 'accepted') as open from sportsbook_tickets t
     where t.id in (select ticket_id from sportsbook_legs where event_id = $1)`,
    [eventId],
  );
  if (left?.open !== 0n) throw new Error(`${left?.open} tickets left unsettled`);
  return {
    seconds,
    statements: figures.calls,
    dbMs: figures.ms,
    top: figures.top,
    roundTrips: counted.roundTrips(),
    cpuSeconds: (used.user + used.system) / 1e6,
  };
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
