import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { placeMember } from '../../../test/factories/agents.ts';
import { newGame } from '../../../test/factories/games.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { type Leg, post } from '../wallet/ledger.ts';
import { drainRollupQueue } from './rollups.ts';

/**
 * The team reports through HTTP. The merchant's days are Asia/Ho_Chi_Minh (UTC+7, the seed's); the clock stands at
 * noon there on Wednesday 10 June 2026. Money of the seed's currency (PHP) has two decimals: 10_000 minor = 100.
 */
describe('agent team reports', () => {
  let t: TestApp;
  let agentToken: string;
  let agent: number;
  let sub: number;
  let subToken: string;
  let m1: number;
  let m2: number;
  let outsider: number;
  let slots: number;
  let lottery: number;
  let refs = 0;
  let keys = 0;
  const TODAY = '2026-06-10T05:00:00Z';
  const YESTERDAY = '2026-06-09T05:00:00Z';

  const username = async (id: number) =>
    (await t.db.query<{ username: string }>('select username from members where id = $1', [id]))[0]
      ?.username ?? '';

  async function round(
    memberId: number,
    gameId: number,
    bet: bigint,
    win: bigint,
    at: string,
    status = 'settled',
  ) {
    refs += 1;
    await t.db.query(
      `insert into game_rounds (member_id, game_id, round_ref, currency, bet, win, status, started_at, updated_at)
       values ($1, $2, $3, 'PHP', $4, $5, $6, $7, $7)`,
      [memberId, gameId, `rep${refs}`, bet, win, status, at],
    );
  }
  function posting(kind: Parameters<typeof post>[1]['kind'], memberId: number, legs: Leg[], at: string) {
    keys += 1;
    return write(t.db, { isolation: 'read committed' }, (tx) =>
      post(
        tx,
        { key: `reports-test:${keys}`, kind, memberId, reference: `test:${keys}`, legs },
        new Date(at),
      ),
    );
  }
  const deposit = (memberId: number, amount: bigint, at: string) =>
    posting(
      'deposit',
      memberId,
      [
        { account: { member: memberId, wallet: 'main' }, amount },
        { account: { system: 'merchant:cash' }, amount: -amount },
      ],
      at,
    );

  beforeEach(async () => {
    t = await startTestApp({ runJobs: false });
    t.clock.set(new Date(TODAY));
    agentToken = await t.memberToken(1);
    agent = (await t.get('/wps/member/info', agentToken)).body.value.id;
    subToken = await t.memberToken(2);
    sub = (await t.get('/wps/member/info', subToken)).body.value.id;
    await t.db.query('update members set upline_id = $1 where id = $2', [agent, sub]);
    m1 = await placeMember(t.db, { upline: agent, username: 'repm1' });
    m2 = await placeMember(t.db, { upline: sub, username: 'repm2' });
    await placeMember(t.db, { upline: agent, type: 4, username: 'reptrial' });
    outsider = await placeMember(t.db, { username: 'repout' });
    await t.db.query(`update members set created_at = $2 where id = any($1::int[])`, [
      [agent, sub, m1, outsider],
      YESTERDAY,
    ]);
    await t.db.query(`update members set created_at = $2 where id = $1`, [m2, TODAY]);
    slots = await newGame(t, { vendor: 'HOUSE_SLOTS', names: { EN: 'Lucky Slots', VI: 'Nổ hũ' } });
    lottery = await newGame(t, { vendor: 'LOTT', gameType: 'LOTT', classify: 'LOTTERY' });

    await round(m1, slots, 10_000n, 4_000n, TODAY);
    await round(m1, lottery, 2_000n, 0n, TODAY);
    await round(m1, slots, 3_000n, 0n, TODAY, 'open');
    await round(m2, slots, 5_000n, 0n, YESTERDAY);
    await round(outsider, slots, 99_000n, 0n, TODAY);
    await deposit(m1, 20_000n, TODAY);
    await deposit(m1, 5_000n, TODAY);
    await deposit(m2, 3_000n, YESTERDAY);
    await deposit(outsider, 50_000n, TODAY);
    await drainRollupQueue(t.db);
  });
  afterEach(() => t.close());

  describe('team overview', () => {
    it('shows the branch figures of today and a week, with a series per day', async () => {
      const today = await t.get('/wps/agent/report/overview?period=today', agentToken);
      expect(today.status).toBe(200);
      expect(today.body.value).toMatchObject({
        period: 'today',
        startDate: '2026-06-10',
        endDate: '2026-06-10',
        timeZone: 'Asia/Ho_Chi_Minh',
        currency: 'PHP',
        digits: 2,
        teamAgents: 1,
        teamMembers: 2,
        newSignups: 1,
        firstDepositCount: 1,
        firstDeposits: 200,
        activeMembers: 1,
        deposits: 250,
        depositCount: 2,
        withdrawals: 0,
        validBet: 120,
        payout: 40,
        houseResult: 80,
        teamBalance: 280,
      });

      const week = await t.get('/wps/agent/report/overview?period=thisWeek', agentToken);
      expect(week.body.value).toMatchObject({
        startDate: '2026-06-08',
        endDate: '2026-06-10',
        validBet: 170,
        deposits: 280,
        firstDepositCount: 2,
        activeMembers: 2,
      });
      expect(week.body.value.series).toEqual([
        {
          date: '2026-06-08',
          validBet: 0,
          payout: 0,
          houseResult: 0,
          deposits: 0,
          withdrawals: 0,
          newSignups: 0,
        },
        {
          date: '2026-06-09',
          validBet: 50,
          payout: 0,
          houseResult: 50,
          deposits: 30,
          withdrawals: 0,
          newSignups: 2,
        },
        {
          date: '2026-06-10',
          validBet: 120,
          payout: 40,
          houseResult: 80,
          deposits: 250,
          withdrawals: 0,
          newSignups: 1,
        },
      ]);

      // The sub-agent sees its own branch only.
      const branch = await t.get('/wps/agent/report/overview?period=thisWeek', subToken);
      expect(branch.body.value).toMatchObject({ teamAgents: 0, teamMembers: 1, validBet: 50, deposits: 30 });
    });

    it('takes custom days within the last 30 and refuses others', async () => {
      const custom = await t.get(
        '/wps/agent/report/overview?period=custom&startDate=2026-06-09&endDate=2026-06-09',
        agentToken,
      );
      expect(custom.body.value).toMatchObject({
        startDate: '2026-06-09',
        endDate: '2026-06-09',
        validBet: 50,
      });
      const tooOld = await t.get(
        '/wps/agent/report/overview?period=custom&startDate=2026-05-01&endDate=2026-05-02',
        agentToken,
      );
      expect([tooOld.status, tooOld.body.code]).toEqual([400, 'agent_report_range']);
      const future = await t.get(
        '/wps/agent/report/overview?period=custom&startDate=2026-06-10&endDate=2026-06-11',
        agentToken,
      );
      expect([future.status, future.body.code]).toEqual([400, 'agent_report_range']);
      const missing = await t.get('/wps/agent/report/overview?period=custom&endDate=2026-06-09', agentToken);
      expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
      expect(Object.keys(missing.body.fields ?? {})).toEqual(['startDate']);
      const noDay = await t.get(
        '/wps/agent/report/overview?period=custom&startDate=2026-06-31&endDate=2026-06-31',
        agentToken,
      );
      expect([noDay.status, noDay.body.code]).toEqual([400, 'validation_failed']);
      const badPeriod = await t.get('/wps/agent/report/overview?period=forever', agentToken);
      expect([badPeriod.status, badPeriod.body.code]).toEqual([400, 'validation_failed']);
    });

    it('is refused to visitors, trial accounts, members who are not agents and operators', async () => {
      const url = '/wps/agent/report/overview';
      expect((await t.get(url)).body.code).toBe('unauthorized');
      expect((await t.get(url, await t.memberToken(4))).body.code).toBe('in_need_true_account');
      const member = await t.get(url, await t.memberToken(0));
      expect([member.status, member.body.code]).toEqual([403, 'not_agent']);
      expect((await t.get(url, await t.operatorToken('operations'))).body.code).toBe('unauthorized');
    });
  });

  describe('team betting', () => {
    it("lists the team's bets newest first, by user and scope, product and status", async () => {
      const all = await t.get('/wps/agent/report/bets?period=thisWeek', agentToken);
      expect(all.status).toBe(200);
      expect(all.body.value.total).toBe(4);
      expect(all.body.value.list.map((bet: { username: string }) => bet.username)).toEqual([
        'repm1',
        'repm1',
        'repm1',
        'repm2',
      ]);
      const open = all.body.value.list.find((bet: { status: string }) => bet.status === 'open');
      expect(open).toMatchObject({
        stake: 30,
        validBet: 0,
        payout: 0,
        product: 'RNG',
        gameName: 'Lucky Slots',
      });

      const vi = await t.call({
        method: 'GET',
        url: '/wps/agent/report/bets?period=thisWeek&status=open',
        token: agentToken,
        headers: { language: 'VI' },
      });
      expect(vi.body.value.list).toMatchObject([{ gameName: 'Nổ hũ', status: 'open' }]);

      const lott = await t.get('/wps/agent/report/bets?period=thisWeek&product=LOTT', agentToken);
      expect(lott.body.value.list).toMatchObject([
        { username: 'repm1', stake: 20, validBet: 20, product: 'LOTT' },
      ]);

      const subName = await username(sub);
      const direct = await t.get(`/wps/agent/report/bets?period=thisWeek&scope=direct`, agentToken);
      expect(direct.body.value.total).toBe(3);
      const subTeam = await t.get(`/wps/agent/report/bets?period=thisWeek&username=${subName}`, agentToken);
      expect(subTeam.body.value.list).toMatchObject([{ username: 'repm2', stake: 50, validBet: 50 }]);
      const subSelf = await t.get(
        `/wps/agent/report/bets?period=thisWeek&username=${subName}&scope=self`,
        agentToken,
      );
      expect(subSelf.body.value.total).toBe(0);

      const paged = await t.get('/wps/agent/report/bets?period=thisWeek&pageSize=3&pageNo=2', agentToken);
      expect(paged.body.value).toMatchObject({ total: 4, pageNo: 2, pageSize: 3 });
      expect(paged.body.value.list).toHaveLength(1);
    });

    it("refuses a user outside the caller's branch exactly like one that does not exist", async () => {
      const outside = await t.get('/wps/agent/report/bets?username=repout', agentToken);
      const unknown = await t.get('/wps/agent/report/bets?username=nobody-here', agentToken);
      expect([outside.status, outside.body.code]).toEqual([404, 'agent_downline_not_found']);
      expect(unknown.body).toMatchObject({ code: outside.body.code, message: outside.body.message });
      // The sub-agent cannot read its upline's other member, nor the trial account.
      expect((await t.get('/wps/agent/report/bets?username=repm1', subToken)).body.code).toBe(
        'agent_downline_not_found',
      );
      expect((await t.get('/wps/agent/report/bets?username=reptrial', agentToken)).body.code).toBe(
        'agent_downline_not_found',
      );
      const badStatus = await t.get('/wps/agent/report/bets?status=won', agentToken);
      expect([badStatus.status, badStatus.body.code]).toEqual([400, 'validation_failed']);
      expect((await t.get('/wps/agent/report/bets', await t.memberToken(0))).body.code).toBe('not_agent');
    });
  });

  describe('user loss statements', () => {
    it("shows the user's own row and each direct downline's branch, with the team total", async () => {
      await posting(
        'bonus',
        m2,
        [
          { account: { member: m2, wallet: 'main' }, amount: 500n },
          { account: { system: 'house:bonuses' }, amount: -500n },
        ],
        YESTERDAY,
      );
      await drainRollupQueue(t.db);
      const loss = await t.get('/wps/agent/report/loss?period=thisWeek', agentToken);
      expect(loss.status).toBe(200);
      const agentName = await username(agent);
      const subName = await username(sub);
      expect(loss.body.value.username).toBe(agentName);
      // The caller naming itself (in any case) reads its own statement, as with no name.
      const named = await t.get(
        `/wps/agent/report/loss?period=thisWeek&username=${agentName.toUpperCase()}`,
        agentToken,
      );
      expect(named.body.value).toEqual(loss.body.value);
      expect(loss.body.value.list).toEqual(
        [
          { username: agentName, type: 1, self: true, members: 1, validBet: 0, payout: 0, bonuses: 0 },
          { username: subName, type: 2, self: false, members: 2, validBet: 50, payout: 0, bonuses: 5 },
          { username: 'repm1', type: 0, self: false, members: 1, validBet: 120, payout: 40, bonuses: 0 },
        ]
          .sort((a, b) => Number(b.self) - Number(a.self) || a.username.localeCompare(b.username))
          .map((row) => ({
            ...row,
            turnover: row.validBet,
            rebates: 0,
            profitAndLoss: row.payout - row.validBet + row.bonuses,
          })),
      );
      expect(loss.body.value.teamTotal).toEqual({
        members: 4,
        turnover: 170,
        validBet: 170,
        payout: 40,
        rebates: 0,
        bonuses: 5,
        profitAndLoss: -125,
      });

      const lott = await t.get('/wps/agent/report/loss?period=thisWeek&product=LOTT', agentToken);
      expect(lott.body.value.teamTotal).toMatchObject({ validBet: 20, bonuses: 0 });
      const ofSub = await t.get(`/wps/agent/report/loss?period=thisWeek&username=${subName}`, agentToken);
      expect(ofSub.body.value.list.map((row: { username: string }) => row.username)).toEqual([
        subName,
        'repm2',
      ]);
      expect((await t.get('/wps/agent/report/loss?username=repout', agentToken)).body.code).toBe(
        'agent_downline_not_found',
      );
      expect((await t.get('/wps/agent/report/loss', await t.memberToken(4))).body.code).toBe(
        'in_need_true_account',
      );
    });
  });

  describe('my income', () => {
    it("sums the caller's own salaries, dividends, red envelopes and transfers of the period", async () => {
      await posting(
        'salary',
        agent,
        [
          { account: { member: agent, wallet: 'main' }, amount: 7_000n },
          { account: { system: 'house:bonuses' }, amount: -7_000n },
        ],
        TODAY,
      );
      await posting(
        'dividend',
        agent,
        [
          { account: { member: agent, wallet: 'main' }, amount: 1_000n },
          { account: { system: 'house:bonuses' }, amount: -1_000n },
        ],
        YESTERDAY,
      );
      await posting(
        'red_envelope',
        agent,
        [
          { account: { member: agent, wallet: 'main' }, amount: -2_000n },
          { account: { member: m1, wallet: 'main' }, amount: 2_000n },
        ],
        TODAY,
      );
      await posting(
        'member_transfer',
        m1,
        [
          { account: { member: m1, wallet: 'main' }, amount: -500n },
          { account: { member: agent, wallet: 'main' }, amount: 500n },
        ],
        TODAY,
      );
      const today = await t.get('/wps/agent/report/income?period=today', agentToken);
      expect(today.status).toBe(200);
      expect(today.body.value).toMatchObject({
        salaries: 70,
        dividends: 0,
        redEnvelopesIn: 0,
        redEnvelopesOut: 20,
        transfersIn: 5,
        transfersOut: 0,
        net: 55,
      });
      const week = await t.get('/wps/agent/report/income?period=thisWeek', agentToken);
      expect(week.body.value).toMatchObject({ salaries: 70, dividends: 10, net: 65 });
      const bad = await t.get('/wps/agent/report/income?period=custom&startDate=2026-06-10', agentToken);
      expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
      expect((await t.get('/wps/agent/report/income')).body.code).toBe('unauthorized');
    });
  });

  describe('downline account details', () => {
    it("lists the ledger lines of the caller's downlines, by user and type", async () => {
      const all = await t.get('/wps/agent/report/transactions?period=thisWeek', agentToken);
      expect(all.status).toBe(200);
      expect(all.body.value.list).toMatchObject([
        { username: 'repm1', kind: 'deposit', wallet: 'main', amount: 50, balanceAfter: 250 },
        { username: 'repm1', kind: 'deposit', wallet: 'main', amount: 200, balanceAfter: 200 },
        { username: 'repm2', kind: 'deposit', wallet: 'main', amount: 30, balanceAfter: 30 },
      ]);
      const one = await t.get('/wps/agent/report/transactions?period=thisWeek&username=repm2', agentToken);
      expect(one.body.value).toMatchObject({ total: 1, list: [{ username: 'repm2' }] });
      const none = await t.get('/wps/agent/report/transactions?period=thisWeek&type=bonus', agentToken);
      expect(none.body.value.total).toBe(0);
      const agentName = await username(agent);
      for (const name of [agentName, 'repout']) {
        const refused = await t.get(`/wps/agent/report/transactions?username=${name}`, agentToken);
        expect([refused.status, refused.body.code]).toEqual([404, 'agent_downline_not_found']);
      }
      expect((await t.get('/wps/agent/report/transactions?username=repm1', subToken)).body.code).toBe(
        'agent_downline_not_found',
      );
      const badType = await t.get('/wps/agent/report/transactions?type=lunch', agentToken);
      expect([badType.status, badType.body.code]).toEqual([400, 'validation_failed']);
    });
  });

  describe('console team figures', () => {
    it("shows an agent's team figures to operations and finance, and refuses others", async () => {
      const url = `/backoffice/api/agents/${agent}/report/overview?period=thisWeek`;
      const seen = await t.get(url, await t.operatorToken('operations'));
      expect(seen.status).toBe(200);
      expect(seen.body.value).toMatchObject({
        agentId: agent,
        username: await username(agent),
        validBet: 170,
      });
      expect((await t.get(url, await t.operatorToken('finance'))).status).toBe(200);
      const support = await t.get(url, await t.operatorToken('support'));
      expect([support.status, support.body.code]).toEqual([403, 'forbidden']);
      expect((await t.get(url, agentToken)).body.code).toBe('unauthorized');
      const notAgent = await t.get(
        `/backoffice/api/agents/${m1}/report/overview`,
        await t.operatorToken('operations'),
      );
      expect([notAgent.status, notAgent.body.code]).toEqual([404, 'not_found']);
      const badId = await t.get(
        '/backoffice/api/agents/abc/report/overview',
        await t.operatorToken('operations'),
      );
      expect([badId.status, badId.body.code]).toEqual([400, 'validation_failed']);
    });
  });
});
