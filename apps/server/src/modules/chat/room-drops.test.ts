import {
  chatEndpoints as api,
  chatConsoleEndpoints as bo,
  redEnvelopeRainEndpoints as rainApi,
  rainConsoleEndpoints as rainBo,
  type SportsbookTicket,
} from '@tessera/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleSuite } from '../../../test/console-checks.ts';
import { currentDraw, betCall as lotteryBet } from '../../../test/factories/lottery.ts';
import { newRainSchedule } from '../../../test/factories/raffle.ts';
import {
  betCall,
  confirmedResult,
  evenMarket,
  ok,
  selectionOf,
  setStatus,
  tradedEvent,
} from '../../../test/factories/sportsbook.ts';
import { walletMember } from '../../../test/factories/wallet.ts';
import type { TestApp } from '../../../test/harness.ts';
import { openDueRounds } from '../raffle/rain.ts';
import { settleEvent } from '../sportsbook/settlement.ts';
import * as ledger from '../wallet/ledger.ts';

/**
 * The chat room's red envelopes (rain rounds dropped in one room, grabbed only by members the room admits) and its
 * shared bet cards (the server's snapshot of the member's own ticket, followed into the slip at today's prices).
 * The seed's currency is PHP (2 digits); the merchant's clock is set to UTC.
 */
const path = (template: string, values: Record<string, number | string>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(values[name]));
const PHP = 100n;

