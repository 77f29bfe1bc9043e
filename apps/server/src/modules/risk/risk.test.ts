import {
  accountsConsoleEndpoints,
  accountsEndpoints,
  riskConsoleEndpoints as bo,
  depositConsoleEndpoints,
  depositPlayerEndpoints,
  type RiskSettings,
  walletConsoleEndpoints as walletBo,
  withdrawalConsoleEndpoints as withdrawalBo,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { loginBody, registerMember } from '../../../test/factories/accounts.ts';
import { newGame } from '../../../test/factories/games.ts';
import { PAYMENT_PASSWORD, sealedCall, walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { write } from '../../platform/write.ts';
import { payout, stake } from '../games/round-owner.ts';
import { memberAccounts, post } from '../wallet/ledger.ts';
import { DEFAULT_RISK_SETTINGS } from './settings.ts';

/**
 * Risk (issue 25 items 2 and 3): a flag raised by each rule where its event happens, their resolution, the second
 * operator a flagged withdrawal and a large adjustment need, the automatic approval of small withdrawals, the
 * withdrawal review and the player page's picture, notes and tags.
 */

const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));
const MINUTE = 60_000;

describe('risk', () => {
  let t: TestApp;
  let tokens: CallerTokens;
  /** A second finance operator and a second owner: the two-person rules' other person. */
  let finance2: string;
  let owner2: string;
  let gameId: number;
  let bankChannel: number;
  const checks = consoleChecks(
    () => t,
    () => tokens,
  );

  beforeAll(async () => {
    t = await startTestApp({ runJobs: false });
    tokens = await openCallerTokens(t);
    finance2 = await t.operatorToken('finance');
    owner2 = await t.operatorToken('owner');
    gameId = await newGame(t);
    const channel = await t.send(
      'POST',
      depositConsoleEndpoints.channels.create.path,
      {
        kind: 'bank',
        name: 'Risk bank',
        minAmount: 100,
        maxAmount: 50_000,
        presets: [100],
        instructions: 'Transfer.',
        bankName: 'Risk Test Bank',
        accountName: 'Tessera Test Ltd',
        accountNumber: '0099-8877',
      },
      tokens.finance,
    );
    expect(channel.status).toBe(200);
    bankChannel = channel.body.value.id;
  });
  afterAll(async () => {
    await t.close();
  });

  /** Saves the rules (every other rule off) through the console, as finance. */
  async function rules(change: Partial<RiskSettings>) {
    const res = await t.send(
      'PUT',
      bo.settings.path,
      { ...DEFAULT_RISK_SETTINGS, ...change },
      tokens.finance,
    );
    expect(res.status).toBe(200);
    return res.body.value as RiskSettings;
  }

  async function flagsOf(memberId: number) {
    const res = await t.get(`${bo.flags.path}?memberId=${memberId}&pageSize=100`, tokens.support);
    expect(res.status).toBe(200);
    return res.body.value.list as {
      id: number;
      rule: string;
      subject: string;
      evidence: Record<string, unknown>;
    }[];
  }

  /** A member with money (minor units), a payment password, a bank account and the payee name on the account. */
  async function member(options: { funds?: bigint; payee?: string; accountNumber?: string } = {}) {
    const created = await walletMember(t, { funds: options.funds ?? 100_000n, paymentPassword: true });
    await t.db.query('update members set payee_name = $2 where id = $1', [created.id, 'Nguyen Van An']);
    const bank = await t.send(
      'POST',
      withdrawalPlayerEndpoints.addBankAccount.path,
      {
        bankName: 'Tessera Bank',
        accountNumber: options.accountNumber ?? `00${t.deps.rng.int(100_000_000, 999_999_999)}`,
        payeeName: options.payee ?? 'Nguyen Van An',
      },
      created.token,
    );
    expect(bank.status).toBe(200);
    return { ...created, bankAccountId: bank.body.value.id as number };
  }

  const withdraw = (who: { token: string; bankAccountId: number }, amount = 200) =>
    sealedCall(
      t,
      withdrawalPlayerEndpoints.requestWithdrawal,
      { bankAccountId: who.bankAccountId, amount, paymentPassword: PAYMENT_PASSWORD },
      who.token,
    );

  async function withdrawalId(orderNo: string) {
    const [row] = await t.db.query<{ id: number }>('select id::int from withdrawals where order_no = $1', [
      orderNo,
    ]);
    return row?.id as number;
  }

  const mainBalance = async (memberId: number) =>
    (await memberAccounts(t.db, memberId)).find((account) => account.kind === 'main')?.balance ?? 0n;

  describe('the rules', () => {
    it('reads the rules (every one off at first) and saves them, audited', async () => {
      const read = await t.get(bo.settings.path, tokens.support);
      expect(read.status).toBe(200);
      expect(read.body.value).toEqual(DEFAULT_RISK_SETTINGS);
      const saved = await rules({ bigWinAmount: 5000, withdrawalVelocityCount: 3 });
      expect(saved).toMatchObject({ bigWinAmount: 5000, withdrawalVelocityCount: 3 });
      await checks.expectAudited(tokens.finance, 'risk', {
        action: 'update',
        entityId: 'risk',
        before: DEFAULT_RISK_SETTINGS,
        after: { ...DEFAULT_RISK_SETTINGS, bigWinAmount: 5000, withdrawalVelocityCount: 3 },
      });
      expect((await t.get(bo.settings.path, tokens.operations)).body.value).toEqual(saved);
    });

    it('refuses rules a client got wrong with their fields, writing nothing', async () => {
      const before = await checks.auditCount();
      const negative = await t.send(
        'PUT',
        bo.settings.path,
        { ...DEFAULT_RISK_SETTINGS, bigWinAmount: -1, depositVelocityMinutes: 0 },
        tokens.finance,
      );
      expect([negative.status, negative.body.code, Object.keys(negative.body.fields ?? {}).sort()]).toEqual([
        400,
        'validation_failed',
        ['bigWinAmount', 'depositVelocityMinutes'],
      ]);
      const decimals = await t.send(
        'PUT',
        bo.settings.path,
        { ...DEFAULT_RISK_SETTINGS, autoApproveWithdrawalsBelow: 10.001 },
        tokens.finance,
      );
      checks.expectFailure(decimals, 400, 'amount_invalid', {
        autoApproveWithdrawalsBelow: expect.any(String),
      });
      expect(await checks.auditCount()).toBe(before);
    });

    it('refuses the rules to callers who may not read or change them', async () => {
      await checks.expectRefusals([{ method: 'GET', url: bo.settings.path }], []);
      await checks.expectRefusals(
        [{ method: 'PUT', url: bo.settings.path, body: DEFAULT_RISK_SETTINGS }],
        ['operations', 'support'],
      );
    });
  });

  describe('a flag raised by each rule', () => {
    async function round(memberId: number, bet: bigint, win: bigint) {
      const ref = `risk-${t.deps.rng.int(0, 1_000_000_000)}`;
      const now = t.clock.now();
      return write(t.db, { isolation: 'read committed' }, async (tx) => {
        const of = { memberId, gameId, ref, currency: 'PHP', closed: false };
        await stake(tx, of, bet, { key: `${ref}:bet` }, now);
        return (await payout(tx, { ...of, closed: true }, win, { key: `${ref}:win` }, now)).roundId;
      });
    }

    it('big_win: a settled round paying the amount, or the multiple of its stake', async () => {
      await rules({ bigWinAmount: 1000, bigWinMultiple: 50 });
      const who = await member();
      const roundId = await round(who.id, 1_000n, 100_000n);
      await round(who.id, 10_000n, 20_000n);
      const multiple = await round(who.id, 100n, 6_000n);
      const flags = await flagsOf(who.id);
      expect(flags.map((flag) => [flag.rule, flag.subject]).sort()).toEqual(
        [
          ['big_win', `round:${roundId}`],
          ['big_win', `round:${multiple}`],
        ].sort(),
      );
      expect(flags.find((flag) => flag.subject === `round:${roundId}`)?.evidence).toEqual({
        win: 1000,
        stake: 10,
        multiple: 100,
        amountRule: 1000,
        multipleRule: 50,
      });
      await rules({});
      await round(who.id, 100n, 1_000_000n);
      expect(await flagsOf(who.id)).toHaveLength(2);
    });

    it('deposit_velocity: the Nth deposit credited within M minutes', async () => {
      await rules({ depositVelocityCount: 2, depositVelocityMinutes: 5 });
      const who = await member();
      const confirmed = async () => {
        const order = await t.send(
          'POST',
          depositPlayerEndpoints.createDeposit.path,
          { channelId: bankChannel, amount: 100, payerReference: 'REF' },
          who.token,
        );
        expect(order.status).toBe(200);
        const [row] = await t.db.query<{ id: number }>('select id::int from deposits where order_no = $1', [
          order.body.value.orderNo,
        ]);
        const res = await t.send(
          'POST',
          at(depositConsoleEndpoints.confirmDeposit.path, { id: row?.id as number }),
          undefined,
          tokens.finance,
        );
        expect(res.status).toBe(200);
        return order.body.value.orderNo as string;
      };
      await confirmed();
      t.clock.advance(6 * MINUTE);
      await confirmed();
      expect(await flagsOf(who.id)).toEqual([]);
      t.clock.advance(2 * MINUTE);
      const third = await confirmed();
      const [flag] = await flagsOf(who.id);
      expect(flag).toMatchObject({
        rule: 'deposit_velocity',
        subject: `deposit:${third}`,
        evidence: { count: 2, minutes: 5, countRule: 2 },
      });
    });

    it('withdrawal_velocity: the Nth withdrawal requested within M minutes', async () => {
      await rules({ withdrawalVelocityCount: 2, withdrawalVelocityMinutes: 10 });
      const who = await member();
      expect((await withdraw(who)).status).toBe(200);
      t.clock.advance(11 * MINUTE);
      expect((await withdraw(who)).status).toBe(200);
      expect(await flagsOf(who.id)).toEqual([]);
      const third = await withdraw(who);
      const [flag] = await flagsOf(who.id);
      expect(flag).toMatchObject({
        rule: 'withdrawal_velocity',
        subject: `withdrawal:${third.body.value.orderNo}`,
        evidence: { count: 2, minutes: 10 },
      });
    });

    it('payee_name: a withdrawal to a payee other than the name on the account', async () => {
      await rules({ payeeNameMismatch: true });
      const same = await member({ payee: 'NGUYEN VAN AN' });
      expect((await withdraw(same)).status).toBe(200);
      expect(await flagsOf(same.id)).toEqual([]);
      const other = await member({ payee: 'Tran Thi Binh' });
      const res = await withdraw(other);
      expect(await flagsOf(other.id)).toMatchObject([
        {
          rule: 'payee_name',
          subject: `withdrawal:${res.body.value.orderNo}`,
          evidence: { payeeName: 'Tran Thi Binh', realName: 'Nguyen Van An' },
        },
      ]);
    });

    it('quick_withdrawal: soon after a deposit with stakes below the share of it', async () => {
      await rules({ quickWithdrawalHours: 2, quickWithdrawalTurnoverPercent: 50 });
      const played = await member({ funds: 100_000n });
      await round(played.id, 60_000n, 0n);
      expect((await withdraw(played)).status).toBe(200);
      expect(await flagsOf(played.id)).toEqual([]);
      const idle = await member({ funds: 100_000n });
      await round(idle.id, 10_000n, 0n);
      const res = await withdraw(idle);
      expect(await flagsOf(idle.id)).toMatchObject([
        {
          rule: 'quick_withdrawal',
          subject: `withdrawal:${res.body.value.orderNo}`,
          evidence: { depositAmount: 1000, stakedSince: 100, hoursRule: 2, percentRule: 50 },
        },
      ]);
      // A deposit credited more than the hours ago.
      const late = await member({ funds: 0n });
      await write(t.db, { isolation: 'read committed' }, (tx) =>
        post(
          tx,
          {
            key: `risk-late:${late.id}`,
            kind: 'deposit',
            memberId: late.id,
            reference: `risk-late:${late.id}`,
            legs: [
              { account: { member: late.id, wallet: 'main' }, amount: 100_000n },
              { account: { system: 'merchant:cash' }, amount: -100_000n },
            ],
          },
          new Date(t.clock.now().getTime() - 121 * MINUTE),
        ),
      );
      expect((await withdraw(late)).status).toBe(200);
      expect(await flagsOf(late.id)).toEqual([]);
    });

    it('shared_payment_account: a withdrawal to an account number another member has', async () => {
      await rules({ sharedPaymentAccount: true });
      const first = await member({ accountNumber: '00555666777' });
      const second = await member({ accountNumber: '00555666777' });
      const res = await withdraw(second);
      const [flag] = await flagsOf(second.id);
      expect(flag).toMatchObject({
        rule: 'shared_payment_account',
        subject: `withdrawal:${res.body.value.orderNo}`,
      });
      const [row] = await t.db.query<{ username: string }>('select username from members where id = $1', [
        first.id,
      ]);
      expect(flag?.evidence).toEqual({ members: [row?.username] });
    });

    it('shared_device: a sign-in from a device another member signed in from, once per device', async () => {
      await rules({ sharedDevice: true });
      const signIn = async (member: { username: string; password: string }, device: string) => {
        const res = await sealedCall(
          t,
          accountsEndpoints.login,
          loginBody(member.username, member.password),
          undefined,
          { device },
        );
        expect(res.status).toBe(200);
      };
      const first = await registerMember(t);
      const second = await registerMember(t);
      await signIn(first, 'dev-risk-1');
      await signIn(second, 'dev-risk-2');
      expect(await flagsOf(second.id)).toEqual([]);
      await signIn(second, 'dev-risk-1');
      await signIn(second, 'dev-risk-1');
      expect(await flagsOf(second.id)).toMatchObject([
        {
          rule: 'shared_device',
          subject: `device:${second.id}:dev-risk-1`,
          evidence: { device: 'dev-risk-1', members: [first.username] },
        },
      ]);
    });
  });

  describe('resolving a flag', () => {
    async function flagged() {
      await rules({ payeeNameMismatch: true });
      const who = await member({ payee: 'Someone Else' });
      await withdraw(who);
      const [flag] = await flagsOf(who.id);
      return flag as { id: number };
    }

    it('resolves an open flag with a note, audited; listed by status', async () => {
      const flag = await flagged();
      const open = await t.get(`${bo.flags.path}?status=open&rule=payee_name`, tokens.finance);
      expect(open.body.value.list.map((row: { id: number }) => row.id)).toContain(flag.id);
      const res = await t.send(
        'POST',
        at(bo.resolveFlag.path, { id: flag.id }),
        { note: 'Spoke to the member: a relative.' },
        tokens.operations,
      );
      expect(res.status).toBe(200);
      const who = await checks.operatorOf(tokens.operations);
      expect(res.body.value).toMatchObject({
        id: flag.id,
        resolvedBy: who.username,
        resolvedAt: t.clock.now().toISOString(),
        resolutionNote: 'Spoke to the member: a relative.',
      });
      await checks.expectAudited(tokens.operations, 'risk_flag', {
        action: 'resolve',
        entityId: flag.id,
        before: { rule: 'payee_name', subject: expect.any(String), resolvedAt: null },
        after: { resolvedAt: t.clock.now().toISOString(), note: 'Spoke to the member: a relative.' },
      });
      const resolved = await t.get(`${bo.flags.path}?status=resolved`, tokens.finance);
      expect(resolved.body.value.list.map((row: { id: number }) => row.id)).toContain(flag.id);
    });

    it('refuses a resolved flag, an unknown one and a missing note with their codes', async () => {
      const flag = await flagged();
      const resolve = (id: number, note: string) =>
        t.send('POST', at(bo.resolveFlag.path, { id }), { note }, tokens.finance);
      expect((await resolve(flag.id, 'Checked.')).status).toBe(200);
      checks.expectFailure(await resolve(flag.id, 'Checked again.'), 409, 'risk_flag_resolved');
      checks.expectFailure(await resolve(999_999, 'Checked.'), 404, 'risk_flag_not_found');
      const blank = await resolve(flag.id, ' ');
      expect([blank.status, blank.body.code, Object.keys(blank.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['note'],
      ]);
    });

    it('refuses the flags to callers who may not see or resolve them', async () => {
      const flag = await flagged();
      await checks.expectRefusals([{ method: 'GET', url: bo.flags.path }], []);
      await checks.expectRefusals(
        [{ method: 'POST', url: at(bo.resolveFlag.path, { id: flag.id }), body: { note: 'Looked at it.' } }],
        ['support'],
      );
    });
  });

  describe('withdrawals', () => {
    it('a flagged withdrawal waits for a second operator: the same one is refused, a different one pays it', async () => {
      await rules({ payeeNameMismatch: true });
      const who = await member({ payee: 'Other Payee' });
      const requested = await withdraw(who, 300);
      const id = await withdrawalId(requested.body.value.orderNo);
      const approve = (token: string) =>
        t.send('POST', at(withdrawalBo.approve.path, { id }), undefined, token);
      const first = await approve(tokens.finance);
      const firstOperator = await checks.operatorOf(tokens.finance);
      expect(first.status).toBe(200);
      expect(first.body.value).toMatchObject({
        status: 'pending',
        firstApprovedBy: firstOperator.username,
        firstApprovedAt: t.clock.now().toISOString(),
      });
      expect((await memberAccounts(t.db, who.id)).find((a) => a.kind === 'pending')?.balance).toBe(30_000n);
      await checks.expectAudited(tokens.finance, 'withdrawal', {
        action: 'approve',
        entityId: id,
        before: { status: 'pending', claimStatus: null },
        after: {
          orderNo: requested.body.value.orderNo,
          status: 'pending',
          claimStatus: null,
          awaitingSecondApproval: true,
        },
      });
      checks.expectFailure(await approve(tokens.finance), 409, 'withdrawal_needs_second_operator');
      const second = await approve(finance2);
      expect(second.status).toBe(200);
      expect(second.body.value).toMatchObject({
        status: 'approved',
        reviewedBy: (await checks.operatorOf(finance2)).username,
        firstApprovedBy: firstOperator.username,
        autoApproved: false,
      });
      expect((await memberAccounts(t.db, who.id)).find((a) => a.kind === 'pending')?.balance).toBe(0n);
      checks.expectFailure(await approve(tokens.finance), 409, 'withdrawal_not_pending');
    });

    it('a withdrawal of a member without flags is approved by one operator', async () => {
      await rules({ payeeNameMismatch: true });
      const who = await member();
      const requested = await withdraw(who);
      const id = await withdrawalId(requested.body.value.orderNo);
      const res = await t.send('POST', at(withdrawalBo.approve.path, { id }), undefined, tokens.finance);
      expect(res.body.value).toMatchObject({ status: 'approved', firstApprovedBy: null });
    });

    it('approves by itself a withdrawal under the amount of a member without flags, audited as the system', async () => {
      await rules({ autoApproveWithdrawalsBelow: 300, payeeNameMismatch: true });
      const who = await member();
      const small = await withdraw(who, 299.99);
      expect(small.body.value).toMatchObject({ status: 'approved', amount: 299.99 });
      const id = await withdrawalId(small.body.value.orderNo);
      const queue = await t.get(`${withdrawalBo.queue.path}?q=${small.body.value.orderNo}`, tokens.finance);
      expect(queue.body.value.list[0]).toMatchObject({
        id,
        status: 'approved',
        autoApproved: true,
        reviewedBy: null,
      });
      const audit = await checks.lastAudit('withdrawal');
      expect(audit).toMatchObject({
        operator_id: null,
        operator_username: 'system',
        action: 'auto_approve',
        entity_id: String(id),
        after: expect.objectContaining({ status: 'approved', amount: 299.99, autoApproveBelow: 300 }),
      });
      const [paid] = await t.db.query<{ n: number }>(
        'select count(*)::int as n from ledger_transactions where idempotency_key = $1',
        [`withdrawal:${small.body.value.orderNo}:paid`],
      );
      expect(paid?.n).toBe(1);
      const large = await withdraw(who, 300);
      expect(large.body.value.status).toBe('pending');
    });

    it('does not approve by itself the withdrawal of a member with an open flag', async () => {
      await rules({ autoApproveWithdrawalsBelow: 300, payeeNameMismatch: true });
      const flaggedNow = await member({ payee: 'Not The Member' });
      expect((await withdraw(flaggedNow)).body.value.status).toBe('pending');
      const flaggedBefore = await member();
      await rules({ autoApproveWithdrawalsBelow: 300, bigWinAmount: 1 });
      await write(t.db, { isolation: 'read committed' }, async (tx) => {
        const of = { memberId: flaggedBefore.id, gameId, ref: 'risk-auto', currency: 'PHP', closed: true };
        await payout(tx, of, 500n, { key: 'risk-auto:win' }, t.clock.now());
      });
      expect((await withdraw(flaggedBefore)).body.value.status).toBe('pending');
    });

    it('the review shows beside the request the history, deposits, turnover, wins, places, links and flags', async () => {
      await rules({ payeeNameMismatch: true, sharedPaymentAccount: true, bigWinAmount: 50 });
      const earlier = await member({ accountNumber: '00999888777' });
      const who = await member({ payee: 'Some Payee', accountNumber: '00999888777' });
      await write(t.db, { isolation: 'read committed' }, async (tx) => {
        const of = { memberId: who.id, gameId, ref: 'risk-review', currency: 'PHP', closed: false };
        await stake(tx, of, 2_000n, { key: 'risk-review:bet' }, t.clock.now());
        await payout(tx, { ...of, closed: true }, 9_000n, { key: 'risk-review:win' }, t.clock.now());
      });
      const requested = await withdraw(who, 250);
      const id = await withdrawalId(requested.body.value.orderNo);
      const res = await t.get(at(withdrawalBo.review.path, { id }), tokens.finance);
      expect(res.status).toBe(200);
      const review = res.body.value;
      expect(review).toMatchObject({
        withdrawal: { id, status: 'pending', amount: 250 },
        since: null,
        totals: { deposits: 1000, withdrawals: 250, stakes: 20, payouts: 90, ggr: -70 },
        turnover: { required: 0, remaining: 0 },
        bigWins: [{ amount: 90 }],
        needsSecondApproval: true,
      });
      expect(review.balanceHistory[0]).toMatchObject({ kind: 'withdrawal', amount: -250, balance: 820 });
      expect(review.flags.map((flag: { rule: string }) => flag.rule).sort()).toEqual([
        'big_win',
        'payee_name',
        'shared_payment_account',
      ]);
      expect(review.linkedAccounts).toContainEqual({
        memberId: earlier.id,
        username: expect.any(String),
        via: 'payment_account',
        value: '00999888777',
      });
      const unknown = await t.get(at(withdrawalBo.review.path, { id: 999_999 }), tokens.finance);
      checks.expectFailure(unknown, 404, 'not_found');
      await checks.expectRefusals(
        [{ method: 'GET', url: at(withdrawalBo.review.path, { id }) }],
        ['operations', 'support'],
      );
    });
  });

  describe('manual adjustments', () => {
    const adjust = (token: string, body: Record<string, unknown>, key?: string) =>
      t.call({
        method: 'POST',
        url: walletBo.adjust.path,
        token,
        payload: body,
        headers: { 'idempotency-key': key ?? `adj-${t.deps.rng.int(0, 1_000_000_000)}` },
      });

    it('above the amount waits for a different operator, who posts it once; below it posts at once', async () => {
      await rules({ adjustmentSecondApprovalAbove: 1000 });
      const who = await member({ funds: 0n });
      const small = await adjust(tokens.owner, {
        memberId: who.id,
        amount: 1000,
        category: 'compensation',
        reason: 'Game fault refund',
      });
      expect(small.body.value).toMatchObject({ status: 'posted', balance: 1000, requestId: null });
      const large = await adjust(tokens.owner, {
        memberId: who.id,
        amount: 1000.01,
        category: 'correction',
        reason: 'Missed deposit',
      });
      expect(large.body.value).toMatchObject({
        status: 'awaiting_approval',
        transactionId: null,
        balance: null,
      });
      const requestId = large.body.value.requestId as number;
      expect(await mainBalance(who.id)).toBe(100_000n);
      const requester = await checks.operatorOf(tokens.owner);
      await checks.expectAudited(tokens.owner, 'adjustment_request', {
        action: 'create',
        entityId: requestId,
        before: null,
        after: {
          memberId: who.id,
          wallet: 'main',
          amount: 1000.01,
          category: 'correction',
          note: 'Missed deposit',
          secondApprovalAbove: 1000,
        },
      });
      const pending = await t.get(`${walletBo.adjustmentRequests.path}?status=pending`, owner2);
      expect(pending.body.value.list).toContainEqual(
        expect.objectContaining({ id: requestId, amount: 1000.01, requestedBy: requester.username }),
      );
      const approve = (token: string) =>
        t.send('POST', at(walletBo.approveAdjustment.path, { id: requestId }), undefined, token);
      checks.expectFailure(await approve(tokens.owner), 409, 'adjustment_needs_second_operator');
      const approved = await approve(owner2);
      expect(approved.status).toBe(200);
      expect(approved.body.value).toMatchObject({
        status: 'approved',
        decidedBy: (await checks.operatorOf(owner2)).username,
        transactionId: expect.any(Number),
      });
      expect(await mainBalance(who.id)).toBe(200_001n);
      checks.expectFailure(await approve(owner2), 409, 'adjustment_request_not_pending');
      expect(await mainBalance(who.id)).toBe(200_001n);
    });

    it('a rejected request moves nothing; a debit larger than the balance is refused at approval', async () => {
      await rules({ adjustmentSecondApprovalAbove: 10 });
      const who = await member({ funds: 1_000n });
      const request = async (amount: number) =>
        (
          await adjust(tokens.owner, {
            memberId: who.id,
            amount,
            category: 'chargeback',
            reason: 'Chargeback',
          })
        ).body.value.requestId as number;
      const rejected = await request(-20);
      const res = await t.send(
        'POST',
        at(walletBo.rejectAdjustment.path, { id: rejected }),
        { note: 'No chargeback received' },
        owner2,
      );
      expect(res.body.value).toMatchObject({ status: 'rejected', transactionId: null });
      const tooLarge = await request(-20);
      const refused = await t.send(
        'POST',
        at(walletBo.approveAdjustment.path, { id: tooLarge }),
        undefined,
        owner2,
      );
      checks.expectFailure(refused, 422, 'adjustment_exceeds_balance', { amount: expect.any(String) });
      expect(await mainBalance(who.id)).toBe(1_000n);
    });

    it('refuses an unknown category, and the requests to every role but the owner', async () => {
      const who = await member({ funds: 0n });
      const bad = await adjust(tokens.owner, {
        memberId: who.id,
        amount: 5,
        category: 'gift',
        reason: 'Because',
      });
      expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['category'],
      ]);
      await checks.expectRefusals(
        [
          { method: 'GET', url: walletBo.adjustmentRequests.path },
          { method: 'POST', url: at(walletBo.approveAdjustment.path, { id: 1 }) },
          { method: 'POST', url: at(walletBo.rejectAdjustment.path, { id: 1 }), body: { note: 'No reason' } },
        ],
        ['finance', 'operations', 'support'],
      );
    });
  });

  describe("the player's picture", () => {
    it('money over the life and a period, bank accounts, places and linked accounts', async () => {
      const who = await member({ funds: 50_000n, accountNumber: '00123123123' });
      const res = await t.get(at(walletBo.memberPicture.path, { id: who.id }), tokens.support);
      expect(res.status).toBe(200);
      expect(res.body.value).toMatchObject({
        lifetime: { deposits: 500, withdrawals: 0, stakes: 0, ggr: 0 },
        period: { deposits: 500 },
        bankAccounts: [{ accountNumber: '00123123123', payeeName: 'Nguyen Van An' }],
      });
      // The period is picked as the reports pick theirs (merchant days); the lifetime stays beside it.
      const empty = await t.get(
        `${at(walletBo.memberPicture.path, { id: who.id })}?period=yesterday`,
        tokens.finance,
      );
      expect(empty.body.value).toMatchObject({ lifetime: { deposits: 500 }, period: { deposits: 0 } });
      expect(empty.body.value.range.startDate).toBe(empty.body.value.range.endDate);
      checks.expectFailure(
        await t.get(at(walletBo.memberPicture.path, { id: 999_999 }), tokens.finance),
        404,
        'not_found',
      );
      const badDate = await t.get(
        `${at(walletBo.memberPicture.path, { id: who.id })}?period=custom&startDate=yesterday&endDate=2026-01-01`,
        tokens.finance,
      );
      expect([badDate.status, badDate.body.code]).toEqual([400, 'validation_failed']);
      await checks.expectRefusals(
        [{ method: 'GET', url: at(walletBo.memberPicture.path, { id: who.id }) }],
        [],
      );
    });

    it('notes and tags by operators, audited', async () => {
      const who = await member();
      const note = await t.send(
        'POST',
        at(bo.addNote.path, { id: who.id }),
        { body: 'Asked for ID documents.' },
        tokens.support,
      );
      expect(note.status).toBe(200);
      const author = await checks.operatorOf(tokens.support);
      expect(note.body.value).toMatchObject({ body: 'Asked for ID documents.', author: author.username });
      await checks.expectAudited(tokens.support, 'member_note', {
        action: 'create',
        entityId: who.id,
        before: null,
        after: { noteId: note.body.value.id, body: 'Asked for ID documents.' },
      });
      const tags = await t.send(
        'PUT',
        at(bo.setTags.path, { id: who.id }),
        { tags: ['vip', 'watch', 'vip'] },
        tokens.operations,
      );
      expect(tags.body.value).toEqual({ tags: ['vip', 'watch'] });
      await checks.expectAudited(tokens.operations, 'member_tags', {
        action: 'update',
        entityId: who.id,
        before: { tags: [] },
        after: { tags: ['vip', 'watch'] },
      });
      const read = await t.get(at(bo.memberRisk.path, { id: who.id }), tokens.finance);
      expect(read.body.value).toMatchObject({
        tags: ['vip', 'watch'],
        openFlags: 0,
        notes: [{ body: 'Asked for ID documents.' }],
      });
      const empty = await t.send('POST', at(bo.addNote.path, { id: who.id }), { body: '  ' }, tokens.support);
      expect([empty.status, empty.body.code, Object.keys(empty.body.fields ?? {})]).toEqual([
        400,
        'validation_failed',
        ['body'],
      ]);
      checks.expectFailure(
        await t.send('POST', at(bo.addNote.path, { id: 999_999 }), { body: 'x' }, tokens.support),
        404,
        'not_found',
      );
      await checks.expectRefusals(
        [{ method: 'PUT', url: at(bo.setTags.path, { id: who.id }), body: { tags: ['x'] } }],
        ['support'],
      );
      await checks.expectRefusals(
        [
          { method: 'GET', url: at(bo.memberRisk.path, { id: who.id }) },
          { method: 'POST', url: at(bo.addNote.path, { id: who.id }), body: { body: 'x' } },
        ],
        [],
      );
    });
  });
  describe("an operator's profile edits", () => {
    it('changes e-mail, mobile and payee name with their history, audited, and tells the member', async () => {
      const who = await member();
      const path = at(accountsConsoleEndpoints.editProfile.path, { id: who.id });
      const res = await t.send(
        'PUT',
        path,
        {
          email: 'New.Mail@Example.com',
          countryDialingCode: '84',
          mobileNum: '912345678',
          payeeName: 'Tran  Van B',
        },
        tokens.operations,
      );
      expect(res.status).toBe(200);
      const operator = await checks.operatorOf(tokens.operations);
      expect(res.body.value).toMatchObject({ email: 'new.mail@example.com', payeeName: 'Tran Van B' });
      expect(
        res.body.value.profileChanges
          .map((row: { field: string; newValue: string }) => [row.field, row.newValue])
          .sort(),
      ).toEqual([
        ['email', 'new.mail@example.com'],
        ['mobile', '84 912345678'],
        ['payee_name', 'Tran Van B'],
      ]);
      expect(res.body.value.profileChanges[0]).toMatchObject({
        operator: operator.username,
        oldValue: expect.any(String),
      });
      await checks.expectAudited(tokens.operations, 'player', {
        action: 'update',
        entityId: who.id,
        before: { email: '', mobile: '', payee_name: 'Nguyen Van An' },
        after: { email: 'new.mail@example.com', mobile: '84 912345678', payee_name: 'Tran Van B' },
      });
      const [message] = await t.db.query<{ code: string; content: string }>(
        'select code, content from member_messages where member_id = $1 order by id desc limit 1',
        [who.id],
      );
      expect(message).toEqual({
        code: 'PROFILE_CHANGED',
        content:
          'Our team updated your e-mail address, mobile number, payee name. If you did not ask for this, contact support.',
      });
      const other = await member();
      const taken = await t.send(
        'PUT',
        at(accountsConsoleEndpoints.editProfile.path, { id: other.id }),
        { countryDialingCode: '84', mobileNum: '912345678' },
        tokens.finance,
      );
      checks.expectFailure(taken, 409, 'mobile_taken', { mobileNum: expect.any(String) });
      const bad = await t.send(
        'PUT',
        path,
        { email: 'not-an-address', mobileNum: '912345678' },
        tokens.operations,
      );
      expect([bad.status, bad.body.code, Object.keys(bad.body.fields ?? {}).sort()]).toEqual([
        400,
        'validation_failed',
        ['email', 'mobileNum'],
      ]);
      checks.expectFailure(
        await t.send(
          'PUT',
          at(accountsConsoleEndpoints.editProfile.path, { id: 999_999 }),
          { payeeName: 'X' },
          tokens.operations,
        ),
        404,
        'not_found',
      );
      await checks.expectRefusals(
        [{ method: 'PUT', url: path, body: { payeeName: 'Someone' } }],
        ['support'],
      );
    });
  });
});
