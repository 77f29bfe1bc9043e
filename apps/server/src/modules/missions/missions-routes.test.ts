import { missionEndpoints as api, missionConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGame, playedRound } from '../../../test/factories/games.ts';
import {
  addLogin,
  createMission,
  missionBody,
  resettleRound,
  setMissionsFlag,
  settledRound,
} from '../../../test/factories/missions.ts';
import { signIn } from '../../../test/factories/vip.ts';
import { fundMember, newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { buildJobRunner } from '../../jobs.ts';
import { ticketBalance } from '../raffle/tickets.ts';
import { sumBalance } from '../wallet/ledger.ts';

/**
 * The mission endpoints: the member's missions with progress, claims, the badge and the leaderboard, the original's
 * two calls; the console's missions (audited) and results; the settling job. Each with its happy path, a client
 * mistake with its code, and the refused callers. The seed's currency is PHP (2 digits); the merchant's days are
 * UTC here. Milestones of the default body: 100.00 (5.00 cash ×2, 10 points), 500.00 (20.00 cash ×1).
 */
describe('mission endpoints', () => {
  let t: TestApp;
  let operations: string;
  let support: string;
  let slot: number;
  let live: number;

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await t.db.query(`update merchant set time_zone = 'UTC'`);
    slot = await newGame(t, { vendor: 'HOUSE_SLOTS' });
    live = await newGame(t, { vendor: 'HOUSE_LIVE', classify: 'LIVE' });
    const [type] = await t.db.query<{ game_type: string }>(
      'select v.game_type from games g join game_vendors v on v.id = g.vendor_id where g.id = $1',
      [slot],
    );
    expect(type?.game_type).toBe('RNG');
  });
  afterAll(() => t.close());

  /** Moves the clock (operators sign in again: their sessions end when idle). */
  async function at(iso: string) {
    t.clock.set(new Date(iso));
    [operations, support] = [await t.operatorToken('operations'), await t.operatorToken('support')];
  }
  /** Disables every mission made so far, so each test sees only its own. */
  const onlyNew = () => t.db.query('update missions set enabled = false');
  /** Points the member got from missions (claims and prizes), not the points job's for the same play. */
  const pointsOf = async (memberId: number) => {
    const [row] = await t.db.query<{ amount: bigint }>(
      `select coalesce(sum(e.amount), 0)::bigint as amount from ledger_transactions x
         join ledger_entries e on e.transaction_id = x.id
         join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind = 'points'
        where x.idempotency_key like 'mission%'`,
      [memberId],
    );
    return row?.amount ?? 0n;
  };
  /** What the member got from mission prizes: cash (minor units, wallet main) or points (wallet points). */
  const prizeOf = async (memberId: number, wallet: 'main' | 'points') => {
    const [row] = await t.db.query<{ amount: bigint }>(
      `select coalesce(sum(e.amount), 0)::bigint as amount from ledger_transactions x
         join ledger_entries e on e.transaction_id = x.id
         join ledger_accounts a on a.id = e.account_id and a.member_id = $1 and a.kind = $2
        where x.idempotency_key like 'mission-prize:%'`,
      [memberId, wallet],
    );
    return row?.amount ?? 0n;
  };
  const prizeCash = (memberId: number) => prizeOf(memberId, 'main');
  const postingsLike = async (like: string) =>
    (
      await t.db.query<{ idempotency_key: string }>(
        'select idempotency_key from ledger_transactions where idempotency_key like $1 order by id',
        [like],
      )
    ).map((row) => row.idempotency_key);
  const claimPath = (id: number, index: number | string) =>
    api.claim.path.replace(':id', String(id)).replace(':index', String(index));

  it('creates and edits missions (audited), refusing an event without its end, an unknown one and other roles', async () => {
    await at('2026-07-01T08:00:00Z');
    const created = await t.send('POST', bo.create.path, missionBody(), operations);
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      kind: 'daily',
      measure: 'bet_amount',
      status: 'O',
      claims: 0,
      milestones: [
        { target: 100, cash: 5, points: 10, turnoverMultiple: 2 },
        { target: 500, cash: 20, points: 0, turnoverMultiple: 1 },
      ],
    });
    const id = created.body.value.id as number;
    const [audit] = await t.db.query<{ action: string; entity_id: string }>(
      `select action, entity_id from audit_log where entity = 'mission' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'create', entity_id: String(id) });

    const path = bo.update.path.replace(':id', String(id));
    const edited = await t.send(
      'PUT',
      path,
      missionBody({ titles: { EN: 'Renamed' }, enabled: false }),
      operations,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.value).toMatchObject({ titles: { EN: 'Renamed', VI: '', CN: '' }, enabled: false });
    const [update] = await t.db.query<{ action: string; before: { titles: { EN: string } } }>(
      `select action, before from audit_log where entity = 'mission' order by id desc limit 1`,
    );
    expect(update).toMatchObject({ action: 'update', before: { titles: { EN: 'Daily spinner' } } });

    const noEnd = await t.send(
      'POST',
      bo.create.path,
      missionBody({ kind: 'event', startsAt: '2026-07-01T00:00:00Z' }),
      operations,
    );
    expect([noEnd.status, noEnd.body.code]).toEqual([400, 'validation_failed']);
    const fraction = await t.send(
      'POST',
      bo.create.path,
      missionBody({
        measure: 'bet_count',
        milestones: [{ target: 1.5, cash: 1, points: 0, turnoverMultiple: 0 }],
      }),
      operations,
    );
    expect([fraction.status, fraction.body.code]).toEqual([400, 'validation_failed']);
    const unknown = await t.send('PUT', bo.update.path.replace(':id', '999999'), missionBody(), operations);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'mission_not_found']);

    const list = await t.get(bo.list.path, support);
    expect(list.status).toBe(200);
    expect(list.body.value.list[0]).toMatchObject({ id, titles: { EN: 'Renamed' } });
    expect((await t.send('POST', bo.create.path, missionBody(), support)).status).toBe(403);
    expect((await t.get(bo.list.path)).status).toBe(401);
    const member = await newMember(t);
    expect((await t.get(bo.list.path, member.token)).status).toBe(401);
  });

  it('shows progress from today’s settled money rounds of the product, and refuses visitors, trial accounts and operators', async () => {
    await onlyNew();
    await at('2026-07-02T10:00:00Z');
    const id = await createMission(t, operations, { product: 'RNG' });
    const member = await newMember(t);
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 6_000n, win: 0n });
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 1_500n, win: 9_000n });
    // Another product, yesterday's round, play money and an open round do not count.
    await playedRound(t, { memberId: member.id, gameId: live, bet: 50_000n, win: 0n });
    await playedRound(t, {
      memberId: member.id,
      gameId: slot,
      bet: 50_000n,
      win: 0n,
      at: new Date('2026-07-01T23:59:59Z'),
    });
    await t.db.query(
      `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at,
         play_money)
       values ($1, $2, 'open-1', 'PHP', 90000, 0, 'open', $3, $3, false),
              ($1, $2, 'play-1', 'PHP', 90000, 0, 'settled', $3, $3, true)`,
      [member.id, slot, t.clock.now()],
    );
    const page = await t.get(api.list.path, member.token);
    expect(page.status).toBe(200);
    expect(page.body.value.list).toEqual([
      {
        id,
        kind: 'daily',
        measure: 'bet_amount',
        product: 'RNG',
        title: 'Daily spinner',
        periodStart: '2026-07-02T00:00:00.000Z',
        periodEnd: '2026-07-03T00:00:00.000Z',
        value: 75,
        milestones: [
          { index: 0, target: 100, cash: 5, points: 10, tickets: 0, turnoverMultiple: 2, state: 'locked' },
          { index: 1, target: 500, cash: 20, points: 0, tickets: 0, turnoverMultiple: 1, state: 'locked' },
        ],
        leaderboard: false,
      },
    ]);
    const vietnamese = await t.get(api.list.path, member.token, { language: 'VI' });
    expect(vietnamese.body.value.list[0].title).toBe('Quay mỗi ngày');

    expect((await t.get(api.list.path)).body.code).toBe('unauthorized');
    const trial = await newMember(t, 4);
    expect((await t.get(api.list.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.claimable.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.list.path, operations)).status).toBe(401);

    await setMissionsFlag(t.db, false);
    const off = await t.get(api.list.path, member.token);
    expect([off.status, off.body.code]).toEqual([403, 'feature_disabled']);
    expect((await t.get(api.claimable.path, member.token)).body.value).toEqual({ count: 0 });
    await setMissionsFlag(t.db, true);
  });

  it('counts a re-settled round once', async () => {
    await onlyNew();
    await at('2026-07-03T10:00:00Z');
    const amount = await createMission(t, operations);
    const count = await createMission(t, operations, {
      measure: 'bet_count',
      milestones: [{ target: 2, cash: 1, points: 0, turnoverMultiple: 0 }],
    });
    const member = await newMember(t);
    await fundMember(t, member.id, 100_000n);
    const ref = await settledRound(t, { memberId: member.id, gameId: slot, bet: 8_000n, win: 0n });
    await resettleRound(t, { memberId: member.id, gameId: slot, ref, win: 3_000n });
    await resettleRound(t, { memberId: member.id, gameId: slot, ref, win: 1_000n });
    const page = await t.get(api.list.path, member.token);
    const byId = new Map(
      page.body.value.list.map((row: { id: number; value: number }) => [row.id, row.value]),
    );
    expect(byId.get(amount)).toBe(80);
    expect(byId.get(count)).toBe(1);
    const claim = await t.send('POST', claimPath(count, 0), undefined, member.token);
    expect([claim.status, claim.body.code]).toEqual([409, 'mission_not_reached']);
  });

  it('counts valid bets without the low-risk part of a stake', async () => {
    await onlyNew();
    await at('2026-07-03T12:00:00Z');
    const id = await createMission(t, operations, { measure: 'valid_bet' });
    const member = await newMember(t);
    await t.db.query(
      `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at,
         low_risk_stake)
       values ($1, $2, 'covered-1', 'PHP', 10000, 9500, 'settled', $3, $3, 4000)`,
      [member.id, slot, t.clock.now()],
    );
    const page = await t.get(api.list.path, member.token);
    expect(page.body.value.list).toMatchObject([{ id, measure: 'valid_bet', value: 60 }]);
  });

  it('pays a reached milestone once (cash with its turnover, points), counts the badge, and refuses mistakes', async () => {
    await onlyNew();
    await at('2026-07-04T23:50:00Z');
    const id = await createMission(t, operations);
    const member = await newMember(t);
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 12_000n, win: 0n });
    expect((await t.get(api.claimable.path, member.token)).body.value).toEqual({ count: 1 });

    const early = await t.send('POST', claimPath(id, 1), undefined, member.token);
    expect([early.status, early.body.code]).toEqual([409, 'mission_not_reached']);
    const claim = await t.send('POST', claimPath(id, 0), undefined, member.token);
    expect(claim.status).toBe(200);
    expect(claim.body.value).toMatchObject({
      missionId: id,
      index: 0,
      cash: 5,
      points: 10,
      turnoverMultiple: 2,
    });
    expect(await sumBalance(t.db, member.id)).toBe(500n);
    expect(await pointsOf(member.id)).toBe(10n);
    const obligations = await t.db.query<{ amount: bigint; required: bigint }>(
      `select amount, required from turnover_obligations where member_id = $1`,
      [member.id],
    );
    expect(obligations).toEqual([{ amount: 500n, required: 1_000n }]);
    const again = await t.send('POST', claimPath(id, 0), undefined, member.token);
    expect([again.status, again.body.code]).toEqual([409, 'mission_claimed']);
    expect(await sumBalance(t.db, member.id)).toBe(500n);
    expect((await t.get(api.claimable.path, member.token)).body.value).toEqual({ count: 0 });
    const page = await t.get(api.list.path, member.token);
    expect(page.body.value.list[0].milestones.map((row: { state: string }) => row.state)).toEqual([
      'claimed',
      'locked',
    ]);

    // Tomorrow is a new period: the milestone is locked again.
    t.clock.set(new Date('2026-07-05T00:00:01Z'));
    expect((await t.get(api.claimable.path, member.token)).body.value).toEqual({ count: 0 });

    const bad = await t.send('POST', claimPath(id, 'x'), undefined, member.token);
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    const beyond = await t.send('POST', claimPath(id, 5), undefined, member.token);
    expect([beyond.status, beyond.body.code]).toEqual([400, 'validation_failed']);
    const unknown = await t.send('POST', claimPath(999_999, 0), undefined, member.token);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'mission_not_found']);
    expect((await t.send('POST', claimPath(id, 0))).status).toBe(401);
  });

  it('grants a milestone’s prize tickets once with its claim, whatever the number of claims at the same time', async () => {
    await onlyNew();
    await at('2026-07-06T09:00:00Z');
    const id = await createMission(t, operations, {
      milestones: [{ target: 100, cash: 0, points: 0, tickets: 3, turnoverMultiple: 0 }],
    });
    const member = await newMember(t);
    await playedRound(t, { memberId: member.id, gameId: slot, bet: 10_000n, win: 0n });
    const shown = (await t.get(api.list.path, member.token)).body.value.list[0].milestones[0];
    expect(shown).toMatchObject({ cash: 0, points: 0, tickets: 3, state: 'claimable' });

    const claims = await Promise.all(
      Array.from({ length: 4 }, () => t.send('POST', claimPath(id, 0), undefined, member.token)),
    );
    expect(claims.map((claim) => claim.status).sort()).toEqual([200, 409, 409, 409]);
    const paid = claims.find((claim) => claim.status === 200);
    expect(paid?.body.value).toMatchObject({ missionId: id, index: 0, cash: 0, points: 0, tickets: 3 });
    expect(claims.filter((claim) => claim.status === 409).map((claim) => claim.body.code)).toEqual(
      Array(3).fill('mission_claimed'),
    );
    const [claim] = await t.db.query<{ id: bigint; tickets: number }>(
      'select id, tickets from mission_claims where mission_id = $1 and member_id = $2',
      [id, member.id],
    );
    expect(claim?.tickets).toBe(3);
    const movements = await t.db.query<{ delta: number; source: string; ref: string }>(
      'select delta, source, ref from ticket_movements where member_id = $1',
      [member.id],
    );
    expect(movements).toEqual([{ delta: 3, source: 'mission', ref: `mission:${claim?.id}` }]);
    expect(await ticketBalance(t.db, member.id)).toBe(3);
    expect(await sumBalance(t.db, member.id)).toBe(0n);
    expect(await pointsOf(member.id)).toBe(0n);

    const none = await t.send(
      'POST',
      bo.create.path,
      missionBody({ milestones: [{ target: 100, cash: 0, points: 0, tickets: 0, turnoverMultiple: 0 }] }),
      operations,
    );
    expect([none.status, none.body.code]).toEqual([400, 'validation_failed']);
  });

  it('counts deposits and days signed in', async () => {
    await onlyNew();
    await at('2026-07-08T10:00:00Z');
    const deposits = await createMission(t, operations, {
      kind: 'weekly',
      measure: 'deposits',
      product: 'LIVE',
    });
    const logins = await createMission(t, operations, {
      kind: 'weekly',
      measure: 'login_days',
      milestones: [{ target: 2, cash: 0, points: 5, turnoverMultiple: 0 }],
    });
    const member = await newMember(t);
    await fundMember(t, member.id, 25_000n);
    // Monday 6 July to Sunday 12 July: two days signed in (twice on the 6th); the 5th is last week.
    for (const at of [
      '2026-07-05T12:00:00Z',
      '2026-07-06T08:00:00Z',
      '2026-07-06T20:00:00Z',
      '2026-07-07T09:00:00Z',
    ]) {
      await addLogin(t.db, member.id, new Date(at));
    }
    const page = await t.get(api.list.path, member.token);
    const rows = new Map(page.body.value.list.map((row: { id: number }) => [row.id, row]));
    expect(rows.get(deposits)).toMatchObject({
      value: 250,
      product: null,
      periodStart: '2026-07-06T00:00:00.000Z',
    });
    expect(rows.get(logins)).toMatchObject({ value: 2, periodEnd: '2026-07-13T00:00:00.000Z' });
    const claim = await t.send('POST', claimPath(logins, 0), undefined, member.token);
    expect(claim.body.value).toMatchObject({ cash: 0, points: 5 });
    expect(await pointsOf(member.id)).toBe(5n);
  });

  it('ranks an event by value, ties by who reached it first, shows the own row, and pays its prizes once after it ends', async () => {
    await onlyNew();
    await at('2026-07-10T11:50:00Z');
    const id = await createMission(t, operations, {
      kind: 'event',
      startsAt: '2026-07-10T00:00:00Z',
      endsAt: '2026-07-11T00:00:00Z',
      leaderboard: {
        size: 2,
        prizeTurnoverMultiple: 3,
        prizes: [
          { cash: 100, points: 50 },
          { cash: 40, points: 0 },
        ],
      },
    });
    const [first, second, third, idle] = [
      await newMember(t),
      await newMember(t),
      await newMember(t),
      await newMember(t),
    ];
    // second and first reach 300.00; second got there first. third has less.
    await playedRound(t, {
      memberId: second.id,
      gameId: slot,
      bet: 30_000n,
      win: 0n,
      at: new Date('2026-07-10T01:00:00Z'),
    });
    await playedRound(t, {
      memberId: first.id,
      gameId: slot,
      bet: 10_000n,
      win: 0n,
      at: new Date('2026-07-10T00:30:00Z'),
    });
    await playedRound(t, {
      memberId: first.id,
      gameId: slot,
      bet: 20_000n,
      win: 0n,
      at: new Date('2026-07-10T02:00:00Z'),
    });
    await playedRound(t, {
      memberId: third.id,
      gameId: slot,
      bet: 1_000n,
      win: 0n,
      at: new Date('2026-07-10T03:00:00Z'),
    });
    // After the event: not counted.
    await playedRound(t, {
      memberId: third.id,
      gameId: slot,
      bet: 99_000n,
      win: 0n,
      at: new Date('2026-07-11T00:00:00Z'),
    });
    t.clock.set(new Date('2026-07-10T12:00:00Z'));

    const board = await t.get(api.leaderboard.path.replace(':id', String(id)), third.token);
    expect(board.status).toBe(200);
    expect(board.body.value).toMatchObject({
      status: 'O',
      measure: 'bet_amount',
      footer: { rank: 3, reachedValue: 10 },
    });
    expect(board.body.value.list).toHaveLength(2);
    expect(board.body.value.list[0]).toMatchObject({ rank: 1, value: 300, prizeCash: 100, prizePoints: 50 });
    expect(board.body.value.list[0].username).toContain('***');
    const [secondName] = await t.db.query<{ username: string }>(
      'select username from members where id = $1',
      [second.id],
    );
    const own = await t.get(api.leaderboard.path.replace(':id', String(id)), second.token);
    expect(own.body.value.list[0]).toMatchObject({ rank: 1, username: secondName?.username });
    expect(own.body.value.footer).toEqual({ rank: 1, reachedValue: 300 });
    const none = await t.get(api.leaderboard.path.replace(':id', String(id)), idle.token);
    expect(none.body.value.footer).toEqual({ rank: 0, reachedValue: 0 });

    const original = await t.get(`${api.originalLeaderboard.path}?missionId=${id}`, first.token);
    expect(original.status).toBe(200);
    expect(original.body.value.footer).toEqual({ rank: 2, reachedValue: 300 });
    expect(original.body.value.list[1]).toMatchObject({ rank: 2, reachedValue: 300 });
    const missing = await t.get(api.originalLeaderboard.path, first.token);
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
    const daily = await createMission(t, operations);
    const noBoard = await t.get(api.leaderboard.path.replace(':id', String(daily)), first.token);
    expect([noBoard.status, noBoard.body.code]).toEqual([404, 'mission_not_found']);

    const summary = await t.get(`${api.originalSummary.path}?status=O&page=1&size=10`, first.token);
    expect(summary.status).toBe(200);
    expect(summary.body.value).toMatchObject({ total: 2, page: 1, size: 10 });
    expect(summary.body.value.list[0]).toMatchObject({
      missionId: id,
      title: 'Daily spinner',
      missionType: 'EVENT',
      status: 'O',
      reachedValue: 300,
      milestones: [{ target: 100, bonusAmount: 5, pointAmount: 10, status: 'CLAIMABLE' }, { target: 500 }],
    });
    const badStatus = await t.get(`${api.originalSummary.path}?status=X`, first.token);
    expect([badStatus.status, badStatus.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(api.originalSummary.path)).status).toBe(401);

    // Ended, within the hour of late settlements: closed, nothing paid; then two runners pay once.
    const runners = [buildJobRunner(t.deps), buildJobRunner(t.deps)];
    await at('2026-07-11T00:30:00Z');
    await Promise.all(runners.map((runner) => runner.runDue()));
    const closed = await t.get(bo.results.path.replace(':id', String(id)), support);
    expect(closed.body.value).toMatchObject({ status: 'C', settledAt: null });
    expect(closed.body.value.list.map((row: { paid: boolean }) => row.paid)).toEqual([false, false]);
    expect(await prizeCash(second.id)).toBe(0n);
    await at('2026-07-11T01:10:00Z');
    await Promise.all([...runners, ...runners].map((runner) => runner.runDue()));

    // (The runners ran the rebate job too: the prizes are read from their postings.)
    expect(await prizeCash(second.id)).toBe(10_000n);
    // (…and the points job: the member's points also hold what the round earned.)
    expect(await prizeOf(second.id, 'points')).toBe(50n);
    expect(await prizeCash(first.id)).toBe(4_000n);
    expect(await prizeCash(third.id)).toBe(0n);
    const [obligation] = await t.db.query<{ required: bigint }>(
      `select required from turnover_obligations where member_id = $1 and source_ref = $2`,
      [second.id, `mission-prize:${id}:1`],
    );
    expect(obligation?.required).toBe(30_000n);
    expect(await postingsLike(`mission-prize:${id}:%`)).toEqual([
      `mission-prize:${id}:1`,
      `mission-prize:${id}:1:points`,
      `mission-prize:${id}:2`,
    ]);
    const results = await t.get(bo.results.path.replace(':id', String(id)), support);
    expect(results.status).toBe(200);
    expect(results.body.value).toMatchObject({ status: 'S' });
    expect(results.body.value.list).toMatchObject([
      { rank: 1, memberId: second.id, value: 300, prizeCash: 100, prizePoints: 50, paid: true },
      { rank: 2, memberId: first.id, value: 300, prizeCash: 40, prizePoints: 0, paid: true },
    ]);
    const settledSummary = await t.get(`${api.originalSummary.path}?status=S`, await signIn(t, first.id));
    expect(settledSummary.body.value.list.map((row: { missionId: number }) => row.missionId)).toContain(id);
    const edit = await t.send('PUT', bo.update.path.replace(':id', String(id)), missionBody(), operations);
    expect([edit.status, edit.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(bo.results.path.replace(':id', String(id)))).status).toBe(401);

    // An event switched off before it is settled pays nothing.
    const off = await createMission(t, operations, {
      kind: 'event',
      startsAt: '2026-07-11T00:00:00Z',
      endsAt: '2026-07-11T01:00:00Z',
      leaderboard: { size: 3, prizeTurnoverMultiple: 1, prizes: [{ cash: 100, points: 0 }] },
    });
    await playedRound(t, {
      memberId: third.id,
      gameId: slot,
      bet: 5_000n,
      win: 0n,
      at: new Date('2026-07-11T00:10:00Z'),
    });
    const offBody = missionBody({
      kind: 'event',
      startsAt: '2026-07-11T00:00:00Z',
      endsAt: '2026-07-11T01:00:00Z',
      enabled: false,
      leaderboard: { size: 3, prizeTurnoverMultiple: 1, prizes: [{ cash: 100, points: 0 }] },
    });
    expect(
      (await t.send('PUT', bo.update.path.replace(':id', String(off)), offBody, operations)).status,
    ).toBe(200);
    await at('2026-07-11T02:10:00Z');
    await Promise.all(runners.map((runner) => runner.runDue()));
    const offResults = await t.get(bo.results.path.replace(':id', String(off)), support);
    expect(offResults.body.value).toMatchObject({ status: 'S', list: [] });
    expect(await postingsLike(`mission-prize:${off}:%`)).toEqual([]);
    expect((await t.get(bo.results.path.replace(':id', String(daily)), support)).body.code).toBe(
      'mission_not_found',
    );
  });
});
