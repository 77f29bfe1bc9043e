import { randomUUID } from 'node:crypto';
import type {
  ConsoleSportsbookEventDetail,
  ConsoleSportsbookMarketInput,
  SportsbookBetRequest,
  SportsbookResult,
  SportsbookTicket,
} from '@tessera/contract';
import type { ApiResponse, TestApp } from '../harness.ts';

const API = '/backoffice/api/sportsbook';

/** Calls that need an answer: fails the test with the refusal's code otherwise. */
export function ok<T>(res: ApiResponse): T {
  if (!res.body.success)
    throw new Error(`refused: ${res.status} ${res.body.code} ${JSON.stringify(res.body.fields)}`);
  return res.body.value as T;
}

let events = 0;

/**
 * A new football (or esports) event through the console, starting in an hour unless told, with the markets given
 * (each priced from fair prices with the margin given, 0 unless told).
 */
export async function tradedEvent(
  t: TestApp,
  operator: string,
  options: {
    kind?: 'football' | 'esports';
    startsAt?: Date;
    markets?: ConsoleSportsbookMarketInput[];
  } = {},
): Promise<ConsoleSportsbookEventDetail> {
  events += 1;
  const kind = options.kind ?? 'football';
  const sport = ok<{ id: number }>(
    await t.send(
      'POST',
      `${API}/sports`,
      { kind, name: kind === 'football' ? 'Test football' : 'Test esports' },
      operator,
    ),
  );
  const competition = ok<{ id: number }>(
    await t.send('POST', `${API}/competitions`, { sportId: sport.id, name: `Test league ${kind}` }, operator),
  );
  let event = ok<ConsoleSportsbookEventDetail>(
    await t.send(
      'POST',
      `${API}/events`,
      {
        competitionId: competition.id,
        home: `Home ${events}`,
        away: `Away ${events}`,
        startsAt: (options.startsAt ?? new Date(t.clock.now().getTime() + 3600_000)).toISOString(),
        homeRating: 1.5,
        awayRating: 1.2,
      },
      operator,
    ),
  );
  for (const market of options.markets ?? []) {
    event = ok(await t.send('POST', `${API}/events/${event.id}/markets`, market, operator));
  }
  return event;
}

/** An even two-way market (2.00 each side, no margin) of a line type. */
export const evenMarket = (type: 'ah' | 'ou', line: number): ConsoleSportsbookMarketInput => ({
  type,
  period: 'ft',
  line,
  margin: 0,
  fair: type === 'ah' ? { home: 2, away: 2 } : { over: 2, under: 2 },
});

/** The selection of an event's market (by type and line) with the code given. */
export function selectionOf(
  event: ConsoleSportsbookEventDetail,
  type: string,
  code: string,
  line: number | null = null,
) {
  const market = event.markets.find((found) => found.type === type && (line === null || found.line === line));
  const selection = market?.selections.find((found) => found.code === code);
  if (!market || !selection) throw new Error(`no ${type} ${line ?? ''} ${code} on event ${event.id}`);
  return { marketId: market.id, ...selection };
}

/** A bet through the API with a new idempotency key. */
export function betCall(t: TestApp, token: string, body: SportsbookBetRequest, key = randomUUID()) {
  return t.call({
    method: 'POST',
    url: '/wps/sportsbook/bets',
    payload: body,
    token,
    headers: { 'idempotency-key': key },
  });
}

/** A result entered by one operator and confirmed by another. */
export async function confirmedResult(
  t: TestApp,
  first: string,
  second: string,
  eventId: number,
  result: SportsbookResult,
) {
  ok(await t.send('POST', `${API}/events/${eventId}/result`, { result }, first));
  return ok<ConsoleSportsbookEventDetail>(
    await t.send('POST', `${API}/events/${eventId}/confirm`, { result }, second),
  );
}

export async function setStatus(t: TestApp, operator: string, eventId: number, status: string) {
  return ok<ConsoleSportsbookEventDetail>(
    await t.send('POST', `${API}/events/${eventId}/status`, { status }, operator),
  );
}

/** The payout postings of a ticket (keys sportsbook:pay:<ticket>:…). */
export async function payoutPostings(t: TestApp, ticketNo: string) {
  return t.db.query<{ idempotency_key: string }>(
    `select idempotency_key from ledger_transactions where idempotency_key like $1 order by id`,
    [`sportsbook:pay:${ticketNo}:%`],
  );
}

/**
 * A new event with one market, a member's single of `stake` on its home side, and the event played out (live, then
 * ended), waiting for its result: the event and the ticket.
 */
export async function playedSingle(
  t: TestApp,
  operator: string,
  token: string,
  market: ConsoleSportsbookMarketInput,
  stake = 100,
) {
  const event = await tradedEvent(t, operator, { markets: [market] });
  const home = selectionOf(event, market.type, 'home');
  const ticket = ok<SportsbookTicket>(
    await betCall(t, token, { selections: [{ selectionId: home.id, version: home.version }], stake }),
  );
  await setStatus(t, operator, event.id, 'live');
  await setStatus(t, operator, event.id, 'ended');
  return { event, ticket };
}
