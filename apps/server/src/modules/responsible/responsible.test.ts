import { randomUUID } from 'node:crypto';
import {
  accountsEndpoints,
  responsibleEndpoints as api,
  responsibleConsoleEndpoints as bo,
  DEVICE_ID_HEADER,
  depositConsoleEndpoints,
  depositPlayerEndpoints,
  HOUSE_SPIN_INTERVAL_MS,
  inboxConsoleEndpoints,
  inboxEndpoints,
  promotionEndpoints,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginBody, registerMember, sealed, solvedCaptcha } from '../../../test/factories/accounts.ts';
import {
  mainBalance,
  type ProviderWorld,
  playerInGame,
  SEAMLESS,
  startProviderWorld,
} from '../../../test/factories/game-providers.ts';
import { houseGameId, housePlayer, spinCall } from '../../../test/factories/house.ts';
import { betCall, currentDraw } from '../../../test/factories/lottery.ts';
import { newPromotion } from '../../../test/factories/promotions.ts';
import { walletMember } from '../../../test/factories/wallet.ts';
import type { TestApp } from '../../../test/harness.ts';
import { memberSocket } from '../../../test/sockets.ts';
import { hashPassword } from '../../platform/crypto.ts';
import { openSession } from '../../platform/sessions.ts';

/**
 * Responsible gaming (issue 27): the limits, the reality check, the session and daily time limits, time-out and
 * self-exclusion, each with its edge, and the one check enforced on every path (a deposit, a house spin, a lottery
 * bet, a bet through the seamless wallet answered in Hub88's protocol, a promotion claim, a sign-in); then the
 * endpoints' refused callers and the console's read-only views. PHP has 2 decimals: 1.00 is 100 minor units.
 * The merchant's days are in its time zone (UTC+7).
 */

const HOUR = 3_600_000;
const HUB = 1000n;
const hub = (minor: bigint) => Number(minor * HUB);
const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

let world: ProviderWorld;
let t: TestApp;
let bankChannel: number;

beforeAll(async () => {
  world = await startProviderWorld();
  t = world.t;
  const channel = await t.send(
    'POST',
    depositConsoleEndpoints.channels.create.path,
    {
      kind: 'bank',
      name: 'Limit bank',
      minAmount: 1,
      maxAmount: 50_000,
      presets: [100],
      instructions: 'Transfer, then submit the reference.',
      bankName: 'Metro Test Bank',
      accountName: 'Tessera Test Ltd',
      accountNumber: '0011-2233-44',
    },
    await t.operatorToken('finance'),
  );
  expect(channel.status).toBe(200);
  bankChannel = channel.body.value.id;
});
afterAll(async () => {
  await world.close();
});

const deposit = (token: string, amount: number | string) =>
  t.call({
    method: 'POST',
    url: depositPlayerEndpoints.createDeposit.path,
    token,
    payload: { channelId: bankChannel, amount, payerReference: 'REF-1' },
    headers: { 'idempotency-key': randomUUID() },
  });
const setLimit = (token: string, kind: string, value: unknown) =>
  t.send('PUT', at(api.setLimit.path, { kind }), { value }, token);
const overview = async (token: string) => {
  const answer = await t.get(api.overview.path, token);
  expect(answer.status).toBe(200);
  return answer.body.value;
};
const limitOf = async (token: string, kind: string) =>
  (await overview(token)).limits.find((limit: { kind: string }) => limit.kind === kind);
const idempotent = (url: string, body: unknown, token: string) =>
  t.call({
    method: 'POST',
    url,
    payload: body as object,
    token,
    headers: { 'idempotency-key': randomUUID() },
  });
/** A new session of the member now (a session idles out while the test clock moves on). */
const freshToken = async (memberId: number) =>
  (
    await openSession(
      t.db,
      { kind: 'member', id: memberId },
      t.config.memberSession,
      t.clock.now(),
      '127.0.0.1',
      t.deps.rng,
    )
  ).token;
