import {
  reportConsoleEndpoints as api,
  rewardEndpoints,
  withdrawalPlayerEndpoints as wallet,
} from '@tessera/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { housePlayer, spinCall } from '../../../test/factories/house.ts';
import { confirmedDeposit } from '../../../test/factories/promotions.ts';
import { setRebateFlag } from '../../../test/factories/rebates.ts';
import { issueRebate, issueVipReward } from '../../../test/factories/rewards.ts';
import { PAYMENT_PASSWORD, sealedCall, walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { drainRollupQueue } from '../agents/rollups.ts';

/**
 * The console's business reports against the ledger: deposits, house-game bets and wins, a bonus, a rebate and a
 * withdrawal made through the real services on two merchant days (Asia/Ho_Chi_Minh, UTC+7), the roll-up job run,
 * then every report's totals compared with sums over the ledger's postings of the same days.
 */
describe('business reports', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  const { expectFailure, expectRefusals } = consoleChecks(
    () => t,
    () => tokens,
  );
  // The merchant's days 2026-06-10 and 2026-06-11 as instants.
  const FROM = new Date('2026-06-09T17:00:00Z');
  const TO = new Date('2026-06-11T17:00:00Z');
  const PERIOD = 'period=custom&startDate=2026-06-10&endDate=2026-06-11';
  let players: number[] = [];

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    await setRebateFlag(t.db, 'MANUALREBATE3', true);
    // Deposits without a wagering requirement, so that the withdrawal below is not held back by one.
    await t.db.query(
      `update site_settings set value = value || '{"turnoverMultiple": 0}' where key = 'wallet'`,
    );
    // Whatever the seed left queued counts before the period.
    await drainRollupQueue(t.db);

    // Day one (10:00 local): two players deposit through the wallet's settlement and play the house slot.
    t.clock.set(new Date('2026-06-10T03:00:00Z'));
    const first = await housePlayer(t);
    const second = await housePlayer(t);
    await confirmedDeposit(t, first.id, 500_00n);
    await confirmedDeposit(t, second.id, 300_00n);
    for (let spin = 0; spin < 6; spin += 1) expect((await spinCall(t, first, 1_00n)).status).toBe(200);
    for (let spin = 0; spin < 4; spin += 1) expect((await spinCall(t, second, 2_00n)).status).toBe(200);
    // A VIP reward (a bonus) and a manual rebate, claimed through the rewards centre.
    const bonus = await issueVipReward(t.db, first.id, {
      period: '2026-06-01',
      amount: 12_00n,
      at: t.clock.now(),
    });
    const rebate = await issueRebate(t.db, second.id, {
      day: '2026-06-09',
      amount: 3_45n,
      at: t.clock.now(),
      expiresAt: new Date('2026-06-20T00:00:00Z'),
    });
    const claim = (token: string, source: string, id: number) =>
      t.call({
        method: 'POST',
        url: rewardEndpoints.claim.path.replace(':source', source).replace(':id', String(id)),
        token,
      });
    expect((await claim(first.siteToken, 'vip', bonus)).status).toBe(200);
    expect((await claim(second.siteToken, 'rebate', rebate)).status).toBe(200);

    // Day two (20:00 UTC = 03:00 local on the 11th): a third player deposits and asks for a withdrawal, a fourth
    // deposits and plays.
    t.clock.set(new Date('2026-06-10T20:00:00Z'));
    const third = await walletMember(t, { paymentPassword: true });
    const fourth = await housePlayer(t);
    await confirmedDeposit(t, third.id, 1_000_00n);
    await confirmedDeposit(t, fourth.id, 100_00n);
    for (let spin = 0; spin < 3; spin += 1) expect((await spinCall(t, fourth, 5_00n)).status).toBe(200);
    const bank = await t.send(
      'POST',
      wallet.addBankAccount.path,
      { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Nguyen Van An' },
      third.token,
    );
    expect(bank.status).toBe(200);
    const withdrawn = await sealedCall(
      t,
      wallet.requestWithdrawal,
      { bankAccountId: bank.body.value.id, amount: 200, paymentPassword: PAYMENT_PASSWORD },
      third.token,
    );
    expect([withdrawn.status, withdrawn.body.code]).toEqual([200, 'ok']);
    players = [first.id, second.id, third.id, fourth.id];
    // The test's members are written without a sign-up time of the test clock: each signed up on its first day.
    await t.db.query(`update members set created_at = '2026-06-10T02:00:00Z' where id = any($1)`, [
      [first.id, second.id],
    ]);
    await t.db.query(`update members set created_at = '2026-06-10T19:00:00Z' where id = any($1)`, [
      [third.id, fourth.id],
    ]);

    // After the period (a day later): its changes are not in it.
    t.clock.set(new Date('2026-06-11T18:00:00Z'));
    await confirmedDeposit(t, third.id, 77_00n);
    expect(await drainRollupQueue(t.db)).toBeGreaterThan(0);
    // The operators sign in at that time (their sessions would have idled out over the days above).
    tokens = await openCallerTokens(t);
  });
  // Each test starts at its clock's start (test/setup.ts): "now" is 01:00 local on 2026-06-12, after the period.
  beforeEach(() => t.clock.set(new Date('2026-06-11T18:00:00Z')));
  afterAll(() => t.close());

  /** Sums over the ledger's postings on members' main money wallets, of these kinds, in the period (minor units). */
  async function ledgerSum(kinds: string[], sign: 1 | -1 = 1): Promise<number> {
    const [row] = await t.db.query<{ total: bigint }>(
      `select coalesce(sum(e.amount), 0)::bigint as total
         from ledger_transactions x
         join ledger_entries e on e.transaction_id = x.id
         join ledger_accounts a on a.id = e.account_id and a.kind = 'main' and a.unit = 'money'
         join members m on m.id = a.member_id and m.type <> 4
        where x.kind = any($1) and x.created_at >= $2 and x.created_at < $3`,
      [kinds, FROM, TO],
    );
    return (sign * Number(row?.total ?? 0n)) / 100;
  }
  const sumOf = <T>(rows: T[], pick: (row: T) => number) =>
    Math.round(rows.reduce((total, row) => total + pick(row), 0) * 100) / 100;

  it('money: deposits, first-time depositors, withdrawals and channels reconcile with the ledger', async () => {
    const res = await t.get(`${api.money.path}?${PERIOD}`, tokens.finance);
    expect(res.status).toBe(200);
    const report = res.body.value;
    expect(report.range).toMatchObject({
      startDate: '2026-06-10',
      endDate: '2026-06-11',
      timeZone: 'Asia/Ho_Chi_Minh',
      currency: 'PHP',
      digits: 2,
    });
    const deposits = await ledgerSum(['deposit']);
    const withdrawals = await ledgerSum(['withdrawal', 'withdrawal_returned'], -1);
    expect(deposits).toBe(1_900);
    expect(withdrawals).toBe(200);
    expect(report.totals).toMatchObject({
      deposits,
      withdrawals,
      netDeposits: deposits - withdrawals,
      depositCount: 4,
      withdrawalCount: 1,
      firstDepositors: 4,
      firstDeposits: 1_900,
    });
    expect(report.days.map((day: { date: string }) => day.date)).toEqual(['2026-06-10', '2026-06-11']);
    expect(report.days.map((day: { deposits: number }) => day.deposits)).toEqual([800, 1_100]);
    expect(sumOf(report.days, (day: { withdrawals: number }) => day.withdrawals)).toBe(withdrawals);
    const byDirection = (direction: string) =>
      sumOf(
        report.channels.filter((row: { direction: string }) => row.direction === direction),
        (row: { amount: number }) => row.amount,
      );
    expect(byDirection('deposit')).toBe(deposits);
    expect(byDirection('withdrawal')).toBe(withdrawals);
    expect(report.channels).toContainEqual({
      direction: 'withdrawal',
      channel: 'Tessera Bank',
      amount: 200,
      count: 1,
    });
  });

  it('games: stakes, payouts, GGR, bonuses, rebates, NGR and hold reconcile with the ledger and the rounds', async () => {
    const res = await t.get(`${api.games.path}?${PERIOD}`, tokens.owner);
    expect(res.status).toBe(200);
    const report = res.body.value;
    const stakes = await ledgerSum(['bet'], -1);
    const payouts = await ledgerSum(['payout']);
    const bonuses = await ledgerSum(['bonus']);
    const rebates = await ledgerSum(['rebate']);
    expect(stakes).toBe(6 + 8 + 15);
    expect([bonuses, rebates]).toEqual([12, 3.45]);
    const ggr = Math.round((stakes - payouts) * 100) / 100;
    expect(report.totals).toMatchObject({
      rounds: 13,
      stakes,
      payouts,
      ggr,
      bonuses,
      rebates,
      salaries: 0,
      ngr: Math.round((ggr - bonuses - rebates) * 100) / 100,
      // GGR ÷ stakes in whole minor units, to four decimals (truncated), as the server divides.
      hold: Math.trunc((Math.round(ggr * 100) * 10_000) / Math.round(stakes * 100)) / 10_000,
    });
    expect(report.days.map((day: { stakes: number }) => day.stakes)).toEqual([14, 15]);
    // Every breakdown adds up to the totals.
    for (const rows of [report.days, report.gameTypes, report.vendors, report.games]) {
      expect(sumOf(rows, (row: { stakes: number }) => row.stakes)).toBe(stakes);
      expect(sumOf(rows, (row: { payouts: number }) => row.payouts)).toBe(payouts);
    }
    expect(report.games).toHaveLength(1);
    // The biggest winners: members whose payouts exceeded their stakes, the most first.
    const [rounds] = await t.db.query<{ member_id: number; net: bigint }>(
      `select member_id, (sum(win) - sum(bet))::bigint as net from game_rounds
        where member_id = any($1) and status = 'settled' group by member_id order by net desc limit 1`,
      [players],
    );
    if (rounds && rounds.net > 0n)
      expect(report.winners[0]).toMatchObject({
        memberId: rounds.member_id,
        netWin: Number(rounds.net) / 100,
      });
    else expect(report.winners).toEqual([]);
  });

  it('players: new, active, depositing and the sign-up week cohorts', async () => {
    const res = await t.get(`${api.players.path}?${PERIOD}`, tokens.operations);
    expect(res.status).toBe(200);
    const report = res.body.value;
    const [signUps] = await t.db.query<{ n: number }>(
      'select count(*)::int as n from members where type <> 4 and created_at >= $1 and created_at < $2',
      [FROM, TO],
    );
    expect(report.totals).toEqual({
      newPlayers: signUps?.n,
      activePlayers: 3,
      depositingPlayers: 4,
      firstDepositors: 4,
    });
    expect(signUps?.n).toBe(4);
    expect(report.days.map((day: { newPlayers: number }) => day.newPlayers)).toEqual([2, 2]);
    expect(report.days.map((day: { activePlayers: number }) => day.activePlayers)).toEqual([2, 1]);
    expect(report.days.map((day: { depositingPlayers: number }) => day.depositingPlayers)).toEqual([2, 2]);
    // The week of Monday 2026-06-08: its sign-ups, and the share of them that played in it.
    const week = report.cohorts.find((row: { week: string }) => row.week === '2026-06-08');
    expect(week).toMatchObject({ signUps: signUps?.n });
    expect(week.retention).toEqual([0.75]);
  });

  it("the dashboard: today's and yesterday's figures and the queues waiting for an operator", async () => {
    // "Today" is 2026-06-12 local; yesterday the 11th.
    const res = await t.get(api.dashboard.path, tokens.finance);
    expect(res.status).toBe(200);
    const games = (await t.get(`${api.games.path}?${PERIOD}`, tokens.owner)).body.value;
    const [pending] = await t.db.query<{ n: number }>(
      "select count(*)::int as n from withdrawals where status = 'pending'",
    );
    expect(res.body.value).toMatchObject({
      timeZone: 'Asia/Ho_Chi_Minh',
      today: { deposits: 77, withdrawals: 0, ggr: 0, ngr: 0, activePlayers: 0 },
      yesterday: {
        deposits: 1_100,
        withdrawals: 200,
        ggr: games.days[1].ggr,
        ngr: games.days[1].ngr,
        activePlayers: 1,
      },
      pending: { withdrawals: pending?.n },
      queued: 0,
    });
  });

  it('exports a report as CSV: a row per day and the totals', async () => {
    // The answer is CSV, not the envelope.
    const raw = await t.app.inject({
      method: 'GET',
      url: `${api.export.path.replace(':report', 'money')}?${PERIOD}`,
      headers: { authorization: `Bearer ${tokens.finance}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = raw.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'date,deposits,depositCount,firstDepositors,firstDeposits,withdrawals,withdrawalCount,netDeposits',
    );
    expect(lines.slice(1)).toEqual([
      '2026-06-10,800,2,2,800,0,0,800',
      '2026-06-11,1100,2,2,1100,200,1,900',
      'total,1900,4,4,1900,200,1,1700',
    ]);
  });

  it('refuses a period it cannot answer with its exact code', async () => {
    const get = (query: string) => t.get(`${api.money.path}?${query}`, tokens.finance);
    expectFailure(await get('period=custom&startDate=2026-06-10&endDate=2026-06-13'), 400, 'report_range');
    expectFailure(await get('period=custom&startDate=2025-01-01&endDate=2026-06-11'), 400, 'report_range');
    expectFailure(
      await get('period=custom&startDate=2026-02-30&endDate=2026-03-02'),
      400,
      'validation_failed',
      {
        startDate: expect.any(String),
      },
    );
    expectFailure(await get('period=custom&startDate=2026-06-11'), 400, 'validation_failed', {
      endDate: expect.any(String),
    });
    expectFailure(await get('period=fortnight'), 400, 'validation_failed', { period: expect.any(String) });
  });

  it('is for the owner, finance and operations only', async () => {
    await expectRefusals(
      [
        { method: 'GET', url: api.money.path },
        { method: 'GET', url: api.games.path },
        { method: 'GET', url: api.players.path },
        { method: 'GET', url: api.dashboard.path },
        { method: 'GET', url: api.export.path.replace(':report', 'games') },
      ],
      ['support'],
    );
  });
});
