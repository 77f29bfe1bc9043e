import {
  type ConsoleSportsbookEventDetail,
  type SportsbookEventDetail,
  type SportsbookEventListItem,
  type SportsbookSport,
  type SportsbookTicket,
  TRIAL_ACCOUNT_IS_AGENT,
} from '@tessera/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { acceptDue } from '../../src/modules/sportsbook/bets.ts';
import { settleDue, settleEvent } from '../../src/modules/sportsbook/settlement.ts';
import { mainBalance } from '../factories/house.ts';
import {
  betCall,
  confirmedResult,
  evenMarket,
  ok,
  payoutPostings,
  playedSingle,
  selectionOf,
  setStatus,
  tradedEvent,
} from '../factories/sportsbook.ts';
import { fundMember, openTestObligation, walletMember } from '../factories/wallet.ts';
import { startTestApp, TEST_DATABASE, type TestApp } from '../harness.ts';

/**
 * The in-house book on the API: the site's lists, trading in the console, bets with price versions, limits and
 * liability, the live delay, results with the two-person rule and settlement through the ledger (quarter lines,
 * parlays, voids, corrections). The test clock starts at 2026-06-01 12:00 UTC; the merchant's currency has two
 * decimals (PHP minor units).
 */

let t: TestApp;
const PHP = 100n;
let operations: string;
let second: string;
let support: string;

beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
  operations = await t.operatorToken('operations');
  second = await t.operatorToken('operations');
  support = await t.operatorToken('support');
});
afterAll(async () => {
  await t.close();
});
beforeEach(() => {
  t.clock.rewind();
});

const API = '/backoffice/api/sportsbook';

/** A ticket's state and payout (minor units) as stored: sessions end when the clock moves by days. */
async function stored(ticketNo: string) {
  const [row] = await t.db.query<{ state: string; payout: bigint | null }>(
    'select state, payout from sportsbook_tickets where ticket_no = $1',
    [ticketNo],
  );
  return row;
}

/** Operators signed in again after the clock moved past their sessions. */
async function signInAgain() {
  operations = await t.operatorToken('operations');
  second = await t.operatorToken('operations');
}

describe('the site’s book', () => {
  it('lists the demo’s football and esports events with their main markets, and an event with all of them', async () => {
    const sports = ok<SportsbookSport[]>(await t.get('/wps/sportsbook/sports'));
    expect(sports.map((sport) => sport.kind).sort()).toEqual(['esports', 'football']);
    const football = ok<SportsbookEventListItem[]>(await t.get('/wps/sportsbook/events?kind=football'));
    const derby = football.find((event) => event.home === 'Hà Nội FC');
    expect(derby).toMatchObject({ away: 'Công An Hà Nội', status: 'scheduled', inPlay: false, score: null });
    expect(derby?.markets.map((market) => market.type)).toEqual(['1x2', 'ah', 'ou']);
    const detail = ok<SportsbookEventDetail>(await t.get(`/wps/sportsbook/events/${derby?.id}`));
    expect(detail.markets.map((market) => `${market.type}/${market.period}`)).toContain('1x2/h1');
    for (const market of detail.markets) {
      // The margin is on every market: the probabilities add up to more than 1.
      const overround = market.selections.reduce((sum, selection) => sum + 1 / selection.price, 0);
      expect(overround).toBeGreaterThan(1);
    }
    const esports = ok<SportsbookEventListItem[]>(await t.get('/wps/sportsbook/events?kind=esports'));
    expect(esports[0]?.markets.map((market) => market.type)).toEqual([
      'winner',
      'map_handicap',
      'total_maps',
    ]);
  });

  it('answers an unknown event with sportsbook_event_not_found and a bad id with validation_failed', async () => {
    const unknown = await t.get('/wps/sportsbook/events/999999');
    expect([unknown.status, unknown.body.code]).toEqual([404, 'sportsbook_event_not_found']);
    const bad = await t.get('/wps/sportsbook/events/abc');
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
  });
});

