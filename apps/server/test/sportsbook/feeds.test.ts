import { fileURLToPath } from 'node:url';
import type {
  ConsoleSportsbookEvent,
  ConsoleSportsbookEventDetail,
  ConsoleSportsbookMarket,
  RealtimeEvent,
  SportsbookEventDetail,
  SportsbookEventListItem,
  SportsbookSettings,
} from '@tessera/contract';
import { simulateScore } from '@tessera/sportsbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickSimulator } from '../../src/modules/sportsbook/feed.ts';
import { evenMarket, ok, tradedEvent } from '../factories/sportsbook.ts';
import { walletMember } from '../factories/wallet.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { memberSocket } from '../sockets.ts';

/**
 * The book's feeds: the simulator moving the demo's events with the clock (scores pushed over /ws), and the
 * openfootball importer reading the sample file in the repository (fixtures, and results waiting for an operator);
 * the pushes of a re-pricing and of suspensions.
 */

let t: TestApp;
let operations: string;
const API = '/backoffice/api/sportsbook';
const SAMPLE = fileURLToPath(new URL('../../samples/openfootball-vleague.json', import.meta.url));

beforeAll(async () => {
  t = await startTestApp({ runJobs: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  operations = await t.operatorToken('operations');
});
afterAll(async () => {
  await t.close();
});

async function settings(change: Partial<SportsbookSettings>) {
  const current = ok<SportsbookSettings>(await t.get(`${API}/settings`, operations));
  return t.send('PUT', `${API}/settings`, { ...current, ...change }, operations);
}

describe('the simulator feed', () => {
  it('takes a started event live with the model’s score at its minute, pushes it over /ws, and ends it at full time', async () => {
    const member = await walletMember(t);
    const socket = await memberSocket(t, member.token);
    const events = ok<SportsbookEventListItem[]>(await t.get('/wps/sportsbook/events?kind=football'));
    const first = events.find((event) => event.home === 'Hà Nội FC') as SportsbookEventListItem;
    const startsAt = new Date(first.startsAt);
    t.clock.set(new Date(startsAt.getTime() + 30 * 60_000));
    await tickSimulator(t.deps, t.clock.now());
    const live = ok<SportsbookEventDetail>(await t.get(`/wps/sportsbook/events/${first.id}`));
    const [row] = await t.db.query<{ seed: string }>(
      `select id || ':' || external_ref as seed from sportsbook_events where id = $1`,
      [first.id],
    );
    const expected = simulateScore(row?.seed as string, { homeGoals: 1.5, awayGoals: 1.3 }, 30);
    expect(live).toMatchObject({ status: 'live', inPlay: true, minute: 30, score: expected });
    await expect
      .poll(() =>
        socket.messages.find(
          (message) => message.type === 'sportsbook.event' && message.eventId === first.id,
        ),
      )
      .toMatchObject({ status: 'live', minute: 30, score: expected });
    // Half time holds the clock at 45; full time (90 minutes of play and the break) ends it and closes its markets.
    t.clock.set(new Date(startsAt.getTime() + 55 * 60_000));
    await tickSimulator(t.deps, t.clock.now());
    expect(ok<SportsbookEventDetail>(await t.get(`/wps/sportsbook/events/${first.id}`)).minute).toBe(45);
    t.clock.set(new Date(startsAt.getTime() + 106 * 60_000));
    await tickSimulator(t.deps, t.clock.now());
    const ended = ok<SportsbookEventDetail>(await t.get(`/wps/sportsbook/events/${first.id}`));
    expect(ended.status).toBe('ended');
    expect(ended.markets.every((market) => market.state === 'closed')).toBe(true);
    socket.socket.close();
    t.clock.rewind();
  });
});

describe('pushes over /ws', () => {
  it('pushes a re-pricing, a market’s suspension and the event’s over /ws with the new prices and versions', async () => {
    const member = await walletMember(t);
    const socket = await memberSocket(t, member.token);
    const event = await tradedEvent(t, operations, { markets: [evenMarket('ah', 0), evenMarket('ou', 2.5)] });
    const [ah, ou] = event.markets as [ConsoleSportsbookMarket, ConsoleSportsbookMarket];
    const pushes = () =>
      socket.messages.filter(
        (message): message is Extract<RealtimeEvent, { type: 'sportsbook.prices' }> =>
          message.type === 'sportsbook.prices' && message.eventId === event.id,
      );
    const repriced = ok<ConsoleSportsbookEventDetail>(
      await t.send(
        'PUT',
        `${API}/markets/${ah.id}/prices`,
        { margin: 0, fair: { home: 1.8, away: 2.25 } },
        operations,
      ),
    );
    const selections = repriced.markets
      .find((market) => market.id === ah.id)
      ?.selections.map(({ id, price, version }) => ({ id, price, version }));
    expect(selections?.map((selection) => selection.version)).toEqual(
      ah.selections.map((selection) => selection.version + 1),
    );
    await expect
      .poll(pushes)
      .toEqual([
        { type: 'sportsbook.prices', eventId: event.id, markets: [{ id: ah.id, state: 'open', selections }] },
      ]);
    ok(await t.send('POST', `${API}/markets/${ou.id}/suspend`, undefined, operations));
    await expect.poll(() => pushes().at(-1)).toMatchObject({ markets: [{ id: ou.id, state: 'suspended' }] });
    ok(await t.send('POST', `${API}/events/${event.id}/suspend`, undefined, operations));
    await expect.poll(() => pushes().length).toBe(3);
    expect(pushes().at(-1)).toEqual({
      type: 'sportsbook.prices',
      eventId: event.id,
      markets: [
        { id: ah.id, state: 'suspended' },
        { id: ou.id, state: 'suspended' },
      ],
    });
    ok(await t.send('POST', `${API}/events/${event.id}/resume`, undefined, operations));
    await expect.poll(() => pushes().length).toBe(4);
    expect(pushes().at(-1)?.markets).toEqual([
      { id: ah.id, state: 'open' },
      { id: ou.id, state: 'suspended' },
    ]);
    socket.socket.close();
  });
});

describe('the openfootball importer', () => {
  it('imports the sample’s fixtures once, and its played matches’ scores as results waiting for an operator', async () => {
    ok(await settings({ feed: 'openfootball', openfootballSource: SAMPLE }));
    const first = ok<{ created: number; results: number; skipped: string[] }>(
      await t.send('POST', `${API}/feed/sync`, undefined, operations),
    );
    expect(first).toEqual({ created: 6, results: 3, skipped: [] });
    const again = ok<{ created: number; results: number }>(
      await t.send('POST', `${API}/feed/sync`, undefined, operations),
    );
    expect(again).toMatchObject({ created: 0, results: 0 });
    const awaiting = ok<{ list: ConsoleSportsbookEvent[] }>(
      await t.get(`${API}/events?status=awaiting`, operations),
    );
    const played = awaiting.list.find(
      (event) => event.home === 'Hà Nội FC' && event.away === 'Thể Công Viettel',
    );
    expect(played).toMatchObject({ status: 'ended', source: 'openfootball', enteredBy: null, result: null });
    // An operator confirms the file's score by typing it again (the file was the first person).
    const confirmed = ok<ConsoleSportsbookEvent>(
      await t.send(
        'POST',
        `${API}/events/${played?.id}/confirm`,
        { result: { ft: { home: 2, away: 1 }, h1: { home: 1, away: 0 } } },
        operations,
      ),
    );
    expect(confirmed).toMatchObject({ status: 'ended', result: { ft: { home: 2, away: 1 } } });
    const fixture = ok<SportsbookEventListItem[]>(await t.get('/wps/sportsbook/events?kind=football')).find(
      (event) => event.home === 'Hoàng Anh Gia Lai',
    );
    expect(fixture).toMatchObject({ competition: 'V.League 1 2026 (sample)', status: 'scheduled' });
    expect(fixture?.markets.map((market) => market.type)).toEqual(['1x2', 'ah', 'ou']);
  });

  it('answers a file it cannot read with sportsbook_feed_unavailable, and refuses other roles', async () => {
    ok(await settings({ feed: 'openfootball', openfootballSource: '/nonexistent/file.json' }));
    const unreadable = await t.send('POST', `${API}/feed/sync`, undefined, operations);
    expect([unreadable.status, unreadable.body.code]).toEqual([502, 'sportsbook_feed_unavailable']);
    const support = await t.operatorToken('support');
    expect((await t.send('POST', `${API}/feed/sync`, undefined, support)).status).toBe(403);
    ok(await settings({ feed: 'manual', openfootballSource: '' }));
  });
});
