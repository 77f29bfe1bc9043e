import { createServer } from 'node:net';
import {
  withdrawalPlayerEndpoints as api,
  withdrawalConsoleEndpoints as bo,
  depositConsoleEndpoints,
  payoutEndpoints as payouts,
  riskConsoleEndpoints,
} from '@tessera/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentSandbox, startPaymentSandbox } from '../../../../../sandbox/payment-gateway/server.ts';
import { type CallerTokens, consoleChecks, openCallerTokens } from '../../../test/console-checks.ts';
import { PAYMENT_PASSWORD, sealedCall, walletMember } from '../../../test/factories/wallet.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { DEFAULT_RISK_SETTINGS } from '../risk/settings.ts';
import { memberAccounts } from './ledger.ts';
import { signed } from './payment-gateway.ts';
import { PAYOUT_SEND_ATTEMPTS, PAYOUT_SEND_JOB, queryPendingPayouts } from './payouts.ts';

/** Payouts through a provider (issue 25 §5) against the sandbox gateway, and finance's batch approval. */

const MERCHANT = 'tessera-payouts';
const SECRET = 'sandbox-payout-secret-0123456789';
const BANK = { bankName: 'Tessera Bank', accountNumber: '009988776655', payeeName: 'Tran Thi Binh' };
const at = (template: string, params: Record<string, string | number>) =>
  template.replace(/:(\w+)/g, (_, name: string) => String(params[name]));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