const untilOf = (answer: { body: unknown }) => (answer.body as { until?: string }).until;
const depositCount = async (memberId: number) =>
  (await t.db.query('select 1 from deposits where member_id = $1', [memberId])).length;

/** A bet's body through the simulator, in Hub88's units. */
function betBody(player: { user: string; token: string }, stake: bigint) {
  return {
    user: player.user,
    token: player.token,
    request_uuid: randomUUID(),
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    game_code: 'jdb_lucky_seven',
    currency: 'PHP',
    amount: hub(stake),
    is_free: false,
  };
}
const hubCall = (path: string, body: Record<string, unknown>) =>
  world.sim.walletCall(SEAMLESS.operatorId, path, body);

describe('deposit limits', () => {
  it('takes deposits up to the limit exactly and refuses the next unit, with when it is possible again, before any order is written', async () => {
    t.clock.set(new Date('2026-06-01T12:00:00Z'));
    const member = await walletMember(t);
    const set = await setLimit(member.token, 'deposit_day', 100);
    expect(set.status).toBe(200);
    expect(set.body.value.limits).toContainEqual({ kind: 'deposit_day', value: 100, used: 0, pending: null });
    expect((await deposit(member.token, 60)).status).toBe(200);
    t.clock.advance(HOUR);
    member.token = await freshToken(member.id);
    expect((await deposit(member.token, '40.00')).status).toBe(200);
    const over = await deposit(member.token, 1);
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('rg_deposit_limit');
    // The first deposit leaves the 24-hour window a day after it was made.
    expect(untilOf(over)).toBe('2026-06-02T12:00:00.000Z');
    expect(over.body.message).toContain('2026');
    expect(await depositCount(member.id)).toBe(2);
    // A week's limit applies beside it: the lowest wins.
    t.clock.set(new Date('2026-06-02T12:00:00Z'));
    member.token = await freshToken(member.id);
    expect((await setLimit(member.token, 'deposit_week', 150)).status).toBe(200);
    expect((await deposit(member.token, 50)).status).toBe(200);
    const week = await deposit(member.token, 1);
    expect(week.body.code).toBe('rg_deposit_limit');
    expect(untilOf(week)).toBe('2026-06-08T12:00:00.000Z');
    // A deposit larger than the limit itself can never pass.
    expect((await deposit(member.token, 101)).body.code).toBe('rg_deposit_above_limit');
    expect((await limitOf(member.token, 'deposit_week')).used).toBe(150);
  });

  it('lowers a limit at once; a raise or a removal waits 24 hours, then needs the member’s confirmation', async () => {
    t.clock.set(new Date('2026-06-10T08:00:00Z'));
    const member = await walletMember(t);
    await setLimit(member.token, 'deposit_day', 100);
    const lowered = await setLimit(member.token, 'deposit_day', 80);
    expect(lowered.body.value.limits).toContainEqual({
      kind: 'deposit_day',
      value: 80,
      used: 0,
      pending: null,
    });

    const raised = await setLimit(member.token, 'deposit_day', 500);
    expect(raised.body.value.limits).toContainEqual({
      kind: 'deposit_day',
      value: 80,
      used: 0,
      pending: { value: 500, confirmableAt: '2026-06-11T08:00:00.000Z' },
    });
    // Until confirmed, the old limit holds.
    expect((await deposit(member.token, 81)).body.code).toBe('rg_deposit_above_limit');
    const confirm = () =>
      t.send('POST', at(api.confirmLimit.path, { kind: 'deposit_day' }), undefined, member.token);
    t.clock.set(new Date('2026-06-11T07:59:59.999Z'));
    member.token = await freshToken(member.id);
    const early = await confirm();
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('rg_limit_waiting');
    expect(untilOf(early)).toBe('2026-06-11T08:00:00.000Z');
    // Waiting is not enough: the raise holds only once confirmed.
    t.clock.set(new Date('2026-06-11T08:00:00Z'));
    expect((await deposit(member.token, 81)).body.code).toBe('rg_deposit_above_limit');
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.value.limits).toContainEqual({
      kind: 'deposit_day',
      value: 500,
      used: 0,
      pending: null,
    });
    expect((await deposit(member.token, 81)).status).toBe(200);
    expect((await confirm()).body.code).toBe('rg_no_pending_change');

    // A removal waits too; the member may drop it.
    const removal = await setLimit(member.token, 'deposit_day', null);
    expect(
      (removal.body.value.limits as { kind: string; pending: unknown }[]).find(
        (l) => l.kind === 'deposit_day',
      )?.pending,
    ).toEqual({
      value: null,
      confirmableAt: '2026-06-12T08:00:00.000Z',
    });
    const dropped = await t.send(
      'DELETE',
      at(api.cancelPending.path, { kind: 'deposit_day' }),
      undefined,
      member.token,
    );
    expect(dropped.body.value.limits).toContainEqual({
      kind: 'deposit_day',
      value: 500,
      used: 81,
      pending: null,
    });
  });

  it('refuses a bad value, an unknown kind and callers other than a real member', async () => {
    const member = await walletMember(t);
    for (const value of ['abc', 0, -5, true]) {
      const bad = await setLimit(member.token, 'deposit_day', value);
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('validation_failed');
    }
    expect((await setLimit(member.token, 'deposit_day', 1.001)).body.code).toBe('amount_invalid');
    expect((await setLimit(member.token, 'session_minutes', 1.5)).body.code).toBe('validation_failed');
    expect((await setLimit(member.token, 'jackpot_day', 10)).status).toBe(400);
    expect((await t.get(api.overview.path)).status).toBe(401);
    const trial = await walletMember(t, { type: 4 });
    expect((await t.get(api.overview.path, trial.token)).body.code).toBe('in_need_true_account');
    expect((await setLimit(trial.token, 'deposit_day', 10)).body.code).toBe('in_need_true_account');
    expect((await t.get(api.overview.path, await t.operatorToken('operations'))).status).toBe(401);
  });
});