describe('chat room red envelopes and bet cards', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const checks = consoleSuite({ runJobs: false }, (app, callerTokens) => {
    t = app;
    tokens = callerTokens;
  });
  /** Operators signed in at the test's time (a session ends when the clock moves past its idle time). */
  const signIn = checks.signIn;

  beforeAll(async () => {
    await t.db.query("update merchant set time_zone = 'UTC'");
  });
  const newRoom = async (body: Record<string, unknown> = {}) =>
    ok<{ id: number }>(await t.send('POST', bo.createRoom.path, { name: 'Lobby', ...body }, tokens.support))
      .id;
  const labelled = async (label: string) => {
    const member = await walletMember(t);
    await t.db.query('update members set member_labels = $2 where id = $1', [
      member.id,
      JSON.stringify([label]),
    ]);
    return member;
  };
  const grab = (roundId: number, token: string) =>
    t.call({ method: 'POST', url: path(rainApi.grab.path, { id: roundId }), token });
  const roundOf = (roundId: number, token: string) => t.get(path(rainApi.round.path, { id: roundId }), token);
  const mainOf = async (memberId: number) =>
    (await ledger.memberAccounts(t.db, memberId)).find((row) => row.kind === 'main')?.balance ?? 0n;
  const closeSchedules = () => t.db.query('update rain_schedules set enabled = false');
  const startNow = (scheduleId: number) =>
    t.call({
      method: 'POST',
      url: path(rainBo.startNow.path, { id: scheduleId }),
      token: tokens.operations,
      headers: { 'idempotency-key': `start-${scheduleId}` },
    });

  it('drops a scheduled round in its room once, with an envelope message, out of the site-wide rain', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-01T19:59:00Z'));
    await signIn();
    const roomId = await newRoom({ name: 'Whales', label: 'whale' });
    const scheduleId = await newRainSchedule(t.db, {
      times: ['20:00'],
      pool: 10_000n,
      envelopes: 5,
      min: 500n,
      max: 5_000n,
      turnoverMultiple: 2,
      roomId,
    });
    const member = await labelled('whale');
    t.clock.set(new Date('2026-06-01T20:00:00Z'));
    const passes = await Promise.all([
      openDueRounds(t.deps, t.clock.now()),
      openDueRounds(t.deps, t.clock.now()),
    ]);
    expect(passes.sort()).toEqual([0, 1]);
    const [round] = await t.db.query<{ id: bigint; room_id: number }>(
      'select id, room_id from rain_rounds where schedule_id = $1',
      [scheduleId],
    );
    const roundId = Number(round?.id);
    expect(round?.room_id).toBe(roomId);

    // The room's message of the round, once.
    const history = ok<{ list: { kind: string; card: unknown }[] }>(
      await t.get(path(api.messages.path, { id: roomId }), member.token),
    );
    expect(history.list.filter((message) => message.kind === 'envelope')).toEqual([
      expect.objectContaining({
        kind: 'envelope',
        card: { roundId, envelopes: 5, closesAt: '2026-06-01T20:02:00.000Z' },
      }),
    ]);
    // The site-wide rain neither shows the room's round nor announces its schedule.
    expect((await t.get(rainApi.state.path, member.token)).body.value).toMatchObject({
      live: null,
      next: null,
    });

    expect(ok(await roundOf(roundId, member.token))).toMatchObject({
      roundId,
      roomId,
      live: true,
      envelopes: 5,
      left: 5,
      grabs: 1,
      grabbed: 0,
      mine: [],
      currency: 'PHP',
    });
    const before = await mainOf(member.id);
    const got = ok<{ amount: number; grabsLeft: number }>(await grab(roundId, member.token));
    expect(got.grabsLeft).toBe(0);
    const minor = BigInt(Math.round(got.amount * 100));
    expect(await mainOf(member.id)).toBe(before + minor);
    const [obligation] = await t.db.query<{ required: bigint }>(
      `select o.required from turnover_obligations o join rain_envelopes e on o.source_ref = 'rain:' || e.id
       where e.round_id = $1 and e.member_id = $2`,
      [roundId, member.id],
    );
    expect(obligation?.required).toBe(minor * 2n);
    expect(ok(await roundOf(roundId, member.token))).toMatchObject({
      left: 4,
      grabbed: 1,
      mine: [got.amount],
    });

    t.clock.set(new Date('2026-06-01T20:02:00Z'));
    expect(ok(await roundOf(roundId, member.token))).toMatchObject({ live: false, left: 4 });
  });

  it('refuses a member the room does not admit, and a member kicked from it, with their codes', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-02T09:00:00Z'));
    await signIn();
    const roomId = await newRoom({ name: 'Whales only', label: 'whale' });
    const scheduleId = await newRainSchedule(t.db, {
      pool: 1_000n,
      envelopes: 2,
      min: 100n,
      max: 900n,
      roomId,
    });
    const started = await startNow(scheduleId);
    expect(started.status).toBe(200);
    const roundId = started.body.value.id as number;
    const outsider = await walletMember(t);
    checks.expectFailure(await grab(roundId, outsider.token), 403, 'chat_room_closed');
    checks.expectFailure(await roundOf(roundId, outsider.token), 403, 'chat_room_closed');
    const kicked = await labelled('whale');
    const kick = await t.send(
      'POST',
      path(bo.restrict.path, { id: roomId }),
      { memberId: kicked.id, action: 'kick', minutes: 10 },
      tokens.support,
    );
    expect(kick.status).toBe(200);
    checks.expectFailure(await grab(roundId, kicked.token), 403, 'chat_kicked');
    expect(await mainOf(outsider.id)).toBe(0n);
    expect(await mainOf(kicked.id)).toBe(0n);
    const trial = await t.memberToken(4);
    checks.expectFailure(await roundOf(roundId, trial), 403, 'in_need_true_account');
    checks.expectFailure(await roundOf(roundId, ''), 401, 'unauthorized');
    checks.expectFailure(await roundOf(999_999, outsider.token), 404, 'not_found');
  });

  it('gives the last envelope of a room round to one of two members grabbing it at once', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-03T09:00:00Z'));
    await signIn();
    const roomId = await newRoom({ name: 'Race' });
    const scheduleId = await newRainSchedule(t.db, {
      pool: 1_000n,
      envelopes: 2,
      min: 100n,
      max: 900n,
      roomId,
    });
    const roundId = (await startNow(scheduleId)).body.value.id as number;
    const first = await walletMember(t);
    expect((await grab(roundId, first.token)).status).toBe(200);
    const [a, b] = [await walletMember(t), await walletMember(t)];
    const answers = await Promise.all([grab(roundId, a.token), grab(roundId, b.token)]);
    expect(answers.map((answer) => answer.body.code).sort()).toEqual(['ok', 'rain_all_taken']);
    const [taken] = await t.db.query<{ taken: number; sum: bigint }>(
      'select count(member_id)::int as taken, sum(amount)::bigint as sum from rain_envelopes where round_id = $1',
      [roundId],
    );
    expect(taken).toEqual({ taken: 2, sum: 1_000n });
    const credited = (await mainOf(first.id)) + (await mainOf(a.id)) + (await mainOf(b.id));
    expect(credited).toBe(1_000n);
  });

  it('lets operations aim a schedule at a room (audited) and lists the room with its rounds; refuses an unknown room', async () => {
    await closeSchedules();
    t.clock.set(new Date('2026-06-04T09:00:00Z'));
    await signIn();
    const roomId = await newRoom({ name: 'Evening room' });
    const input = {
      name: 'Room drop',
      enabled: false,
      weekdays: [1, 2, 3, 4, 5],
      times: ['21:00'],
      durationSeconds: 60,
      pool: 100,
      envelopes: 10,
      minAmount: 1,
      maxAmount: 50,
      turnoverMultiple: 1,
      grabRules: [{ minDeposit: 0, grabs: 1 }],
      roomId,
    };
    const saved = ok<{ id: number; roomId: number; roomName: string }>(
      await t.send('POST', rainBo.createSchedule.path, input, tokens.operations),
    );
    expect(saved).toMatchObject({ roomId, roomName: 'Evening room' });
    await checks.expectAudited(tokens.operations, 'rain_schedule', {
      action: 'create',
      entityId: saved.id,
      before: null,
      after: saved,
    });
    const unknown = await t.send(
      'POST',
      rainBo.createSchedule.path,
      { ...input, roomId: 999_999 },
      tokens.operations,
    );
    checks.expectFailure(unknown, 400, 'validation_failed', { roomId: 'Value is not valid' });
    const refused = await t.send('POST', rainBo.createSchedule.path, input, tokens.support);
    expect(refused.status).toBe(403);

    const started = ok<{ id: number; roomId: number; roomName: string }>(await startNow(saved.id));
    expect(started).toMatchObject({ roomId, roomName: 'Evening room' });
    await checks.expectAudited(tokens.operations, 'rain_round', {
      action: 'start',
      entityId: started.id,
      before: null,
      after: started,
    });
    const rounds = ok<{ list: { id: number; roomName: string | null }[] }>(
      await t.get(`${rainBo.rounds.path}?pageNo=1&pageSize=5`, tokens.support),
    );
    expect(rounds.list.find((row) => row.id === started.id)).toMatchObject({ roomName: 'Evening room' });
  });

  describe('bet cards', () => {
    const share = (token: string, roomId: number, body: Record<string, unknown>) =>
      t.send('POST', path(api.share.path, { id: roomId }), body, token);
    const follow = (token: string, roomId: number, messageId: number) =>
      t.get(path(api.follow.path, { id: roomId, messageId }), token);

    it('shares the member’s own sportsbook ticket as the server reads it, stake hidden unless asked, once a minute', async () => {
      t.clock.set(new Date('2026-06-05T09:00:00Z'));
      await signIn();
      const roomId = await newRoom({ name: 'Tipsters' });
      const member = await walletMember(t, { funds: 1_000n * PHP });
      const other = await walletMember(t);
      const event = await tradedEvent(t, tokens.operations, { markets: [evenMarket('ah', -0.25)] });
      const home = selectionOf(event, 'ah', 'home');
      const ticket = ok<SportsbookTicket>(
        await betCall(t, member.token, {
          selections: [{ selectionId: home.id, version: home.version }],
          stake: 100,
        }),
      );
      const shared = ok<{ id: number; kind: string; card: Record<string, unknown> }>(
        await share(member.token, roomId, { product: 'sportsbook', ticketNo: ticket.ticketNo }),
      );
      expect(shared).toMatchObject({
        kind: 'bet',
        card: {
          product: 'sportsbook',
          ticketNo: ticket.ticketNo,
          state: 'accepted',
          stake: null,
          price: 2,
          lottery: null,
          legs: [{ selectionId: home.id, eventId: event.id, selection: 'home', price: 2, line: -0.25 }],
        },
      });
      checks.expectFailure(
        await share(member.token, roomId, {
          product: 'sportsbook',
          ticketNo: ticket.ticketNo,
          showStake: true,
        }),
        429,
        'chat_share_too_soon',
      );
      // Someone else's ticket answers as none.
      checks.expectFailure(
        await share(other.token, roomId, { product: 'sportsbook', ticketNo: ticket.ticketNo }),
        404,
        'sportsbook_ticket_not_found',
      );
      checks.expectFailure(
        await share(member.token, roomId, { product: 'casino', ticketNo: ticket.ticketNo }),
        400,
        'validation_failed',
        { product: 'Value is not valid' },
      );
      t.clock.advance(60_000);
      const again = ok<{ card: { stake: number | null } }>(
        await share(member.token, roomId, {
          product: 'sportsbook',
          ticketNo: ticket.ticketNo,
          showStake: true,
        }),
      );
      expect(again.card.stake).toBe(100);

      // Another member opens it and follows it: the open pick at today's price.
      const followed = ok<{ legs: unknown[] }>(await follow(other.token, roomId, shared.id));
      expect(followed.legs).toEqual([
        expect.objectContaining({
          selectionId: home.id,
          status: 'open',
          price: 2,
          priceVersion: home.version,
        }),
      ]);
      // Once the event is over and settled, the pick is closed.
      await setStatus(t, tokens.operations, event.id, 'live');
      await setStatus(t, tokens.operations, event.id, 'ended');
      const second = await t.operatorToken('operations');
      await confirmedResult(t, tokens.operations, second, event.id, {
        ft: { home: 2, away: 0 },
        h1: { home: 1, away: 0 },
      });
      await settleEvent(t.deps, event.id, t.clock.now());
      const settled = ok<{ legs: { status: string }[] }>(await follow(other.token, roomId, shared.id));
      expect(settled.legs.map((leg) => leg.status)).toEqual(['closed']);

      const text = ok<{ id: number }>(
        await t.send('POST', path(api.send.path, { id: roomId }), { kind: 'text', text: 'hi' }, other.token),
      );
      checks.expectFailure(await follow(member.token, roomId, text.id), 409, 'chat_not_a_bet');
      checks.expectFailure(await follow(member.token, roomId, 999_999), 404, 'not_found');
      checks.expectFailure(await follow('', roomId, shared.id), 401, 'unauthorized');
    });

    it('shares a lottery ticket with its numbers, and holds a share to the room’s slow mode', async () => {
      t.clock.set(new Date('2026-06-06T09:00:00Z'));
      await signIn();
      const roomId = await newRoom({ name: 'Slow lottery', slowModeSeconds: 30 });
      const member = await walletMember(t, { funds: 1_000n * PHP });
      const { numero } = await currentDraw(t, 'E_MB1');
      const ticket = ok<{ ticketNo: string }>(
        await lotteryBet(t, member.token, {
          gameId: 'E_MB1',
          numero,
          betType: 'lo2',
          numbers: ['45', '07'],
          points: 1,
        }),
      );
      const said = await t.send(
        'POST',
        path(api.send.path, { id: roomId }),
        { kind: 'text', text: 'hi' },
        member.token,
      );
      expect(said.status).toBe(200);
      checks.expectFailure(
        await share(member.token, roomId, { product: 'lottery', ticketNo: ticket.ticketNo }),
        429,
        'chat_slow_mode',
      );
      t.clock.advance(30_000);
      const shared = ok<{ card: Record<string, unknown> }>(
        await share(member.token, roomId, { product: 'lottery', ticketNo: ticket.ticketNo }),
      );
      expect(shared.card).toMatchObject({
        product: 'lottery',
        state: 'placed',
        stake: null,
        legs: [],
        lottery: { gameId: 'E_MB1', betType: 'lo2', numbers: ['07', '45'] },
      });
      checks.expectFailure(
        await share((await walletMember(t)).token, roomId, { product: 'lottery', ticketNo: ticket.ticketNo }),
        404,
        'lottery_ticket_not_found',
      );
    });
  });
});