describe('the member’s preferences', () => {
  it('keeps the odds format and the price-change choice on the account, refusing a value it does not know', async () => {
    const member = await walletMember(t);
    const path = '/wps/sportsbook/preferences';
    expect(ok(await t.get(path, member.token))).toBeNull();
    const saved = { oddsFormat: 'malay', acceptChanges: 'better' };
    expect(ok(await t.send('PUT', path, saved, member.token))).toEqual(saved);
    expect(ok(await t.get(path, member.token))).toEqual(saved);
    const changed = { oddsFormat: 'american', acceptChanges: 'any' };
    ok(await t.send('PUT', path, changed, member.token));
    expect(ok(await t.get(path, member.token))).toEqual(changed);
    // Another member's are their own.
    const other = await walletMember(t);
    expect(ok(await t.get(path, other.token))).toBeNull();

    const badFormat = await t.send('PUT', path, { ...changed, oddsFormat: 'fractional' }, member.token);
    expect([badFormat.status, badFormat.body.code, Object.keys(badFormat.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['oddsFormat'],
    ]);
    const badAccept = await t.send('PUT', path, { ...changed, acceptChanges: 'sometimes' }, member.token);
    expect([badAccept.status, badAccept.body.code, Object.keys(badAccept.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['acceptChanges'],
    ]);
    expect(ok(await t.get(path, member.token))).toEqual(changed);

    // Visitors and operators have none.
    for (const token of [undefined, operations]) {
      const read = await t.get(path, token);
      const write = await t.send('PUT', path, saved, token);
      expect([read.status, write.status]).toEqual([401, 401]);
    }
  });
});

describe('trading', () => {
  it('creates an event and prices a market from fair prices with the margin applied', async () => {
    const event = await tradedEvent(t, operations, {
      markets: [{ type: 'ah', period: 'ft', line: -0.25, margin: 0.05, fair: { home: 2, away: 2 } }],
    });
    const market = event.markets[0];
    expect(market).toMatchObject({
      type: 'ah',
      line: -0.25,
      state: 'open',
      margin: 0.05,
      fair: { home: 2, away: 2 },
    });
    expect(market?.selections.map((selection) => selection.price)).toEqual([1.904, 1.904]);
    // A new price raises the version; the same price leaves it.
    const repriced = ok<ConsoleSportsbookEventDetail>(
      await t.send(
        'PUT',
        `${API}/markets/${market?.id}/prices`,
        { margin: 0.05, fair: { home: 1.8, away: 2.25 } },
        operations,
      ),
    );
    expect(repriced.markets[0]?.selections.map((selection) => selection.version)).toEqual([2, 2]);
    const audit = await t.db.query<{ action: string }>(
      `select action from audit_log where entity = 'sportsbook_market' order by id desc limit 1`,
    );
    expect(audit[0]?.action).toBe('price');
  });

  it('refuses a market without its line or with prices of other selections, naming the code', async () => {
    const event = await tradedEvent(t, operations);
    const noLine = await t.send(
      'POST',
      `${API}/events/${event.id}/markets`,
      { type: 'ah', margin: 0.05, fair: { home: 2, away: 2 } },
      operations,
    );
    expect([noLine.status, noLine.body.code]).toEqual([400, 'sportsbook_market_invalid']);
    const wrong = await t.send(
      'POST',
      `${API}/events/${event.id}/markets`,
      { type: 'ou', line: 2.5, margin: 0.05, fair: { home: 2, away: 2 } },
      operations,
    );
    expect([wrong.status, wrong.body.code]).toEqual([400, 'sportsbook_market_invalid']);
    const esportsOnFootball = await t.send(
      'POST',
      `${API}/events/${event.id}/markets`,
      { type: 'winner', margin: 0.05, fair: { home: 2, away: 2 } },
      operations,
    );
    expect(esportsOnFootball.body.code).toBe('sportsbook_market_invalid');
    const quarterless = await t.send(
      'POST',
      `${API}/events/${event.id}/markets`,
      { type: 'ah', line: 0.3, margin: 0.05, fair: { home: 2, away: 2 } },
      operations,
    );
    expect([quarterless.status, quarterless.body.code]).toEqual([400, 'validation_failed']);
  });

  it('creates a sport of a kind with its name per language (audited), edits it, and names it in the reader’s language', async () => {
    const created = ok<{ id: number; kind: string; name: string; names: { VI: string; CN: string } }>(
      await t.send(
        'POST',
        `${API}/sports`,
        { kind: 'esports', name: 'Mobile legends', names: { VI: 'Liên quân', CN: '无尽对决' } },
        operations,
      ),
    );
    expect(created).toMatchObject({
      kind: 'esports',
      name: 'Mobile legends',
      names: { VI: 'Liên quân', CN: '无尽对决' },
      enabled: true,
    });
    const [audit] = await t.db.query<{ action: string; after: { name: string } }>(
      `select action, after from audit_log where entity = 'sportsbook_sport' and entity_id = $1`,
      [String(created.id)],
    );
    expect(audit).toMatchObject({ action: 'create', after: { name: 'Mobile legends' } });
    const listed = ok<{ id: number; names: unknown }[]>(await t.get(`${API}/sports`, operations));
    expect(listed.find((sport) => sport.id === created.id)?.names).toEqual({
      VI: 'Liên quân',
      CN: '无尽对决',
    });
    // The kind chooses the market templates: an esports sport's events take esports markets only.
    const competition = ok<{ id: number }>(
      await t.send('POST', `${API}/competitions`, { sportId: created.id, name: 'ML league' }, operations),
    );
    const event = ok<ConsoleSportsbookEventDetail>(
      await t.send(
        'POST',
        `${API}/events`,
        {
          competitionId: competition.id,
          home: 'Team A',
          away: 'Team B',
          startsAt: new Date(t.clock.now().getTime() + 3600_000).toISOString(),
        },
        operations,
      ),
    );
    const football = await t.send(
      'POST',
      `${API}/events/${event.id}/markets`,
      evenMarket('ah', 0),
      operations,
    );
    expect([football.status, football.body.code]).toEqual([400, 'sportsbook_market_invalid']);
    // The site names it in the reader's language, English where it has none.
    const named = async (language: string) =>
      ok<SportsbookSport[]>(await t.get('/wps/sportsbook/sports?kind=esports', undefined, { language })).find(
        (sport) => sport.id === created.id,
      )?.name;
    await expect(named('VI')).resolves.toBe('Liên quân');
    await expect(named('CN')).resolves.toBe('无尽对决');
    await expect(named('EN')).resolves.toBe('Mobile legends');
    ok(
      await t.send(
        'PUT',
        `${API}/sports/${created.id}`,
        { kind: 'esports', name: 'Mobile legends', names: { VI: '', CN: '无尽对决' } },
        operations,
      ),
    );
    await expect(named('VI')).resolves.toBe('Mobile legends');

    const badKind = await t.send('POST', `${API}/sports`, { kind: 'tennis', name: 'Tennis' }, operations);
    expect([badKind.status, badKind.body.code, Object.keys(badKind.body.fields ?? {})]).toEqual([
      400,
      'validation_failed',
      ['kind'],
    ]);
    const longName = await t.send(
      'POST',
      `${API}/sports`,
      { kind: 'football', name: 'Futsal', names: { VI: 'x'.repeat(61), CN: '' } },
      operations,
    );
    expect([longName.status, longName.body.code]).toEqual([400, 'validation_failed']);
    const unknown = await t.send(
      'PUT',
      `${API}/sports/999999`,
      { kind: 'football', name: 'Futsal' },
      operations,
    );
    expect([unknown.status, unknown.body.code]).toEqual([404, 'not_found']);
  });

  it('refuses the console’s book to visitors, members and operators of other roles', async () => {
    const member = await walletMember(t);
    for (const [token, status] of [
      [undefined, 401],
      [member.token, 401],
      [support, 403],
    ] as const) {
      const list = await t.get(`${API}/events`, token);
      expect(list.status).toBe(status);
      const create = await t.send('POST', `${API}/sports`, { kind: 'football', name: 'X' }, token);
      expect(create.status).toBe(status);
      const sports = await t.get(`${API}/sports`, token);
      expect(sports.status).toBe(status);
      const update = await t.send('PUT', `${API}/sports/1`, { kind: 'football', name: 'X' }, token);
      expect(update.status).toBe(status);
    }
  });
});

describe('the console’s lists and moves', () => {
  it('lists events (awaiting confirmation among them) and an event’s tickets, and refuses a move its status forbids', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ou', 2.5)] });
    const over = selectionOf(event, 'ou', 'over');
    const ticket = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: over.id, version: over.version }],
        stake: 10,
      }),
    );
    const tickets = ok<{ list: (SportsbookTicket & { username: string })[]; total: number }>(
      await t.get(`${API}/tickets?eventId=${event.id}`, operations),
    );
    expect(tickets.total).toBe(1);
    expect(tickets.list[0]).toMatchObject({
      ticketNo: ticket.ticketNo,
      username: expect.any(String),
      stake: 10,
    });
    const badFilter = await t.get(`${API}/tickets?state=nonsense`, operations);
    expect([badFilter.status, badFilter.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(`${API}/tickets`, support)).status).toBe(403);
    const early = await t.send('POST', `${API}/events/${event.id}/status`, { status: 'ended' }, operations);
    expect([early.status, early.body.code]).toEqual([409, 'sportsbook_status_invalid']);
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    const back = await t.send('POST', `${API}/events/${event.id}/status`, { status: 'live' }, operations);
    expect(back.body.code).toBe('sportsbook_status_invalid');
    ok(
      await t.send(
        'POST',
        `${API}/events/${event.id}/result`,
        { result: { ft: { home: 3, away: 0 }, h1: { home: 1, away: 0 } } },
        operations,
      ),
    );
    const awaiting = ok<{ list: { id: number; enteredBy: string | null; result: unknown }[] }>(
      await t.get(`${API}/events?status=awaiting`, operations),
    );
    // The confirming operator sees who entered the result, never the score.
    expect(awaiting.list.find((found) => found.id === event.id)).toMatchObject({
      enteredBy: expect.any(String),
      result: null,
    });
  });

  it('settles an esports series: map handicap, total maps and a map’s winner', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const event = await tradedEvent(t, operations, {
      kind: 'esports',
      markets: [
        { type: 'map_handicap', line: -1.5, margin: 0, fair: { home: 2, away: 2 } },
        { type: 'total_maps', line: 2.5, margin: 0, fair: { over: 2, under: 2 } },
        { type: 'map_winner', map: 2, margin: 0, fair: { home: 2, away: 2 } },
      ],
    });
    const bet = async (type: string, code: string) => {
      const selection = selectionOf(event, type, code);
      return ok<SportsbookTicket>(
        await betCall(t, member.token, {
          selections: [{ selectionId: selection.id, version: selection.version }],
          stake: 10,
        }),
      );
    };
    const handicap = await bet('map_handicap', 'home');
    const total = await bet('total_maps', 'over');
    const second_ = await bet('map_winner', 'away');
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    const mapsWrong = await t.send(
      'POST',
      `${API}/events/${event.id}/result`,
      { result: { ft: { home: 2, away: 1 }, maps: [{ home: 1, away: 0 }] } },
      operations,
    );
    expect(mapsWrong.status).toBe(400);
    // 2–1: home won maps 1 and 3, away map 2.
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 2, away: 1 },
      maps: [
        { home: 1, away: 0 },
        { home: 0, away: 1 },
        { home: 1, away: 0 },
      ],
    });
    await settleEvent(t.deps, event.id, t.clock.now());
    expect(await stored(handicap.ticketNo)).toEqual({ state: 'lost', payout: 0n });
    expect(await stored(total.ticketNo)).toEqual({ state: 'won', payout: 20n * PHP });
    expect(await stored(second_.ticketNo)).toEqual({ state: 'won', payout: 20n * PHP });
  });
});