describe('stake and loss limits on every path', () => {
  it('a seamless bet over a stake or loss limit is refused in Hub88’s protocol with the balance; the window counts winnings back for a loss limit', async () => {
    t.clock.set(new Date('2026-07-01T10:00:00Z'));
    const player = await playerInGame(world, 'jdb_lucky_seven', 100_00n);
    await setLimit(player.member.token, 'loss_day', 10);
    const first = betBody(player, 6_00n);
    expect((await hubCall('/transaction/bet', first)).answer).toMatchObject({ status: 'RS_OK' });
    // The worst case counts: 6.00 lost so far + 5.00 at stake > 10.00.
    const refused = await hubCall('/transaction/bet', betBody(player, 5_00n));
    expect(refused.answer).toMatchObject({ status: 'RS_ERROR_UNKNOWN', balance: hub(94_00n) });
    expect(await mainBalance(t, player.member.id)).toBe(94_00n);
    // 4.00 more reaches the limit exactly.
    expect((await hubCall('/transaction/bet', betBody(player, 4_00n))).answer).toMatchObject({
      status: 'RS_OK',
    });
    // A win of 6.00 on the first round brings the loss back to 4.00: 6.00 more fits again.
    await hubCall('/transaction/win', {
      user: player.user,
      token: player.token,
      request_uuid: randomUUID(),
      transaction_uuid: randomUUID(),
      reference_transaction_uuid: first.transaction_uuid,
      round: first.round,
      round_closed: true,
      game_code: 'jdb_lucky_seven',
      currency: 'PHP',
      amount: hub(6_00n),
    });
    expect((await hubCall('/transaction/bet', betBody(player, 6_00n))).answer).toMatchObject({
      status: 'RS_OK',
    });

    await setLimit(player.member.token, 'stake_week', 20);
    // Staked 16.00 this week: 4.00 fits exactly, 4.01 does not.
    expect((await hubCall('/transaction/bet', betBody(player, 4_01n))).answer).toMatchObject({
      status: 'RS_ERROR_UNKNOWN',
    });
    const view = await overview(player.member.token);
    expect(view.limits).toContainEqual({ kind: 'stake_week', value: 20, used: 16, pending: null });
    expect(view.limits).toContainEqual({ kind: 'loss_day', value: 10, used: 10, pending: null });
  });

  it('a house spin and a lottery bet over a stake limit are refused with rg_stake_limit and move no money', async () => {
    t.clock.set(new Date('2026-07-05T10:00:00Z'));
    const player = await housePlayer(t, { funds: 50_00n });
    await setLimit(player.siteToken, 'stake_day', 1);
    expect((await spinCall(t, player, 100n)).status).toBe(200);
    t.clock.advance(5_000);
    const before = await mainBalance(t, player.id);
    const spin = await spinCall(t, player, 100n);
    expect(spin.status).toBe(409);
    expect(spin.body.code).toBe('rg_stake_limit');
    // A day after the first stake, which spinCall's pacing placed 2.5 s after the clock was set.
    expect(untilOf(spin)).toBe('2026-07-06T10:00:02.500Z');
    expect(await mainBalance(t, player.id)).toBe(before);

    const member = await walletMember(t, { funds: 1_000_00n });
    await setLimit(member.token, 'stake_day', 100);
    const { numero } = await currentDraw(t, 'E_MB1');
    const ticket = {
      gameId: 'E_MB1',
      numero,
      betType: 'lo2' as const,
      numbers: ['45', '07', '91'],
      points: 2,
    };
    // 3 numbers × 2 points × 23.00 = 138.00 > 100.00: above the limit itself.
    const lottery = await betCall(t, member.token, ticket);
    expect(lottery.body.code).toBe('rg_bet_above_limit');
    expect(await mainBalance(t, member.id)).toBe(1_000_00n);
    expect((await betCall(t, member.token, { ...ticket, numbers: ['45'], points: 4 })).body.success).toBe(
      true,
    );
    const second = await betCall(t, member.token, { ...ticket, numbers: ['07'], points: 1 });
    expect(second.body.code).toBe('rg_stake_limit');
  });
});

