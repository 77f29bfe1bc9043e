import { createClient, walletPlayerEndpoints, withdrawalPlayerEndpoints } from '@tessera/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import {
  api,
  baseUrl,
  financeToken,
  operatorToken,
  screenshot,
  stack,
  useBrowser,
  visible,
} from './browser.ts';

/**
 * Payouts in the console (issue 25 §5): finance ticks two pending withdrawals and approves them at once through the
 * payout provider (the demo's sandbox gateway); both show as paying through the provider, and once the provider
 * says paid they are approved.
 */

const browser = useBrowser();
const PAYMENT_PASSWORD = '246813';

/** A member with money, a payment password, a bank account and a pending withdrawal of P 150.00: its order. */
async function pendingWithdrawal(owner: string): Promise<{ username: string; orderNo: string }> {
  const player = await loggedInMember('po');
  const funded = await api('POST', '/backoffice/api/wallet/adjustments', owner, {
    memberId: player.id,
    amount: 400,
    reason: 'E2E funding',
  });
  expect(funded.success).toBe(true);
  const as = createClient({ baseUrl: baseUrl(), token: () => player.token });
  await as(walletPlayerEndpoints.paymentPassword, {
    body: {
      loginPassword: PASSWORD,
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  const bank = await as(withdrawalPlayerEndpoints.addBankAccount, {
    body: { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Tran Thi Binh' },
  });
  const withdrawal = await as(withdrawalPlayerEndpoints.requestWithdrawal, {
    body: { bankAccountId: bank.id, amount: 150, paymentPassword: PAYMENT_PASSWORD },
  });
  return { username: player.username, orderNo: withdrawal.orderNo };
}

describe('payouts', () => {
  it('finance approves selected withdrawals at once through the payout provider', async () => {
    const owner = await operatorToken();
    const channels = await api('GET', '/backoffice/api/wallet/payment-channels', owner);
    const gateway = (channels.value as { id: number; kind: string }[]).find(
      (channel) => channel.kind === 'gateway',
    );
    expect(gateway).toBeTruthy();
    const set = await api('PUT', '/backoffice/api/wallet/payouts/settings', owner, {
      channelId: gateway?.id,
    });
    expect(set.success).toBe(true);
    try {
      const first = await pendingWithdrawal(owner);
      const second = await pendingWithdrawal(owner);
      const finance = await financeToken();
      const desk: Page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
      await desk.addInitScript((token) => {
        if (location.protocol === 'about:') return;
        sessionStorage.setItem('bo.token', token);
      }, finance);
      await desk.goto(`${baseUrl()}/backoffice/wallet/withdrawals?status=pending`);
      await visible(desk.getByRole('heading', { name: 'Withdrawals', level: 1 }));
      for (const { orderNo } of [first, second]) {
        await desk.getByRole('checkbox', { name: `Select ${orderNo}` }).check();
      }
      await desk.getByRole('button', { name: 'Approve 2 selected' }).click();
      const dialog = desk.getByRole('dialog', { name: 'Approve 2 withdrawals' });
      await visible(dialog.getByText(first.orderNo));
      expect(await dialog.getByRole('radio', { name: 'Through the payout provider' }).isChecked()).toBe(true);
      await screenshot(desk, 'payouts-console-batch');
      await dialog.getByRole('button', { name: 'Approve 2 selected' }).click();
      await visible(desk.getByRole('status').getByText('2 approved.'));
      const row = desk.getByRole('row').filter({ hasText: first.orderNo });
      await visible(row.getByText('Paying through provider'));
      await screenshot(desk, 'payouts-console-sending');

      // The provider pays the first (the sandbox's control API, as its Paid button would): approved.
      await expect
        .poll(async () => (await fetch(`${stack().sandboxUrl}/control/payouts`)).json(), { timeout: 20_000 })
        .toContainEqual(expect.objectContaining({ orderNo: first.orderNo, status: 'pending' }));
      const paid = await fetch(`${stack().sandboxUrl}/control/payouts/complete`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ orderNo: first.orderNo, outcome: 'paid' }),
      });
      expect(((await paid.json()) as { answered: number }).answered).toBe(200);
      await desk.goto(`${baseUrl()}/backoffice/wallet/withdrawals?q=${first.orderNo}`);
      const approved = desk.getByRole('row').filter({ hasText: first.orderNo });
      await visible(approved.getByText('Paid by provider'));
      await visible(approved.getByText('Approved'));
      await desk.close();
    } finally {
      await api('PUT', '/backoffice/api/wallet/payouts/settings', owner, { channelId: null });
    }
  });
});
