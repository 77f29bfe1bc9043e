import { fileURLToPath } from 'node:url';
import type {
  ConsoleSportsbookEvent,
  SportsbookEventDetail,
  SportsbookEventListItem,
  SportsbookSettings,
} from '@tessera/contract';
import { simulateScore } from '@tessera/sportsbook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tickSimulator } from '../../src/modules/sportsbook/feed.ts';
import { ok } from '../factories/sportsbook.ts';
import { walletMember } from '../factories/wallet.ts';
import { startTestApp, type TestApp } from '../harness.ts';
import { memberSocket } from '../sockets.ts';

/**
 * The book's feeds: the simulator moving the demo's events with the clock (scores pushed over /ws), and the
 * openfootball importer reading the sample file in the repository (fixtures, and results waiting for an operator).
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