describe('time on the site', () => {
  it('interrupts play at the reality check until the member has seen the session and chosen', async () => {
    t.clock.set(new Date('2026-08-01T10:00:00Z'));
    const player = await housePlayer(t, { funds: 50_00n });
    const chosen = await t.send('PUT', api.setRealityCheck.path, { minutes: 15 }, player.siteToken);
    expect(chosen.body.value).toMatchObject({ realityCheckMinutes: 15, realityCheckDefault: 30 });
    expect((await t.send('PUT', api.setRealityCheck.path, { minutes: 20 }, player.siteToken)).body.code).toBe(
      'validation_failed',
    );
    const { socket, messages } = await memberSocket(t, player.siteToken);
    expect((await spinCall(t, player, 100n)).status).toBe(200);
    // spinCall moves the clock by the slots' pacing before each spin: the next lands 14:59 after the first.
    const first = t.clock.now().getTime();
    t.clock.set(new Date(first + 14 * 60_000 + 59_000 - HOUSE_SPIN_INTERVAL_MS));
    await t.jobs.runDue();
    expect(messages).not.toContainEqual({ type: 'responsible.reality_check' });
    expect((await spinCall(t, player, 100n)).status).toBe(200);
    t.clock.set(new Date(first + 15 * 60_000));
    // The interval falls due: the member's pages are told over /ws at once, before any round is refused.
    await t.jobs.runDue();
    await expect.poll(() => messages.at(-1)).toEqual({ type: 'responsible.reality_check' });
    socket.close();
    const interrupted = await spinCall(t, player, 100n);
    expect(interrupted.status).toBe(409);
    expect(interrupted.body.code).toBe('rg_reality_check_due');
    const seen = await overview(player.siteToken);
    expect(seen.session).toMatchObject({
      startedAt: new Date(first).toISOString(),
      // 15:00 to the check, and the refused spin's pacing.
      playedSeconds: 902,
      realityCheckDue: true,
    });
    // In minor units: the net result is the balance's change since the session began (50.00).
    expect(Math.round(seen.session.net * 100)).toBe(Number(await mainBalance(t, player.id)) - 50_00);

    const ack = await t.send(
      'POST',
      api.acknowledgeRealityCheck.path,
      { choice: 'continue' },
      player.siteToken,
    );
    expect(ack.body.value.session.realityCheckDue).toBe(false);
    expect((await spinCall(t, player, 100n)).status).toBe(200);
    expect(
      (await t.send('POST', api.acknowledgeRealityCheck.path, { choice: 'later' }, player.siteToken)).body
        .code,
    ).toBe('validation_failed');
  });

  it('stops new rounds at the session time limit and, with a daily limit, sign-in until the next day', async () => {
    t.clock.set(new Date('2026-08-03T20:00:00Z'));
    const player = await housePlayer(t, { funds: 50_00n });
    await setLimit(player.siteToken, 'session_minutes', 30);
    await setLimit(player.siteToken, 'daily_minutes', 45);
    for (const minutes of [0, 10, 20, 29]) {
      t.clock.set(new Date(Date.parse('2026-08-03T20:00:00Z') + minutes * 60_000));
      expect((await spinCall(t, player, 100n)).status).toBe(200);
    }
    t.clock.set(new Date('2026-08-03T20:30:00Z'));
    const session = await spinCall(t, player, 100n);
    expect(session.body.code).toBe('rg_session_limit');
    // A pause of 30 minutes ends the session.
    expect(untilOf(session)).toBe('2026-08-03T20:59:02.500Z');
    t.clock.set(new Date('2026-08-03T21:00:00Z'));
    for (const minutes of [0, 10, 16]) {
      t.clock.set(new Date(Date.parse('2026-08-03T21:00:00Z') + minutes * 60_000));
      expect((await spinCall(t, player, 100n)).status).toBe(200);
    }
    // 29 + 16 minutes played today: the daily limit of 45 is reached.
    t.clock.set(new Date('2026-08-03T21:17:00Z'));
    const daily = await spinCall(t, player, 100n);
    expect(daily.body.code).toBe('rg_daily_time_limit');
    // The next day in the merchant's time zone (UTC+7): midnight there.
    expect(untilOf(daily)).toBe('2026-08-04T17:00:00.000Z');

    const [row] = await t.db.query<{ username: string }>('select username from members where id = $1', [
      player.id,
    ]);
    await t.db.query('update members set password_hash = $2 where id = $1', [
      player.id,
      await hashPassword('Tessera-pass-2026'),
    ]);
    const signIn = await sealed(
      t,
      accountsEndpoints.login,
      loginBody(row?.username ?? '', 'Tessera-pass-2026'),
    );
    expect(signIn.body.code).toBe('rg_daily_time_limit');
    t.clock.set(new Date('2026-08-04T17:00:00Z'));
    expect(
      (await sealed(t, accountsEndpoints.login, loginBody(row?.username ?? '', 'Tessera-pass-2026'))).status,
    ).toBe(200);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out starts at once, is told to open sessions over /ws, refuses every bet, deposit, claim and launch, cannot be shortened and ends on time', async () => {
    t.clock.set(new Date('2026-09-15T09:00:00Z'));
    const player = await playerInGame(world, 'jdb_lucky_seven', 100_00n);
    const { socket, messages } = await memberSocket(t, player.member.token);
    const promotion = await newPromotion(t, await t.operatorToken('operations'), {
      startsAt: '2026-09-01T00:00:00Z',
      endsAt: '2026-10-01T00:00:00Z',
    });

    const started = await idempotent(api.timeOut.path, { days: 1 }, player.member.token);
    expect(started.status).toBe(200);
    expect(started.body.value.block).toMatchObject({ kind: 'time_out', until: '2026-09-16T09:00:00.000Z' });
    await expect
      .poll(() => messages.at(-1))
      .toEqual({ type: 'responsible.changed', until: '2026-09-16T09:00:00.000Z' });
    socket.close();

    const bet = await hubCall('/transaction/bet', betBody(player, 1_00n));
    expect(bet.answer).toMatchObject({ status: 'RS_ERROR_USER_DISABLED', balance: hub(100_00n) });
    const refusedDeposit = await deposit(player.member.token, 10);
    expect(refusedDeposit.status).toBe(403);
    expect(refusedDeposit.body).toMatchObject({ code: 'rg_time_out', until: '2026-09-16T09:00:00.000Z' });
    const claim = await t.call({
      method: 'POST',
      url: at(promotionEndpoints.claim.path, { id: promotion }),
      token: player.member.token,
    });
    expect(claim.body.code).toBe('rg_time_out');
    const launch = await t.get(`/wps/game/launchGame?nodeId=${await houseGameId(t)}`, player.member.token);
    expect(launch.body.code).toBe('rg_time_out');
    // It cannot be shortened or replaced by a shorter one.
    expect((await idempotent(api.timeOut.path, { days: 1 }, player.member.token)).body.code).toBe(
      'rg_block_shorter',
    );
    // History and withdrawal stay open.
    expect((await t.get(depositPlayerEndpoints.deposits.path, player.member.token)).status).toBe(200);

    t.clock.set(new Date('2026-09-16T09:00:00Z'));
    player.member.token = await freshToken(player.member.id);
    expect((await deposit(player.member.token, 10)).status).toBe(200);
    expect((await idempotent(api.timeOut.path, { days: 43 }, player.member.token)).body.code).toBe(
      'validation_failed',
    );
  });

  it('self-exclusion refuses play until the member asks to reopen and a day has passed, skips broadcasts, refuses a new account with the same e-mail; the console shows it read-only', async () => {
    t.clock.set(new Date('2026-09-20T09:00:00Z'));
    const [support, finance] = [await t.operatorToken('support'), await t.operatorToken('finance')];
    const member = await registerMember(t);
    const [identity] = await t.db.query<{ email: string }>('select email from members where id = $1', [
      member.id,
    ]);
    const bankAccount = {
      bankName: 'Tessera Bank',
      accountNumber: '00998877665544',
      payeeName: 'Nguyen Van An',
    };
    expect(
      (await t.send('POST', withdrawalPlayerEndpoints.addBankAccount.path, bankAccount, member.token)).status,
    ).toBe(200);
    const excluded = await idempotent(api.selfExclude.path, { months: 6 }, member.token);
    expect(excluded.body.value.block).toMatchObject({
      kind: 'self_exclusion',
      until: '2027-03-20T09:00:00.000Z',
      reopenRequestedAt: null,
    });
    expect((await idempotent(api.selfExclude.path, { months: 3 }, member.token)).body.code).toBe(
      'validation_failed',
    );
    // A time-out cannot replace it; sign-in still works (to withdraw and read history).
    expect((await idempotent(api.timeOut.path, { days: 42 }, member.token)).body.code).toBe(
      'rg_block_shorter',
    );
    expect(
      (await sealed(t, accountsEndpoints.login, loginBody(member.username, member.password))).status,
    ).toBe(200);
    expect((await deposit(member.token, 10)).body.code).toBe('rg_self_excluded');

    // A broadcast sent during the exclusion never reaches the member; other members get it.
    const other = await registerMember(t);
    const unread = async (token: string) =>
      (await t.get(inboxEndpoints.unreadCount.path, token)).body.value.unReadCount;
    const before = [await unread(member.token), await unread(other.token)];
    const sent = await t.send(
      'POST',
      inboxConsoleEndpoints.sendBroadcast.path,
      { audience: 'all', texts: [{ language: 'EN', title: 'Weekend bonus', content: '<p>Deposit now</p>' }] },
      support,
    );
    expect(sent.status).toBe(200);
    expect([await unread(member.token), await unread(other.token)]).toEqual([
      before[0],
      (before[1] ?? 0) + 1,
    ]);

    // The same e-mail cannot open another account, nor the same payment account join one.
    expect(identity?.email).toBe(`${member.username}@example.com`);
    const again = await sealed(t, accountsEndpoints.register, {
      username: `again${member.id}`,
      password: 'Tessera-pass-2026',
      confirmPassword: 'Tessera-pass-2026',
      email: identity?.email.toUpperCase(),
      ageConfirmed: true,
      termsAccepted: true,
      ...(await solvedCaptcha(t)),
    });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('rg_excluded_identity');
    const account = { bankName: 'Tessera Bank', accountNumber: '00998877665544', payeeName: 'Nguyen Van An' };
    const sameAccount = await t.send(
      'POST',
      withdrawalPlayerEndpoints.addBankAccount.path,
      account,
      other.token,
    );
    expect(sameAccount.body.code).toBe('rg_excluded_identity');
    expect(
      (
        await t.send(
          'POST',
          withdrawalPlayerEndpoints.addBankAccount.path,
          { ...account, accountNumber: '00998877660000' },
          other.token,
        )
      ).status,
    ).toBe(200);

    // The console: the member's controls and history, read-only, and the list of excluded members.
    const view = await t.get(`${at(bo.member.path, { memberId: member.id })}?pageSize=10`, support);
    expect(view.status).toBe(200);
    expect(view.body.value.controls.block).toMatchObject({ kind: 'self_exclusion' });
    expect(view.body.value.history.list.map((event: { kind: string }) => event.kind)).toEqual([
      'self_exclusion',
    ]);
    const list = await t.get(`${bo.exclusions.path}?kind=self_exclusion&pageSize=100`, finance);
    expect(list.body.value.list).toContainEqual(
      expect.objectContaining({
        memberId: member.id,
        kind: 'self_exclusion',
        until: '2027-03-20T09:00:00.000Z',
      }),
    );

    // At its end nothing reopens until the member asks, and then a day later.
    expect((await t.send('POST', api.reopen.path, undefined, member.token)).body.code).toBe(
      'rg_nothing_to_reopen',
    );
    t.clock.set(new Date('2027-03-20T09:00:00Z'));
    member.token = await freshToken(member.id);
    expect((await deposit(member.token, 10)).body.code).toBe('rg_reopen_needed');
    const asked = await t.send('POST', api.reopen.path, undefined, member.token);
    expect(asked.body.value.block).toMatchObject({ reopensAt: '2027-03-21T09:00:00.000Z' });
    const waiting = await deposit(member.token, 10);
    expect(waiting.body).toMatchObject({ code: 'rg_self_excluded', until: '2027-03-21T09:00:00.000Z' });
    t.clock.set(new Date('2027-03-21T09:00:00Z'));
    member.token = await freshToken(member.id);
    expect((await deposit(member.token, 10)).status).toBe(200);
    expect(
      (
        await t.get(
          `${bo.exclusions.path}?kind=self_exclusion&pageSize=100`,
          await t.operatorToken('support'),
        )
      ).body.value.list,
    ).not.toContainEqual(expect.objectContaining({ memberId: member.id }));
  });
});