describe('bets', () => {
  it('takes a single: one posting of the stake through the round owner, the ticket accepted at the price seen', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.25)] });
    const home = selectionOf(event, 'ah', 'home');
    const ticket = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: home.id, version: home.version }],
        stake: 100,
      }),
    );
    expect(ticket).toMatchObject({
      kind: 'single',
      state: 'accepted',
      stake: 100,
      price: 2,
      potentialReturn: 200,
      payout: null,
      live: false,
    });
    expect(await mainBalance(t, member.id)).toBe(900n * PHP);
    const rounds = await t.db.query<{ bet: bigint; status: string }>(
      `select r.bet, r.status from game_rounds r join sportsbook_tickets s on s.game_round_id = r.id where s.ticket_no = $1`,
      [ticket.ticketNo],
    );
    expect(rounds).toEqual([{ bet: 100n * PHP, status: 'open' }]);
    const mine = ok<{ list: SportsbookTicket[] }>(await t.get('/wps/sportsbook/bets', member.token));
    expect(mine.list.map((found) => found.ticketNo)).toEqual([ticket.ticketNo]);
  });

  it('refuses a price that changed between view and bet, unless the member accepts a better or any price', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ou', 2.5)] });
    const seen = selectionOf(event, 'ou', 'over');
    await t.send(
      'PUT',
      `${API}/markets/${seen.marketId}/prices`,
      { margin: 0, fair: { over: 2.5, under: 1.667 } },
      operations,
    );
    const refused = await betCall(t, member.token, {
      selections: [{ selectionId: seen.id, version: seen.version }],
      stake: 10,
    });
    expect([refused.status, refused.body.code]).toEqual([409, 'sportsbook_price_changed']);
    expect(await mainBalance(t, member.id)).toBe(1_000n * PHP);
    const better = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: seen.id, version: seen.version, price: seen.price }],
        stake: 10,
        acceptChanges: 'better',
      }),
    );
    expect(better.price).toBeGreaterThan(2);
    const under = selectionOf(event, 'ou', 'under');
    const worse = await betCall(t, member.token, {
      selections: [{ selectionId: under.id, version: under.version, price: under.price }],
      stake: 10,
      acceptChanges: 'better',
    });
    expect(worse.body.code).toBe('sportsbook_price_changed');
    const any = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: under.id, version: under.version }],
        stake: 10,
        acceptChanges: 'any',
      }),
    );
    expect(any.price).toBeLessThan(2);
  });

  it('refuses a parlay with two legs of one event, a suspended market, a visitor and a trial account', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', 0), evenMarket('ou', 2.5)] });
    const home = selectionOf(event, 'ah', 'home');
    const over = selectionOf(event, 'ou', 'over');
    const sameEvent = await betCall(t, member.token, {
      selections: [
        { selectionId: home.id, version: home.version },
        { selectionId: over.id, version: over.version },
      ],
      stake: 10,
    });
    expect([sameEvent.status, sameEvent.body.code]).toEqual([400, 'sportsbook_parlay_invalid']);
    ok(await t.send('POST', `${API}/markets/${home.marketId}/suspend`, undefined, operations));
    const suspended = await betCall(t, member.token, {
      selections: [{ selectionId: home.id, version: home.version }],
      stake: 10,
    });
    expect([suspended.status, suspended.body.code]).toEqual([409, 'sportsbook_market_closed']);
    ok(await t.send('POST', `${API}/events/${event.id}/suspend`, undefined, operations));
    const wholeEvent = await betCall(t, member.token, {
      selections: [{ selectionId: over.id, version: over.version }],
      stake: 10,
    });
    expect(wholeEvent.body.code).toBe('sportsbook_market_closed');
    const visitor = await t.call({ method: 'POST', url: '/wps/sportsbook/bets', payload: {} });
    expect(visitor.status).toBe(401);
    const trial = await walletMember(t, { type: TRIAL_ACCOUNT_IS_AGENT });
    const refused = await betCall(t, trial.token, {
      selections: [{ selectionId: over.id, version: 1 }],
      stake: 10,
    });
    expect([refused.status, refused.body.code]).toEqual([403, 'in_need_true_account']);
    const noSelections = await betCall(t, member.token, { selections: [], stake: 10 });
    expect([noSelections.status, noSelections.body.code]).toEqual([400, 'validation_failed']);
  });

  it.runIf(TEST_DATABASE === 'postgres')(
    'refuses a bet whose event the operator suspends while the bet is being placed (real PostgreSQL)',
    async () => {
      const member = await walletMember(t, { funds: 100n * PHP });
      const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
      const home = selectionOf(event, 'ah', 'home');
      // The suspension holds the event's row, not yet committed, while the bet reads the event as on sale.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let held = () => {};
      const holding = new Promise<void>((resolve) => {
        held = resolve;
      });
      const suspension = t.db.transaction('read committed', async (tx) => {
        await tx.query('update sportsbook_events set suspended = true where id = $1', [event.id]);
        held();
        await released;
      });
      await holding;
      const bet = betCall(t, member.token, {
        selections: [{ selectionId: home.id, version: home.version }],
        stake: 10,
      });
      // The bet waits on the event's row at its last step; the suspension then commits.
      await expect
        .poll(
          async () => {
            const [row] = await t.db.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query like '%sportsbook_events%for share%'`,
            );
            return row?.waiting;
          },
          { timeout: 20_000 },
        )
        .toBe(1);
      release();
      await suspension;
      const answer = await bet;
      expect([answer.status, answer.body.code]).toEqual([409, 'sportsbook_market_closed']);
      expect(await mainBalance(t, member.id)).toBe(100n * PHP);
    },
  );

  it('holds the limits: minimum stake, maximum per selection, maximum payout of a ticket', async () => {
    ok(
      await t.send(
        'PUT',
        `${API}/settings`,
        {
          minStake: 5,
          maxStakePerSelection: 100,
          maxPayoutPerTicket: 1_000,
          liabilityPerMarket: 100_000,
          liveDelaySeconds: 5,
          defaultMargin: 0.05,
          feed: 'manual',
          openfootballSource: '',
        },
        operations,
      ),
    );
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
    const home = selectionOf(event, 'ah', 'home');
    const leg = [{ selectionId: home.id, version: home.version }];
    const small = await betCall(t, member.token, { selections: leg, stake: 4 });
    expect([small.status, small.body.code]).toEqual([400, 'sportsbook_stake_below_min']);
    ok(await betCall(t, member.token, { selections: leg, stake: 60 }));
    const over = await betCall(t, member.token, { selections: leg, stake: 41 });
    expect([over.status, over.body.code]).toEqual([400, 'sportsbook_stake_above_max']);
    ok(await betCall(t, member.token, { selections: leg, stake: 40 }));
    const other = await tradedEvent(t, operations, {
      markets: [{ type: 'ou', line: 2.5, margin: 0, fair: { over: 20, under: 1.053 } }],
    });
    const longShot = selectionOf(other, 'ou', 'over');
    const big = await betCall(t, member.token, {
      selections: [{ selectionId: longShot.id, version: longShot.version }],
      stake: 51,
    });
    expect([big.status, big.body.code]).toEqual([400, 'sportsbook_payout_above_max']);
    expect(await mainBalance(t, member.id)).toBe(900n * PHP);
    await restoreSettings();
  });

  it('suspends a market whose liability would pass its limit, refusing the bet', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, {
      markets: [{ ...evenMarket('ah', 0), liabilityLimit: 150 }],
    });
    const home = selectionOf(event, 'ah', 'home');
    const leg = [{ selectionId: home.id, version: home.version }];
    // 100 on home at 2.00: the book pays 200 if home wins, having taken 100: liability 100.
    ok(await betCall(t, member.token, { selections: leg, stake: 100 }));
    const refused = await betCall(t, member.token, { selections: leg, stake: 60 });
    expect([refused.status, refused.body.code]).toEqual([409, 'sportsbook_liability_reached']);
    const detail = ok<ConsoleSportsbookEventDetail>(await t.get(`${API}/events/${event.id}`, operations));
    expect(detail.markets[0]).toMatchObject({
      state: 'suspended',
      suspendedReason: 'liability',
      liability: 100,
      stake: 100,
    });
    expect(await mainBalance(t, member.id)).toBe(900n * PHP);
  });

  it('counts a parlay’s liability on each leg’s market at its share: 1/n of its stake and of its return', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const market = { ...evenMarket('ah', 0), liabilityLimit: 200 };
    const first = await tradedEvent(t, operations, { markets: [market] });
    const second = await tradedEvent(t, operations, { markets: [market] });
    const legs = [first, second].map((event) => {
      const home = selectionOf(event, 'ah', 'home');
      return { selectionId: home.id, version: home.version };
    });
    // 100 on two legs at 2.00 returns 400: the book's loss of 300 is counted 150 on each market (a share of 200
    // paid less 50 staked), inside the limit of 200; counted whole on each (300) it would have been refused.
    ok(await betCall(t, member.token, { selections: legs, stake: 100 }));
    for (const event of [first, second]) {
      const detail = ok<ConsoleSportsbookEventDetail>(await t.get(`${API}/events/${event.id}`, operations));
      expect(detail.markets[0]).toMatchObject({ state: 'open', stake: 50, liability: 150 });
    }
    // A single of 60 on the first leg's selection adds 120 − 60: 210, past the limit.
    const refused = await betCall(t, member.token, { selections: [legs[0] as (typeof legs)[0]], stake: 60 });
    expect([refused.status, refused.body.code]).toEqual([409, 'sportsbook_liability_reached']);
    // Three legs: 100 at 8.00 returns 800; each market counts 33.33 staked (rounded down) and 266.67 paid (up).
    const wide = { ...evenMarket('ah', 0), liabilityLimit: 500 };
    const third = await tradedEvent(t, operations, { markets: [wide] });
    const fourth = await tradedEvent(t, operations, { markets: [wide] });
    const fifth = await tradedEvent(t, operations, { markets: [wide] });
    const threeLegs = [third, fourth, fifth].map((event) => {
      const home = selectionOf(event, 'ah', 'home');
      return { selectionId: home.id, version: home.version };
    });
    ok(await betCall(t, member.token, { selections: threeLegs, stake: 100 }));
    const detail = ok<ConsoleSportsbookEventDetail>(await t.get(`${API}/events/${third.id}`, operations));
    expect(detail.markets[0]).toMatchObject({ stake: 33.33, liability: 233.34 });
  });

  it('holds a live bet for the delay and accepts it on the next read, or refuses it if the price dropped', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ou', 2.5)] });
    await setStatus(t, operations, event.id, 'live');
    const over = selectionOf(event, 'ou', 'over');
    const pending = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: over.id, version: over.version }],
        stake: 50,
      }),
    );
    expect(pending).toMatchObject({ state: 'pending', live: true, acceptAt: '2026-06-01T12:00:05.000Z' });
    expect(await mainBalance(t, member.id)).toBe(950n * PHP);
    const early = ok<SportsbookTicket>(await t.get(`/wps/sportsbook/bets/${pending.ticketNo}`, member.token));
    expect(early.state).toBe('pending');
    t.clock.advance(5_000);
    const accepted = ok<SportsbookTicket>(
      await t.get(`/wps/sportsbook/bets/${pending.ticketNo}`, member.token),
    );
    expect(accepted.state).toBe('accepted');

    const second = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: [{ selectionId: over.id, version: over.version }],
        stake: 50,
      }),
    );
    await t.send(
      'PUT',
      `${API}/markets/${over.marketId}/prices`,
      { margin: 0, fair: { over: 1.8, under: 2.25 } },
      operations,
    );
    t.clock.advance(5_000);
    expect(await acceptDue(t.deps, t.clock.now())).toBe(1);
    const refused = ok<SportsbookTicket>(
      await t.get(`/wps/sportsbook/bets/${second.ticketNo}`, member.token),
    );
    expect(refused).toMatchObject({ state: 'refused', refusedReason: 'price_changed' });
    expect(await mainBalance(t, member.id)).toBe(950n * PHP);
  });
});

async function restoreSettings() {
  ok(
    await t.send(
      'PUT',
      `${API}/settings`,
      {
        minStake: 1,
        maxStakePerSelection: 10_000,
        maxPayoutPerTicket: 100_000,
        liabilityPerMarket: 50_000,
        liveDelaySeconds: 5,
        defaultMargin: 0.05,
        feed: 'manual',
        openfootballSource: '',
      },
      operations,
    ),
  );
}

describe('results and settlement', () => {
  it('takes a result only from a second operator typing the same score', async () => {
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', 0)] });
    const early = await t.send(
      'POST',
      `${API}/events/${event.id}/result`,
      { result: { ft: { home: 1, away: 0 }, h1: { home: 0, away: 0 } } },
      operations,
    );
    expect([early.status, early.body.code]).toEqual([409, 'sportsbook_result_not_expected']);
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    const result = { ft: { home: 1, away: 0 }, h1: { home: 0, away: 0 } };
    const halfAboveFull = await t.send(
      'POST',
      `${API}/events/${event.id}/result`,
      { result: { ft: { home: 0, away: 0 }, h1: { home: 1, away: 0 } } },
      operations,
    );
    expect(halfAboveFull.status).toBe(400);
    const entered = ok<ConsoleSportsbookEventDetail>(
      await t.send('POST', `${API}/events/${event.id}/result`, { result }, operations),
    );
    expect(entered).toMatchObject({ enteredBy: expect.any(String), confirmedBy: null, confirmedAt: null });
    const self = await t.send('POST', `${API}/events/${event.id}/confirm`, { result }, operations);
    expect([self.status, self.body.code]).toEqual([409, 'sportsbook_result_needs_second_operator']);
    const mismatch = await t.send(
      'POST',
      `${API}/events/${event.id}/confirm`,
      { result: { ...result, ft: { home: 2, away: 0 } } },
      second,
    );
    expect([mismatch.status, mismatch.body.code]).toEqual([409, 'sportsbook_result_mismatch']);
    const confirmed = ok<ConsoleSportsbookEventDetail>(
      await t.send('POST', `${API}/events/${event.id}/confirm`, { result }, second),
    );
    // Who entered the result stays beside who confirmed it; the confirmation's time marks it confirmed.
    expect(confirmed).toMatchObject({
      status: 'ended',
      result,
      enteredBy: entered.enteredBy,
      enteredAt: entered.enteredAt,
      confirmedBy: expect.any(String),
      confirmedAt: t.clock.now().toISOString(),
    });
    expect(confirmed.confirmedBy).not.toBe(confirmed.enteredBy);
    const awaiting = ok<{ list: { id: number }[] }>(await t.get(`${API}/events?status=awaiting`, operations));
    expect(awaiting.list.map((found) => found.id)).not.toContain(event.id);
    const jobs = await t.db.query<{ payload: { eventId: number } }>(
      `select payload from jobs where kind = 'sportsbook-settle'`,
    );
    expect(jobs.map((job) => job.payload.eventId)).toContain(event.id);
  });

  it('settles quarter lines in halves and a whole-line tie as a push, through the ledger', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const event = await tradedEvent(t, operations, {
      markets: [evenMarket('ah', -0.25), evenMarket('ou', 2.25), evenMarket('ou', 2)],
    });
    const bet = async (type: 'ah' | 'ou', code: string, line: number) => {
      const selection = selectionOf(event, type, code, line);
      return ok<SportsbookTicket>(
        await betCall(t, member.token, {
          selections: [{ selectionId: selection.id, version: selection.version }],
          stake: 100,
        }),
      );
    };
    const ahHome = await bet('ah', 'home', -0.25); // 1-1: half of it pushes, half loses: 50 back
    const ahAway = await bet('ah', 'away', -0.25); // away +0.25: half wins, half pushes: 150
    const over = await bet('ou', 'over', 2.25); // 2 goals: half pushes, half loses: 50
    const push = await bet('ou', 'under', 2); // 2 goals on a whole line: the stake back
    expect(await mainBalance(t, member.id)).toBe(600n * PHP);
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 1, away: 1 },
      h1: { home: 0, away: 1 },
    });
    expect(await settleEvent(t.deps, event.id, t.clock.now())).toBe(4);
    const states = async (no: string) =>
      ok<SportsbookTicket>(await t.get(`/wps/sportsbook/bets/${no}`, member.token));
    expect(await states(ahHome.ticketNo)).toMatchObject({
      state: 'lost',
      payout: 50,
      legs: [{ outcome: 'half_lose' }],
    });
    expect(await states(ahAway.ticketNo)).toMatchObject({
      state: 'won',
      payout: 150,
      legs: [{ outcome: 'half_win' }],
    });
    expect(await states(over.ticketNo)).toMatchObject({
      state: 'lost',
      payout: 50,
      legs: [{ outcome: 'half_lose' }],
    });
    expect(await states(push.ticketNo)).toMatchObject({
      state: 'void',
      payout: 100,
      legs: [{ outcome: 'push' }],
    });
    expect(await mainBalance(t, member.id)).toBe(950n * PHP);
    const detail = ok<ConsoleSportsbookEventDetail>(await t.get(`${API}/events/${event.id}`, operations));
    expect(detail.status).toBe('settled');
    // A second run pays nothing more.
    expect(await settleEvent(t.deps, event.id, t.clock.now())).toBe(0);
    expect(await payoutPostings(t, ahAway.ticketNo)).toHaveLength(1);
  });

  it('settles a parlay as its legs resolve, a void leg counting 1.00', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const first = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
    const second_ = await tradedEvent(t, operations, { markets: [evenMarket('ou', 2.5)] });
    // The home side gives half a goal: the away side's +0.5 wins on a draw.
    const third = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
    const legs = [
      selectionOf(first, 'ah', 'home'),
      selectionOf(second_, 'ou', 'over'),
      selectionOf(third, 'ah', 'away'),
    ];
    const parlay = ok<SportsbookTicket>(
      await betCall(t, member.token, {
        selections: legs.map((leg) => ({ selectionId: leg.id, version: leg.version })),
        stake: 10,
      }),
    );
    expect(parlay).toMatchObject({ kind: 'parlay', price: 8, potentialReturn: 80 });
    await setStatus(t, operations, first.id, 'live');
    await setStatus(t, operations, first.id, 'ended');
    await confirmedResult(t, operations, second, first.id, {
      ft: { home: 2, away: 0 },
      h1: { home: 1, away: 0 },
    });
    await settleEvent(t.deps, first.id, t.clock.now());
    const waiting = ok<SportsbookTicket>(
      await t.get(`/wps/sportsbook/bets/${parlay.ticketNo}`, member.token),
    );
    expect(waiting.state).toBe('accepted');
    expect(waiting.legs.map((leg) => leg.outcome)).toEqual(['win', null, null]);
    // The second event is abandoned: its leg is void.
    await setStatus(t, operations, second_.id, 'abandoned');
    await settleEvent(t.deps, second_.id, t.clock.now());
    await setStatus(t, operations, third.id, 'live');
    await setStatus(t, operations, third.id, 'ended');
    await confirmedResult(t, operations, second, third.id, {
      ft: { home: 0, away: 0 },
      h1: { home: 0, away: 0 },
    });
    await settleEvent(t.deps, third.id, t.clock.now());
    const settled = ok<SportsbookTicket>(
      await t.get(`/wps/sportsbook/bets/${parlay.ticketNo}`, member.token),
    );
    expect(settled).toMatchObject({ state: 'won', payout: 40 });
    expect(settled.legs.map((leg) => leg.outcome)).toEqual(['win', 'void', 'win']);
    expect(await mainBalance(t, member.id)).toBe(1_030n * PHP);
  });

  it('re-settles a result corrected within 24 hours by reversing and paying again, and refuses one after', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const { event, ticket } = await playedSingle(t, operations, member.token, evenMarket('ah', -0.5));
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 1, away: 0 },
      h1: { home: 1, away: 0 },
    });
    await settleEvent(t.deps, event.id, t.clock.now());
    expect(await mainBalance(t, member.id)).toBe(1_100n * PHP);
    t.clock.advance(23 * 3600_000);
    await signInAgain();
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 1, away: 1 },
      h1: { home: 1, away: 0 },
    });
    await settleEvent(t.deps, event.id, t.clock.now());
    expect(await stored(ticket.ticketNo)).toEqual({ state: 'lost', payout: 0n });
    expect(await mainBalance(t, member.id)).toBe(900n * PHP);
    const reversals = await t.db.query(`select 1 from ledger_transactions where idempotency_key like $1`, [
      `sportsbook:reverse:${ticket.ticketNo}:%`,
    ]);
    expect(reversals).toHaveLength(1);
    expect(await payoutPostings(t, ticket.ticketNo)).toHaveLength(1);
    t.clock.advance(2 * 3600_000);
    await signInAgain();
    const late = await t.send(
      'POST',
      `${API}/events/${event.id}/result`,
      { result: { ft: { home: 2, away: 1 }, h1: { home: 1, away: 0 } } },
      operations,
    );
    expect([late.status, late.body.code]).toEqual([409, 'sportsbook_result_locked']);
  });

  it('holds a correction that would overdraw the member until the wallet holds enough, never going negative', async () => {
    const member = await walletMember(t, { funds: 100n * PHP });
    const { event, ticket } = await playedSingle(t, operations, member.token, evenMarket('ah', -0.5));
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 1, away: 0 },
      h1: { home: 0, away: 0 },
    });
    await settleEvent(t.deps, event.id, t.clock.now());
    expect(await mainBalance(t, member.id)).toBe(200n * PHP);
    // The member spends 150 of the win, then the result is corrected to a loss: 200 cannot come back yet.
    await fundMember(t, member.id, -150n * PHP);
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 0, away: 0 },
      h1: { home: 0, away: 0 },
    });
    expect(await settleEvent(t.deps, event.id, t.clock.now())).toBe(0);
    expect(await stored(ticket.ticketNo)).toEqual({ state: 'won', payout: 200n * PHP });
    expect(await mainBalance(t, member.id)).toBe(50n * PHP);
    await fundMember(t, member.id, 150n * PHP);
    await settleDue(t.deps, t.clock.now());
    expect(await stored(ticket.ticketNo)).toEqual({ state: 'lost', payout: 0n });
    expect(await mainBalance(t, member.id)).toBe(0n);
  });

  it('voids a postponed event not played within 48 hours, and keeps one played in time', async () => {
    const member = await walletMember(t, { funds: 1_000n * PHP });
    const late = await tradedEvent(t, operations, { markets: [evenMarket('ah', 0)] });
    const kept = await tradedEvent(t, operations, { markets: [evenMarket('ah', 0)] });
    const stakeOn = async (event: ConsoleSportsbookEventDetail) => {
      const home = selectionOf(event, 'ah', 'home');
      return ok<SportsbookTicket>(
        await betCall(t, member.token, {
          selections: [{ selectionId: home.id, version: home.version }],
          stake: 100,
        }),
      );
    };
    const voided = await stakeOn(late);
    const stands = await stakeOn(kept);
    await setStatus(t, operations, late.id, 'postponed');
    await setStatus(t, operations, kept.id, 'postponed');
    t.clock.advance(47 * 3600_000);
    await signInAgain();
    await setStatus(t, operations, kept.id, 'live');
    await settleDue(t.deps, t.clock.now());
    expect((await stored(voided.ticketNo))?.state).toBe('accepted');
    t.clock.advance(2 * 3600_000 + 1);
    await settleDue(t.deps, t.clock.now());
    expect(await stored(voided.ticketNo)).toEqual({ state: 'void', payout: 100n * PHP });
    expect((await stored(stands.ticketNo))?.state).toBe('accepted');
    expect(await mainBalance(t, member.id)).toBe(900n * PHP);
    await signInAgain();
    const event = ok<ConsoleSportsbookEventDetail>(await t.get(`${API}/events/${late.id}`, operations));
    expect(event.status).toBe('cancelled');
  });

  it('counts a settled batch’s turnover: a member owing wagering fills it, one owing none counts too', async () => {
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
    const home = selectionOf(event, 'ah', 'home');
    const away = selectionOf(event, 'ah', 'away');
    const owing = await walletMember(t, { funds: 100n * PHP });
    const free = await walletMember(t, { funds: 100n * PHP });
    // 15 to wager: the owing member's two tickets of 10 fill it.
    const obligation = await openTestObligation(t, { memberId: owing.id, amount: 15n * PHP });
    const tickets: SportsbookTicket[] = [];
    for (const [member, selection] of [
      [owing, home],
      [free, away],
      [owing, away],
    ] as const) {
      tickets.push(
        ok(
          await betCall(t, member.token, {
            selections: [{ selectionId: selection.id, version: selection.version }],
            stake: 10,
          }),
        ),
      );
    }
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 1, away: 0 },
      h1: { home: 0, away: 0 },
    });
    // One batch holds all three tickets (the set-based path of the round owner).
    expect(await settleEvent(t.deps, event.id, t.clock.now(), 10)).toBe(3);
    const rounds = await t.db.query<{ round_ref: string; status: string; turnover_counted: bigint }>(
      'select round_ref, status, turnover_counted from game_rounds where round_ref = any($1::text[])',
      [tickets.map((ticket) => ticket.ticketNo)],
    );
    expect(rounds).toHaveLength(3);
    for (const round of rounds) {
      expect(round.status).toBe('settled');
      expect(round.turnover_counted).toBe(10n * PHP);
    }
    const [owed] = await t.db.query<{ contributed: bigint; status: string }>(
      'select contributed, status from turnover_obligations where id = $1',
      [obligation],
    );
    expect(owed).toEqual({ contributed: 15n * PHP, status: 'met' });
    // Both of the owing member's rounds gave to it (whichever the batch took first gave 10, the other the 5 left).
    const parts = await t.db.query<{ round_ref: string; amount: bigint }>(
      `select r.round_ref, c.amount from turnover_contributions c join game_rounds r on r.id = c.round_id
       where c.obligation_id = $1 order by c.amount`,
      [obligation],
    );
    expect(parts.map((part) => part.amount)).toEqual([5n * PHP, 10n * PHP]);
    expect(parts.map((part) => part.round_ref).sort()).toEqual(
      [tickets[0]?.ticketNo, tickets[2]?.ticketNo].sort(),
    );
    expect(await stored(tickets[0]?.ticketNo as string)).toEqual({ state: 'won', payout: 20n * PHP });
  });

  it('settles every ticket exactly once with two runners at the same time', async () => {
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', -0.5)] });
    const home = selectionOf(event, 'ah', 'home');
    const members = await Promise.all(
      Array.from({ length: 12 }, () => walletMember(t, { funds: 100n * PHP })),
    );
    const tickets: SportsbookTicket[] = [];
    for (const member of members) {
      tickets.push(
        ok(
          await betCall(t, member.token, {
            selections: [{ selectionId: home.id, version: home.version }],
            stake: 10,
          }),
        ),
      );
    }
    await setStatus(t, operations, event.id, 'live');
    await setStatus(t, operations, event.id, 'ended');
    await confirmedResult(t, operations, second, event.id, {
      ft: { home: 2, away: 0 },
      h1: { home: 1, away: 0 },
    });
    const [a, b] = await Promise.all([
      settleEvent(t.deps, event.id, t.clock.now(), 3),
      settleEvent(t.deps, event.id, t.clock.now(), 3),
    ]);
    expect(a + b).toBe(12);
    for (const ticket of tickets) expect(await payoutPostings(t, ticket.ticketNo)).toHaveLength(1);
    for (const member of members) expect(await mainBalance(t, member.id)).toBe(110n * PHP);
  });
});
