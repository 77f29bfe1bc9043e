import { settlementEndpoints as api, settlementConsoleEndpoints as bo } from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMoneyDay, addPlayDay, placeMember } from '../../../test/factories/agents.ts';
import { insertContract } from '../../../test/factories/agents-settlement.ts';
import { newMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { parseIsoDate } from '../../platform/zoned-time.ts';
import { post, sumBalance } from '../wallet/ledger.ts';
import { daySpan, settleDividends, settleSpan } from './settlement.ts';
import { SETTLEMENT_SETTINGS_KEY } from './settlement-console.ts';

/**
 * The settlement endpoints: the agent's records, the console's bills, dividend queue, approval (two operators for
 * a large one), rejection, reversal, runs and CSV, with each refused caller. The seed's currency is PHP (2 digits):
 * 310,000 minor units are 3,100.00.
 */
describe('agents settlement endpoints', () => {
  let t: TestApp;
  let finance: string;
  let finance2: string;
  let owner: string;
  let support: string;
  const url = (path: string, id: number) => path.replace(':id', String(id));

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    [finance, finance2, owner, support] = [
      await t.operatorToken('finance'),
      await t.operatorToken('finance'),
      await t.operatorToken('owner'),
      await t.operatorToken('support'),
    ];
  });
  afterAll(() => t.close());

  /** An agent with a session, a sub-agent under it, a member each, a day of play and the contracts of §A4. */
  async function agentWithBills(options: { amountLimit?: bigint } = {}) {
    const agent = await newMember(t, 1);
    const sub = await placeMember(t.db, { type: 1, upline: agent.id });
    const mine = await placeMember(t.db, { upline: agent.id });
    const theirs = await placeMember(t.db, { upline: sub });
    const day = '2026-06-01';
    await addPlayDay(t.db, { memberId: mine, day, product: 'LOTT', validBet: 50_000_000n });
    await addPlayDay(t.db, {
      memberId: theirs,
      day,
      product: 'LOTT',
      validBet: 30_000_000n,
      payout: 10_000_000n,
    });
    for (const id of [mine, theirs]) await addMoneyDay(t.db, { memberId: id, day, deposits: 100_000n });
    const since = new Date('2026-05-01T00:00:00Z');
    await insertContract(t.db, {
      agentId: agent.id,
      kind: 'daily_salary',
      tiers: [
        { minimumBet: 10_000_000n, activeMember: 1, percent: 0.3 },
        { minimumBet: 50_000_000n, activeMember: 2, percent: 0.5 },
      ],
      acceptedAt: since,
      amountLimit: options.amountLimit ?? null,
    });
    await insertContract(t.db, {
      agentId: sub,
      kind: 'daily_salary',
      uplineId: agent.id,
      tiers: [{ minimumBet: 10_000_000n, activeMember: 1, percent: 0.3 }],
      acceptedAt: since,
    });
    await insertContract(t.db, {
      agentId: agent.id,
      kind: 'dividend',
      tiers: [{ minimumBet: 1_000_000n, netLoss: 1_000_000n, activeMember: 1, percent: 10 }],
      acceptedAt: since,
    });
    const span = daySpan({ from: parseIsoDate(day), to: parseIsoDate(day) }, 'Asia/Ho_Chi_Minh');
    await settleSpan(t.deps, 'daily_salary', span, t.clock.now());
    await settleDividends(t.deps, new Date('2026-06-16T01:00:00Z'), t.clock.now());
    const [dividend] = await t.db.query<{ id: bigint }>(
      `select id from agent_bills where agent_id = $1 and kind = 'dividend'`,
      [agent.id],
    );
    const [salary] = await t.db.query<{ id: bigint }>(
      `select id from agent_bills where agent_id = $1 and kind = 'daily_salary'`,
      [agent.id],
    );
    return { agent, sub, dividendId: Number(dividend?.id), salaryId: Number(salary?.id) };
  }

  it("lists the agent's own bills of a kind, and refuses callers who are not agents", async () => {
    const { agent } = await agentWithBills();
    const other = await newMember(t, 1);
    const records = await t.get(`${api.agentBills.path}?kind=daily_salary`, agent.token);
    expect(records.status).toBe(200);
    expect(records.body.value).toMatchObject({ total: 1, currency: 'PHP', digits: 2 });
    expect(records.body.value.list[0]).toMatchObject({
      kind: 'daily_salary',
      product: 'LOTT',
      tier: 2,
      turnover: 800_000,
      activeMembers: 2,
      rateType: 'P',
      rate: 0.5,
      gross: 4_000,
      downlineGross: 900,
      amount: 3_100,
      paid: 3_100,
      status: 'paid',
      payer: 'platform',
    });
    const dividends = await t.get(`${api.agentBills.path}?kind=dividend`, agent.token);
    // The team's house result: 80,000,000 bet less 10,000,000 paid back; 10 % of it.
    expect(dividends.body.value.list[0]).toMatchObject({
      status: 'unapproved',
      netLoss: 700_000,
      amount: 70_000,
    });
    // Another agent sees none of these; its own list is empty.
    expect((await t.get(`${api.agentBills.path}?kind=daily_salary`, other.token)).body.value.total).toBe(0);

    const missing = await t.get(api.agentBills.path, agent.token);
    expect([missing.status, missing.body.code]).toEqual([400, 'validation_failed']);
    const visitor = await t.get(`${api.agentBills.path}?kind=dividend`);
    expect(visitor.status).toBe(401);
    const member = await newMember(t, 0);
    const notAgent = await t.get(`${api.agentBills.path}?kind=dividend`, member.token);
    expect([notAgent.status, notAgent.body.code]).toEqual([403, 'not_agent']);
    const trial = await newMember(t, 4);
    expect((await t.get(`${api.agentBills.path}?kind=dividend`, trial.token)).body.code).toBe(
      'in_need_true_account',
    );
    expect((await t.get(`${api.agentBills.path}?kind=dividend`, finance)).status).toBe(401);
  });

  it("caps a daily salary bill at its contract's amountLimit after the spread, its downline's bill unaffected", async () => {
    // The §A4 example in PHP: a spread of 3,100.00 (4,000 − 900) under a cap of 2,500.00.
    const { agent, sub } = await agentWithBills({ amountLimit: 250_000n });
    const records = await t.get(`${api.agentBills.path}?kind=daily_salary`, agent.token);
    expect(records.body.value.list).toMatchObject([
      { gross: 4_000, downlineGross: 900, amount: 2_500, paid: 2_500, capped: true, uncappedAmount: 3_100 },
    ]);
    const [stored] = await t.db.query<{ amount: bigint; uncapped_amount: bigint | null }>(
      `select amount, uncapped_amount from agent_bills where agent_id = $1 and kind = 'daily_salary'`,
      [agent.id],
    );
    expect(stored).toEqual({ amount: 250_000n, uncapped_amount: 310_000n });
    const subBills = await t.db.query<{ amount: bigint; uncapped_amount: bigint | null }>(
      `select amount, uncapped_amount from agent_bills where agent_id = $1`,
      [sub],
    );
    expect(subBills).toEqual([{ amount: 90_000n, uncapped_amount: null }]);
    const username = (
      await t.db.query<{ username: string }>('select username from members where id = $1', [agent.id])
    )[0]?.username as string;
    const consoleList = await t.get(`${bo.bills.path}?username=${username}&kind=daily_salary`, finance);
    expect(consoleList.body.value.list).toMatchObject([
      { amount: 2_500, capped: true, uncappedAmount: 3_100 },
    ]);
    // An uncapped bill says so.
    const plain = await agentWithBills();
    const plainRecords = await t.get(`${api.agentBills.path}?kind=daily_salary`, plain.agent.token);
    expect(plainRecords.body.value.list).toMatchObject([
      { amount: 3_100, capped: false, uncappedAmount: null },
    ]);
  });

  it('queues a dividend for approval and pays it when finance approves, audited; support may not', async () => {
    const { agent, dividendId } = await agentWithBills();
    const queue = await t.get(bo.dividendQueue.path, finance);
    expect(queue.body.value.list.map((row: { id: number }) => row.id)).toContain(dividendId);
    expect((await t.get(bo.dividendQueue.path, support)).body.code).toBe('forbidden');
    const refused = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, support);
    expect([refused.status, refused.body.code]).toEqual([403, 'forbidden']);
    expect((await t.send('POST', url(bo.approveBill.path, dividendId), undefined, agent.token)).status).toBe(
      401,
    );

    const before = await sumBalance(t.db, agent.id);
    const approved = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, finance);
    expect(approved.status).toBe(200);
    expect(approved.body.value).toMatchObject({ status: 'paid', paid: 70_000, approvedBy: 'finance1' });
    expect(await sumBalance(t.db, agent.id)).toBe(before + 7_000_000n);
    const again = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, owner);
    expect([again.status, again.body.code]).toEqual([409, 'agent_bill_state']);
    const audit = await t.db.query<{ action: string; after: { status: string } }>(
      `select action, after from audit_log where entity = 'agent_bill' and entity_id = $1`,
      [String(dividendId)],
    );
    expect(audit).toMatchObject([{ action: 'approve', after: { status: 'paid' } }]);
    const unknown = await t.send('POST', url(bo.approveBill.path, 999_999), undefined, finance);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'agent_bill_not_found']);
  });

  it('needs a second, different operator for a dividend at or above the setting', async () => {
    const { agent, dividendId } = await agentWithBills();
    await t.db.query(
      `insert into site_settings (key, value) values ($1, '{"dividendSecondApprovalFrom": 10000}')
       on conflict (key) do update set value = excluded.value`,
      [SETTLEMENT_SETTINGS_KEY],
    );
    const before = await sumBalance(t.db, agent.id);
    try {
      const first = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, finance);
      expect(first.body.value).toMatchObject({
        status: 'unapproved',
        firstApprovedBy: 'finance1',
        needsSecondApproval: true,
      });
      expect(await sumBalance(t.db, agent.id)).toBe(before);
      const same = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, finance);
      expect([same.status, same.body.code]).toEqual([409, 'agent_bill_needs_second_operator']);
      const second = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, finance2);
      expect(second.body.value).toMatchObject({ status: 'paid', approvedBy: 'finance2' });
      expect(await sumBalance(t.db, agent.id)).toBe(before + 7_000_000n);
    } finally {
      await t.db.query('delete from site_settings where key = $1', [SETTLEMENT_SETTINGS_KEY]);
    }
  });

  it('rejects a dividend with a reason', async () => {
    const { agent, dividendId } = await agentWithBills();
    const short = await t.send('POST', url(bo.rejectBill.path, dividendId), { reason: 'x' }, finance);
    expect([short.status, short.body.code]).toEqual([400, 'validation_failed']);
    const rejected = await t.send(
      'POST',
      url(bo.rejectBill.path, dividendId),
      { reason: 'Fraud review' },
      finance,
    );
    expect(rejected.body.value).toMatchObject({ status: 'rejected', reason: 'Fraud review', paid: 0 });
    // Only the day's salary was paid.
    expect(await sumBalance(t.db, agent.id)).toBe(310_000n);
    const approve = await t.send('POST', url(bo.approveBill.path, dividendId), undefined, finance);
    expect(approve.body.code).toBe('agent_bill_state');
  });

  it('reverses a paid bill only by a new posting, once, and never below the agent’s zero', async () => {
    const { agent, salaryId } = await agentWithBills();
    expect(await sumBalance(t.db, agent.id)).toBe(310_000n);
    const reversed = await t.send(
      'POST',
      url(bo.reverseBill.path, salaryId),
      { reason: 'Wrong contract' },
      finance,
    );
    expect(reversed.status).toBe(200);
    expect(reversed.body.value).toMatchObject({ status: 'reversed', paid: 3_100, reason: 'Wrong contract' });
    expect(await sumBalance(t.db, agent.id)).toBe(0n);
    const postings = await t.db.query<{ idempotency_key: string; operator_id: number | null }>(
      `select idempotency_key, operator_id from ledger_transactions where reference = $1 order by id`,
      [`agent-bill:${salaryId}`],
    );
    expect(postings.map((row) => row.idempotency_key)).toEqual([
      expect.stringMatching(/^agents:daily_salary:/),
      `agents:reverse:${salaryId}`,
    ]);
    const twice = await t.send('POST', url(bo.reverseBill.path, salaryId), { reason: 'Again' }, finance);
    expect([twice.status, twice.body.code]).toEqual([409, 'agent_bill_state']);
    expect(
      (await t.send('POST', url(bo.reverseBill.path, salaryId), { reason: 'Again' }, support)).body.code,
    ).toBe('forbidden');

    // The sub-agent spent its salary: taking it back is refused, nothing moves.
    const { sub } = await agentWithBills();
    const [subBill] = await t.db.query<{ id: bigint }>('select id from agent_bills where agent_id = $1', [
      sub,
    ]);
    await write(t.db, { isolation: 'read committed' }, (tx) =>
      post(
        tx,
        {
          key: `test-spent:${sub}`,
          kind: 'withdrawal',
          memberId: sub,
          reference: 'test',
          legs: [
            { account: { member: sub, wallet: 'main' }, amount: -90_000n },
            { account: { system: 'merchant:cash' }, amount: 90_000n },
          ],
        },
        t.clock.now(),
      ),
    );
    const broke = await t.send(
      'POST',
      url(bo.reverseBill.path, Number(subBill?.id)),
      { reason: 'Clawback' },
      finance,
    );
    expect([broke.status, broke.body.code]).toEqual([422, 'insufficient_balance']);
  });

  it('lists bills with filters, exports them as CSV, and lists runs with their totals', async () => {
    const { agent } = await agentWithBills();
    const username = (
      await t.db.query<{ username: string }>('select username from members where id = $1', [agent.id])
    )[0]?.username as string;
    const list = await t.get(`${bo.bills.path}?username=${username}&kind=daily_salary`, owner);
    expect(list.body.value).toMatchObject({ total: 1 });
    expect(list.body.value.list[0]).toMatchObject({
      username,
      amount: 3_100,
      status: 'paid',
      runId: expect.any(Number),
    });
    const badRange = await t.get(`${bo.bills.path}?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z`, owner);
    expect([badRange.status, badRange.body.code]).toEqual([400, 'validation_failed']);
    expect((await t.get(bo.bills.path, support)).body.code).toBe('forbidden');

    const raw = await t.app.inject({
      method: 'GET',
      url: `${bo.exportBills.path}?username=${username}`,
      headers: { authorization: `Bearer ${finance}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.headers['content-type']).toContain('text/csv');
    const lines = raw.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toContain('username,kind,product');
    expect(lines).toHaveLength(3);
    expect(lines.some((line) => line.includes('daily_salary') && line.includes('3100'))).toBe(true);

    const runs = await t.get(`${bo.runs.path}?kind=daily_salary`, finance);
    // One run settles the day for every agent (earlier tests' agents too): its totals are its bills'.
    const [{ n, amount } = { n: 0, amount: 0n }] = await t.db.query<{ n: number; amount: bigint }>(
      `select count(*)::int as n, sum(amount)::bigint as amount from agent_bills where kind = 'daily_salary'`,
    );
    expect(runs.body.value.list[0]).toMatchObject({
      kind: 'daily_salary',
      bills: n,
      totalAmount: Number(amount) / 100,
      unpaidBills: 0,
      failures: [],
    });
    expect((await t.get(`${bo.runs.path}?failed=true&kind=daily_salary`, finance)).body.value.total).toBe(0);
    expect((await t.get(`${bo.runs.path}?failed=maybe`, finance)).body.code).toBe('validation_failed');
  });
});