describe('device identity', () => {
  it('refuses a registration from the device a self-excluded member registered or signed in from, and only that device', async () => {
    t.clock.set(new Date('2026-10-01T09:00:00Z'));
    const device = (name: string) => ({ [DEVICE_ID_HEADER]: `${name}-${randomUUID()}` });
    const register = async (headers: Record<string, string>, suffix: string) =>
      sealed(
        t,
        accountsEndpoints.register,
        {
          username: `dev${suffix}${Date.now() % 100_000}`,
          password: 'Tessera-pass-2026',
          confirmPassword: 'Tessera-pass-2026',
          ageConfirmed: true,
          termsAccepted: true,
          login: true,
          ...(await solvedCaptcha(t)),
        },
        undefined,
        undefined,
        headers,
      );
    const [home, phone, other] = [device('home'), device('phone'), device('other')];
    const registered = await register(home, 'a');
    expect(registered.status).toBe(200);
    const member = registered.body.value as { customerId: number; userName: string; token: string };
    const [row] = await t.db.query<{ register_device: string }>(
      'select register_device from members where id = $1',
      [member.customerId],
    );
    expect(row?.register_device).toBe(home[DEVICE_ID_HEADER]);
    // A sign-in from a second device is recorded as the device of the sign-in.
    const signedIn = await sealed(
      t,
      accountsEndpoints.login,
      loginBody(member.userName, 'Tessera-pass-2026'),
      undefined,
      undefined,
      phone,
    );
    expect(signedIn.status).toBe(200);
    const devices = await t.db.query<{ device: string }>(
      'select device from login_history where member_id = $1 order by id',
      [member.customerId],
    );
    expect(devices.map((entry) => entry.device)).toEqual([home[DEVICE_ID_HEADER], phone[DEVICE_ID_HEADER]]);
    expect(
      (await idempotent(api.selfExclude.path, { months: 6 }, signedIn.body.value.token)).body.value.block,
    ).toMatchObject({ kind: 'self_exclusion' });

    for (const [headers, suffix] of [
      [home, 'b'],
      [phone, 'c'],
    ] as const) {
      const refused = await register(headers, suffix);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('rg_excluded_identity');
    }
    // Another device, a platform name only, or a malformed id: not the excluded member's device.
    expect((await register(other, 'd')).status).toBe(200);
    expect((await register({ Device: 'WEB' }, 'e')).status).toBe(200);
    expect((await register({ [DEVICE_ID_HEADER]: `${home[DEVICE_ID_HEADER]}?x` }, 'f')).status).toBe(200);
  });
});

