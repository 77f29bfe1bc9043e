import { createClient, walletPlayerEndpoints, withdrawalPlayerEndpoints } from '@tessera/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import {
  api,
  baseUrl,
  consolePage as openConsole,
  operatorToken,
  screenshot,
  useBrowser,
  visible,
} from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * KYC end to end (issue 25 §4): with withdrawals needing a verified member, a member's withdrawal is refused; the
 * member uploads an identity document on the Verification page, an operator looks at it in the console and
 * verifies it, and the member's withdrawal then goes through.
 */

const browser = useBrowser();
const PAYMENT_PASSWORD = '246813';

const visit = visitor(browser);
const open = (path: string, token: string) => visit(path, { session: { token } });
const consolePage = (token: string, path: string) => openConsole(browser(), token, path);

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Member centre menu' });

describe('kyc', () => {
  it('a member uploads a document, the operator verifies it, and the member can then withdraw', async () => {
    const owner = await operatorToken();
    // What the test is not about, arranged through the API: money, a payment password and a bank account.
    const player = await loggedInMember('kyc');
    const funded = await api('POST', '/backoffice/api/wallet/adjustments', owner, {
      memberId: player.id,
      amount: 600,
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
    await as(withdrawalPlayerEndpoints.addBankAccount, {
      body: { bankName: 'Tessera Bank', accountNumber: '001234567890', payeeName: 'Tran Thi Binh' },
    });
    const rule = await api('PUT', '/backoffice/api/kyc/settings', owner, {
      withdrawal: 'always',
      withdrawalAbove: 0,
    });
    expect(rule.success).toBe(true);
    try {
      // Refused before verification, with the way to it.
      const page = await open('/member?page=withdraw', player.token);
      const centre = panel(page);
      const form = centre.getByRole('form', { name: 'New withdrawal' });
      await form.getByRole('textbox', { name: 'Amount' }).fill('200');
      await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
      await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await visible(form.getByText(/Please verify your identity first/));

      // The Verification page: not verified yet, and why it matters.
      await menu(page).getByRole('link', { name: 'Verification' }).click();
      await visible(centre.getByRole('heading', { name: 'Verification', level: 2 }));
      await visible(centre.getByText('Not verified'));
      await visible(centre.getByText('Verification is needed before any withdrawal.'));
      const upload = centre.getByRole('form', { name: 'Upload a document' });
      await upload.getByLabel('Date of birth').fill('1992-03-14');
      await upload.getByRole('radio', { name: 'ID card or passport (front)' }).check();
      // The document: a real PNG (a picture of the page itself stands in for an ID card).
      const picture = await centre.screenshot({ type: 'png' });
      await upload
        .getByLabel('File')
        .setInputFiles({ name: 'id-front.png', mimeType: 'image/png', buffer: picture });
      await upload.getByRole('button', { name: 'Upload' }).click();
      await visible(centre.getByText('ID card or passport (front) uploaded.'));
      await visible(centre.getByText('Under review'));
      await visible(centre.getByRole('list').getByText('ID card or passport (front)'));
      await centre.getByRole('heading', { name: 'Verification', level: 2 }).scrollIntoViewIfNeeded();
      await screenshot(page, 'kyc-member-pending-light');

      // The operator finds the member in the KYC queue, looks at the document and verifies it.
      const desk = await consolePage(owner, '/kyc?status=pending');
      await visible(desk.getByRole('heading', { name: 'KYC', level: 1 }));
      const row = desk.getByRole('row').filter({ hasText: player.username });
      await visible(row.getByText('Pending'));
      await row.getByRole('button', { name: `Documents of ${player.username}` }).click();
      const review = desk.getByRole('dialog', { name: `Documents of ${player.username}` });
      await visible(review.getByRole('img', { name: 'ID front' }));
      await screenshot(desk, 'kyc-console-review');
      await review.getByRole('button', { name: 'Verify' }).click();
      const confirm = desk.getByRole('dialog', { name: `Verify ${player.username}` });
      await visible(confirm.getByLabel('Date of birth'));
      expect(await confirm.getByLabel('Date of birth').inputValue()).toBe('1992-03-14');
      await confirm.getByRole('button', { name: 'Verify' }).click();
      await visible(desk.getByRole('status').getByText(`${player.username} is verified.`));

      // The member sees it, and the withdrawal goes through.
      await page.reload();
      await visible(centre.getByText('Verified', { exact: true }));
      await visible(centre.getByText('Your identity is verified. Nothing more is needed.'));
      await screenshot(page, 'kyc-member-verified-light');
      await menu(page).getByRole('link', { name: 'Withdraw' }).click();
      const again = centre.getByRole('form', { name: 'New withdrawal' });
      await again.getByRole('textbox', { name: 'Amount' }).fill('200');
      await again.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
      await again.getByRole('button', { name: 'Withdraw', exact: true }).click();
      await visible(again.getByText(/Withdrawal of P 200\.00 requested \(order W\d{16}\)/));
      await page.context().close();
      await desk.close();
    } finally {
      await api('PUT', '/backoffice/api/kyc/settings', owner, { withdrawal: 'never', withdrawalAbove: 0 });
    }
  });
});