describe('payouts', () => {
  let t: TestApp;
  let sandbox: PaymentSandbox;
  let tokens: CallerTokens;
  let siteUrl: string;
  let channelId: number;
  const checks = consoleChecks(
    () => t,
    () => tokens,
  );

  beforeAll(async () => {
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    sandbox = await startPaymentSandbox({ merchants: { [MERCHANT]: SECRET } });
    const base = loadConfig({ LOG_LEVEL: 'silent' });
    t = await startTestApp({
      runJobs: false,
      config: { siteUrl, operatorUrlsAllowPrivate: true, payments: { ...base.payments } },
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    tokens = await openCallerTokens(t);
    const channel = await t.send(
      'POST',
      depositConsoleEndpoints.channels.create.path,
      {
        kind: 'gateway',
        name: 'Sandbox Payouts',
        minAmount: 50,
        maxAmount: 20_000,
        presets: [100],
        gatewayUrl: sandbox.url,
        gatewayMerchant: MERCHANT,
        gatewaySecret: SECRET,
      },
      tokens.finance,
    );
    expect(channel.status).toBe(200);
    channelId = channel.body.value.id;
    const saved = await t.send('PUT', payouts.saveSettings.path, { channelId }, tokens.finance);
    expect(saved.body.value).toEqual({ channelId });
  });
  afterAll(async () => {
    await t?.close();
    await sandbox?.close();
  });

  async function balances(memberId: number) {
    const accounts = await memberAccounts(t.db, memberId);
    const of = (kind: string) => accounts.find((account) => account.kind === kind)?.balance ?? 0n;
    return { main: of('main'), pending: of('pending') };
  }
  const postings = async (orderNo: string) =>
    (
      await t.db.query<{ key: string }>(
        'select idempotency_key as key from ledger_transactions where reference = $1 order by id',
        [`withdrawal:${orderNo}`],
      )
    ).map((row) => row.key);
  const messages = async (memberId: number) =>
    (
      await t.db.query<{ code: string }>(
        'select code from member_messages where member_id = $1 order by id',
        [memberId],
      )
    ).map((row) => row.code);

  /** A member with P 1,000.00 and a pending withdrawal of P 200.00: its id and order number. */
  async function pendingWithdrawal(amount = 200) {
    const member = await walletMember(t, { funds: 100_000n, paymentPassword: true });
    const bank = await t.send('POST', api.addBankAccount.path, BANK, member.token);
    const res = await sealedCall(
      t,
      api.requestWithdrawal,
      { bankAccountId: bank.body.value.id, amount, paymentPassword: PAYMENT_PASSWORD },
      member.token,
    );
    expect(res.status).toBe(200);
    const [row] = await t.db.query<{ id: string }>('select id::text from withdrawals where order_no = $1', [
      res.body.value.orderNo,
    ]);
    return { member, id: Number(row?.id), orderNo: res.body.value.orderNo as string };
  }
  const approve = (id: number, body: Record<string, unknown> = {}, token = tokens.finance) =>
    t.send('POST', at(bo.approve.path, { id }), body, token);
  const row = async (id: number, token = tokens.finance) =>
    (await t.get(`${bo.queue.path}?pageSize=100`, token)).body.value.list.find(
      (item: { id: number }) => item.id === id,
    );
  const sendJob = async (id: number) =>
    (
      await t.db.query<{ status: string; attempts: number }>(
        "select status, attempts from jobs where kind = $1 and payload->>'id' = $2 order by id desc limit 1",
        [PAYOUT_SEND_JOB, String(id)],
      )
    )[0];

  it('sends an approved withdrawal through the provider outside the transaction, and pays it on its signed callback', async () => {
    const { member, id, orderNo } = await pendingWithdrawal();
    const approved = await approve(id);
    expect(approved.status).toBe(200);
    // On its way: still pending, the money held, nothing sent yet (the job runs after commit).
    expect(approved.body.value).toMatchObject({
      status: 'pending',
      payoutStatus: 'sending',
      payoutError: '',
    });
    expect(sandbox.payout(orderNo)).toBeUndefined();
    expect(await balances(member.id)).toEqual({ main: 80_000n, pending: 20_000n });
    await checks.expectAudited(tokens.finance, 'withdrawal', {
      action: 'approve',
      entityId: id,
      before: { status: 'pending', claimStatus: null },
      after: { orderNo, status: 'pending', claimStatus: null, payout: 'provider', channelId },
    });
    // Neither a second approval nor a rejection while the provider pays.
    expect((await approve(id, { via: 'manual' })).body.code).toBe('withdrawal_not_pending');
    expect(
      (await t.send('POST', at(bo.reject.path, { id }), { reason: 'changed my mind' }, tokens.finance)).body
        .code,
    ).toBe('withdrawal_not_pending');

    await t.jobs.runDue();
    expect(sandbox.payout(orderNo)).toMatchObject({
      amount: '200.00',
      currency: 'PHP',
      accountNumber: BANK.accountNumber,
      payeeName: BANK.payeeName,
      status: 'pending',
    });
    expect((await row(id)).payoutReference).toBe(sandbox.payout(orderNo)?.payoutId);

    expect(await sandbox.completePayout(orderNo, 'paid')).toBe(200);
    expect(await row(id)).toMatchObject({
      status: 'approved',
      payoutStatus: 'paid',
      confirmBy: expect.any(String),
    });
    expect(await balances(member.id)).toEqual({ main: 80_000n, pending: 0n });
    expect(await postings(orderNo)).toEqual([`withdrawal:${orderNo}:request`, `withdrawal:${orderNo}:paid`]);
    expect(await messages(member.id)).toEqual(['WITHDRAWAL_APPROVED']);

    // The same callback again: acknowledged as a duplicate, nothing changes.
    expect(await sandbox.resendPayout(orderNo)).toBe(200);
    expect(sandbox.payout(orderNo)?.callbacks.map((callback) => callback.answered)).toEqual([200, 200]);
    expect(await postings(orderNo)).toHaveLength(2);
    expect(await messages(member.id)).toEqual(['WITHDRAWAL_APPROVED']);
  });

  it('sends through the provider a withdrawal the system approves under the amount; a flagged one only after a second operator', async () => {
    const risk = (change: Record<string, unknown>) =>
      t.send(
        'PUT',
        riskConsoleEndpoints.saveSettings.path,
        { ...DEFAULT_RISK_SETTINGS, ...change },
        tokens.finance,
      );
    expect((await risk({ autoApproveWithdrawalsBelow: 300 })).status).toBe(200);
    try {
      const small = await pendingWithdrawal(200);
      // Approved by the system at request time, and on its way through the provider: nothing paid before it says so.
      expect(await row(small.id)).toMatchObject({
        status: 'pending',
        payoutStatus: 'sending',
        autoApproved: true,
      });
      expect(await postings(small.orderNo)).toEqual([`withdrawal:${small.orderNo}:request`]);
      await t.jobs.runDue();
      expect(await sandbox.completePayout(small.orderNo, 'paid')).toBe(200);
      expect(await row(small.id)).toMatchObject({
        status: 'approved',
        payoutStatus: 'paid',
        autoApproved: true,
      });
      expect(await postings(small.orderNo)).toEqual([
        `withdrawal:${small.orderNo}:request`,
        `withdrawal:${small.orderNo}:paid`,
      ]);

      // One withdrawal within the minutes raises withdrawal_velocity: the member is flagged, nothing is automatic.
      expect((await risk({ withdrawalVelocityCount: 1, withdrawalVelocityMinutes: 60 })).status).toBe(200);
      const flagged = await pendingWithdrawal(200);
      expect(await row(flagged.id)).toMatchObject({
        status: 'pending',
        payoutStatus: null,
        autoApproved: false,
      });
      const first = await approve(flagged.id);
      expect(first.body.value).toMatchObject({
        status: 'pending',
        payoutStatus: null,
        firstApprovedBy: expect.any(String),
      });
      expect((await approve(flagged.id)).body.code).toBe('withdrawal_needs_second_operator');
      const second = await approve(flagged.id, {}, tokens.owner);
      expect(second.body.value).toMatchObject({ status: 'pending', payoutStatus: 'sending' });
    } finally {
      await risk({});
    }
  });

  it('answers a duplicate callback with "duplicate", and refuses one not signed, of another amount or another order', async () => {
    const { id, orderNo } = await pendingWithdrawal(150);
    await approve(id);
    await t.jobs.runDue();
    const callback = async (body: Record<string, string>) => {
      const response = await fetch(`${siteUrl}${at(payouts.callback.path, { id: channelId })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { code: string; value: unknown } };
    };
    const fields = {
      merchant: MERCHANT,
      orderNo,
      payoutId: sandbox.payout(orderNo)?.payoutId ?? '',
      amount: '150.00',
      currency: 'PHP',
      status: 'paid',
      reason: '',
      timestamp: '1780000000',
    };
    for (const [body, field] of [
      [signed(fields, 'not-the-secret'), 'sign'],
      [signed({ ...fields, amount: '1500.00' }, SECRET), 'amount'],
      [signed({ ...fields, orderNo: 'W0000000000000000' }, SECRET), 'orderNo'],
      [signed({ ...fields, status: 'success' }, SECRET), 'status'],
    ] as const) {
      const refused = await callback(body);
      expect([refused.status, refused.body.code], field).toEqual([400, 'callback_refused']);
    }
    expect((await row(id)).payoutStatus).toBe('sending');
    const first = await callback(signed(fields, SECRET));
    expect(first.body.value).toEqual({ ok: true, outcome: 'applied' });
    const again = await callback(signed(fields, SECRET));
    expect(again.body.value).toEqual({ ok: true, outcome: 'duplicate' });
    // A late "failed" after the payment changes nothing either.
    const late = await callback(signed({ ...fields, status: 'failed', reason: 'late' }, SECRET));
    expect(late.body.value).toEqual({ ok: true, outcome: 'duplicate' });
    expect(await row(id)).toMatchObject({ status: 'approved', payoutStatus: 'paid', payoutError: '' });
    expect(await postings(orderNo)).toHaveLength(2);
  });

  it('puts a failed payout back to finance with the money held; finance pays it by hand or rejects it', async () => {
    const first = await pendingWithdrawal();
    await approve(first.id);
    await t.jobs.runDue();
    await sandbox.completePayout(first.orderNo, 'failed', { reason: 'Account closed' });
    expect(await row(first.id)).toMatchObject({
      status: 'pending',
      payoutStatus: 'failed',
      payoutError: 'Account closed',
    });
    expect(await balances(first.member.id)).toEqual({ main: 80_000n, pending: 20_000n });
    expect(
      (await t.get(`${bo.queue.path}?payout=failed&pageSize=100`, tokens.finance)).body.value.list,
    ).toContainEqual(expect.objectContaining({ id: first.id }));
    const manual = await approve(first.id, { via: 'manual' });
    expect(manual.body.value).toMatchObject({ status: 'approved', payoutStatus: null });
    expect(await balances(first.member.id)).toEqual({ main: 80_000n, pending: 0n });

    const second = await pendingWithdrawal();
    await approve(second.id);
    await t.jobs.runDue();
    await sandbox.completePayout(second.orderNo, 'failed');
    const rejected = await t.send(
      'POST',
      at(bo.reject.path, { id: second.id }),
      { reason: 'account_details_wrong' },
      tokens.finance,
    );
    expect(rejected.body.value).toMatchObject({ status: 'rejected', payoutStatus: null });
    expect(await balances(second.member.id)).toEqual({ main: 100_000n, pending: 0n });
  });

  it('retries a provider that is down with backoff, visible to finance, and sends once it is up', async () => {
    const { id, orderNo } = await pendingWithdrawal();
    await approve(id);
    sandbox.setDown(true);
    try {
      await t.jobs.runDue();
      expect(await sendJob(id)).toEqual({ status: 'queued', attempts: 1 });
      expect(await row(id)).toMatchObject({
        status: 'pending',
        payoutStatus: 'sending',
        payoutError: 'provider_unavailable',
      });
      expect(sandbox.payout(orderNo)).toBeUndefined();
      // Not again before its backoff.
      await t.jobs.runDue();
      expect((await sendJob(id))?.attempts).toBe(1);
    } finally {
      sandbox.setDown(false);
    }
    t.clock.advance(60_000);
    await t.jobs.runDue();
    expect(await sendJob(id)).toEqual({ status: 'done', attempts: 2 });
    expect(await row(id)).toMatchObject({ payoutStatus: 'sending', payoutError: '' });
    expect(sandbox.payout(orderNo)?.status).toBe('pending');
  });

  it('fails the payout once the provider stayed down through every try, and a refused request at once', async () => {
    const down = await pendingWithdrawal();
    await approve(down.id);
    sandbox.setDown(true);
    try {
      for (let attempt = 1; attempt <= PAYOUT_SEND_ATTEMPTS; attempt += 1) {
        await t.jobs.runDue();
        // To the next try's time, exactly (its backoff), and no further: few other schedules fall due meanwhile.
        const [next] = await t.db.query<{ run_at: Date }>(
          "select run_at from jobs where kind = $1 and payload->>'id' = $2 and status = 'queued'",
          [PAYOUT_SEND_JOB, String(down.id)],
        );
        if (next) t.clock.set(next.run_at);
      }
    } finally {
      sandbox.setDown(false);
    }
    // The clock moved past the sessions' idle time: finance signs in again.
    const finance = await t.operatorToken('finance');
    expect(await sendJob(down.id)).toEqual({ status: 'dead', attempts: PAYOUT_SEND_ATTEMPTS });
    expect(await row(down.id, finance)).toMatchObject({
      status: 'pending',
      payoutStatus: 'failed',
      payoutError: 'provider_unavailable',
    });
    // Sent again through the provider, now up.
    expect((await approve(down.id, { via: 'provider' }, finance)).body.value.payoutStatus).toBe('sending');
    await t.jobs.runDue();
    expect(sandbox.payout(down.orderNo)?.status).toBe('pending');

    const refused = await pendingWithdrawal();
    sandbox.setRefusePayouts(true);
    try {
      await approve(refused.id, {}, finance);
      await t.jobs.runDue();
    } finally {
      sandbox.setRefusePayouts(false);
    }
    expect(await row(refused.id, finance)).toMatchObject({
      payoutStatus: 'failed',
      payoutError: 'provider_refused',
    });
  });

  it('asks the provider about a payout whose callback never came', async () => {
    const { id, orderNo } = await pendingWithdrawal();
    await approve(id);
    await t.jobs.runDue();
    await sandbox.completePayout(orderNo, 'paid', { notify: false });
    expect((await row(id)).payoutStatus).toBe('sending');
    // Not before the payout has waited long enough.
    await queryPendingPayouts(t.deps, t.clock.now());
    expect((await row(id)).payoutStatus).toBe('sending');
    t.clock.advance(15 * 60_000);
    await queryPendingPayouts(t.deps, t.clock.now());
    expect(await row(id, await t.operatorToken('finance'))).toMatchObject({
      status: 'approved',
      payoutStatus: 'paid',
    });
  });

  it('approves by hand when asked, or when no provider is set; asking for a provider without one is refused', async () => {
    const byHand = await pendingWithdrawal();
    expect((await approve(byHand.id, { via: 'manual' })).body.value).toMatchObject({
      status: 'approved',
      payoutStatus: null,
    });
    expect(sandbox.payout(byHand.orderNo)).toBeUndefined();
    const bad = await approve(byHand.id, { via: 'bank' });
    expect([bad.status, bad.body.code]).toEqual([400, 'validation_failed']);
    await t.send('PUT', payouts.saveSettings.path, { channelId: null }, tokens.finance);
    try {
      const none = await pendingWithdrawal();
      const missing = await approve(none.id, { via: 'provider' });
      expect([missing.status, missing.body.code]).toEqual([409, 'payout_provider_missing']);
      expect((await approve(none.id)).body.value).toMatchObject({ status: 'approved', payoutStatus: null });
    } finally {
      await t.send('PUT', payouts.saveSettings.path, { channelId }, tokens.finance);
    }
  });

  it('keeps the payout settings to finance, refusing a channel that is not a gateway', async () => {
    expect((await t.get(payouts.settings.path, tokens.finance)).body.value).toEqual({ channelId });
    expect((await t.get(payouts.settings.path, tokens.support)).body.code).toBe('forbidden');
    expect((await t.send('PUT', payouts.saveSettings.path, { channelId }, tokens.operations)).body.code).toBe(
      'forbidden',
    );
    const bank = await t.send(
      'POST',
      depositConsoleEndpoints.channels.create.path,
      {
        kind: 'bank',
        name: 'A bank',
        minAmount: 100,
        maxAmount: 50_000,
        presets: [],
        instructions: 'Transfer.',
        bankName: 'Metro',
        accountName: 'Tessera',
        accountNumber: '0011',
      },
      tokens.finance,
    );
    const refused = await t.send(
      'PUT',
      payouts.saveSettings.path,
      { channelId: bank.body.value.id },
      tokens.finance,
    );
    expect([refused.status, refused.body.code, refused.body.fields]).toEqual([
      400,
      'validation_failed',
      { channelId: expect.any(String) },
    ]);
  });

  describe('batch approval', () => {
    it('approves each selected withdrawal in its own transaction and reports which succeeded', async () => {
      const a = await pendingWithdrawal();
      const b = await pendingWithdrawal();
      const done = await pendingWithdrawal();
      await approve(done.id, { via: 'manual' });
      const res = await t.send(
        'POST',
        payouts.approveBatch.path,
        { ids: [a.id, done.id, b.id, 2_000_000_000], via: 'manual' },
        tokens.finance,
      );
      expect(res.status).toBe(200);
      expect(
        res.body.value.results.map((result: { id: number; ok: boolean; code: string | null }) => [
          result.id,
          result.ok,
          result.code,
        ]),
      ).toEqual([
        [a.id, true, null],
        [done.id, false, 'withdrawal_not_pending'],
        [b.id, true, null],
        [2_000_000_000, false, 'not_found'],
      ]);
      expect(res.body.value.results[0].row).toMatchObject({ id: a.id, status: 'approved' });
      for (const who of [a, b]) expect(await balances(who.member.id)).toEqual({ main: 80_000n, pending: 0n });
      const audits = await t.db.query<{ entity_id: string }>(
        "select entity_id from audit_log where entity = 'withdrawal' and action = 'approve' and entity_id = any($1)",
        [[String(a.id), String(b.id)]],
      );
      expect(audits).toHaveLength(2);
    });

    it('sends a batch through the provider', async () => {
      const a = await pendingWithdrawal();
      const b = await pendingWithdrawal();
      const res = await t.send('POST', payouts.approveBatch.path, { ids: [a.id, b.id] }, tokens.finance);
      expect(res.body.value.results.map((result: { ok: boolean }) => result.ok)).toEqual([true, true]);
      await t.jobs.runDue();
      expect(sandbox.payout(a.orderNo)?.status).toBe('pending');
      expect(sandbox.payout(b.orderNo)?.status).toBe('pending');
    });

    it('refuses an empty or oversized batch, and other roles', async () => {
      const empty = await t.send('POST', payouts.approveBatch.path, { ids: [] }, tokens.finance);
      expect([empty.status, empty.body.code]).toEqual([400, 'validation_failed']);
      const big = await t.send(
        'POST',
        payouts.approveBatch.path,
        { ids: Array.from({ length: 51 }, (_, index) => index + 1) },
        tokens.finance,
      );
      expect(big.body.code).toBe('validation_failed');
      expect((await t.send('POST', payouts.approveBatch.path, { ids: [1] }, tokens.support)).body.code).toBe(
        'forbidden',
      );
      expect((await t.send('POST', payouts.approveBatch.path, { ids: [1] }, tokens.member)).status).toBe(401);
    });
  });
});