describe('the console', () => {
  it('shows and sets the defaults (audited), refuses members, visitors and roles without the right', async () => {
    const [operations, support] = [await t.operatorToken('operations'), await t.operatorToken('support')];
    const read = await t.get(bo.settings.path, support);
    expect(read.body.value).toEqual({ realityCheckDefault: 30, interruptedRoundDays: 30 });
    const saved = await t.send(
      'PUT',
      bo.putSettings.path,
      { realityCheckDefault: 60, interruptedRoundDays: 14 },
      operations,
    );
    expect(saved.body.value).toEqual({ realityCheckDefault: 60, interruptedRoundDays: 14 });
    const member = await walletMember(t);
    expect((await overview(member.token)).realityCheckDefault).toBe(60);
    const [audit] = await t.db.query<{ entity: string }>(
      "select entity from audit_log where entity = 'responsible' order by id desc limit 1",
    );
    expect(audit?.entity).toBe('responsible');
    const bad = await t.send(
      'PUT',
      bo.putSettings.path,
      { realityCheckDefault: 20, interruptedRoundDays: 0 },
      operations,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('validation_failed');
    expect(
      (
        await t.send(
          'PUT',
          bo.putSettings.path,
          { realityCheckDefault: 30, interruptedRoundDays: 30 },
          support,
        )
      ).status,
    ).toBe(403);
    expect((await t.get(bo.settings.path, member.token)).status).toBe(401);
    expect((await t.get(bo.settings.path)).status).toBe(401);
    expect((await t.get(at(bo.member.path, { memberId: member.id }), member.token)).status).toBe(401);
    expect((await t.get(at(bo.member.path, { memberId: 'x' }), support)).status).toBe(400);
    await t.send(
      'PUT',
      bo.putSettings.path,
      { realityCheckDefault: 30, interruptedRoundDays: 30 },
      operations,
    );
  });
});
