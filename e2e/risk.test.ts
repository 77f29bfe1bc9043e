import {
  createClient,
  riskConsoleEndpoints,
  walletPlayerEndpoints,
  withdrawalPlayerEndpoints,
} from '@tessera/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import { api, baseUrl, newOperator, operatorToken, screenshot, useBrowser, visible } from './browser.ts';

/**
 * Risk end to end (issue 25 item 3): a member whose withdrawal goes to an account number another member has is
 * flagged by the rule; finance reads the review beside the request (the flag, the money since the last
 * withdrawal, devices and linked accounts), approves it first, and sees it wait for a second, different operator.
 */

const browser = useBrowser();
const PAYMENT_PASSWORD = '246813';
const as = (token: string) => createClient({ baseUrl: baseUrl(), token: () => token });

async function consolePage(token: string, path: string, theme?: string): Promise<Page> {
  const page = await browser().newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(
    ({ token, theme }) => {
      if (location.protocol === 'about:') return;
      sessionStorage.setItem('bo.token', token);
      if (theme) localStorage.setItem('bo.theme', theme);
    },
    { token, theme },
  );
  await page.goto(`${baseUrl()}/backoffice${path}`);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  return page;
}

/** Two members with one account number; the second, with money and a payment password, withdraws to it. */
async function membersSharingAnAccount() {
  const accountNumber = `88${Date.now()}`.slice(0, 14);
  const addAccount = (token: string) =>
    as(token)(withdrawalPlayerEndpoints.addBankAccount, {
      body: { bankName: 'Risk Bank', accountNumber, payeeName: 'Tran Thi Binh' },
    });
  const first = await loggedInMember('rsa');
  await addAccount(first.token);
  const member = await loggedInMember('rsb');
  const funded = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId: member.id,
    amount: 800,
    category: 'promotion',
    reason: 'E2E risk funding',
  });
  expect(funded.success).toBe(true);
  await as(member.token)(walletPlayerEndpoints.paymentPassword, {
    body: {
      loginPassword: PASSWORD,
      newPaymentPassword: PAYMENT_PASSWORD,
      confirmPaymentPassword: PAYMENT_PASSWORD,
    },
  });
  const bank = await addAccount(member.token);
  const withdrawal = await as(member.token)(withdrawalPlayerEndpoints.requestWithdrawal, {
    body: { bankAccountId: bank.id, amount: 300, paymentPassword: PAYMENT_PASSWORD },
  });
  return { ...member, orderNo: withdrawal.orderNo, sharedWith: first.username };
}

describe('risk', () => {
  it('finance reads a flagged withdrawal’s review and sees it wait for a second operator', async () => {
    const owner = await operatorToken();
    const rules = (await api('GET', riskConsoleEndpoints.settings.path, owner)).value;
    const saved = await api('PUT', riskConsoleEndpoints.settings.path, owner, {
      ...rules,
      sharedPaymentAccount: true,
    });
    expect(saved.success).toBe(true);
    try {
      const member = await membersSharingAnAccount();
      expect(member.orderNo).toMatch(/^W\d{16}$/);
      const first = await newOperator('finance', 'rka', 'Risk desk A');

      const desk = await consolePage(first.token, `/wallet/withdrawals?q=${member.username}`);
      await visible(desk.getByRole('heading', { name: 'Withdrawals', level: 1 }));
      const row = desk.getByRole('row').filter({ hasText: member.orderNo });
      await visible(row.getByText('Pending'));
      await row.getByRole('button', { name: 'Approve' }).click();
      const dialog = desk.getByRole('dialog');
      await visible(dialog.getByText('This withdrawal is flagged: your approval is the first of two'));
      const flags = dialog.getByRole('table', { name: 'Flags' });
      await visible(flags.getByText('Shared payment account'));
      await visible(flags.getByText(`other members ${member.sharedWith}`));
      await visible(dialog.getByRole('heading', { name: 'Since the account opened (first withdrawal)' }));
      await visible(dialog.getByRole('table', { name: 'Devices and addresses' }));
      const linked = dialog.getByRole('table', { name: 'Linked accounts' });
      await visible(
        linked.getByRole('row').filter({ hasText: member.sharedWith }).getByText('Payment account'),
      );
      await screenshot(desk, 'risk-review-flagged');
      await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await visible(
        desk
          .getByRole('status')
          .getByText(
            `First approval of ${member.orderNo} recorded: a different operator must approve it too.`,
          ),
      );
      await visible(row.getByText(`Approved by ${first.username}: awaits a second operator`));
      await visible(row.getByText('Pending'));

      // The same operator cannot be the second person.
      await row.getByRole('button', { name: 'Approve' }).click();
      const again = desk.getByRole('dialog');
      await visible(
        again.getByText(
          new RegExp(`Approved first by ${first.username} at .*a different operator's approval pays it`),
        ),
      );
      await again.getByRole('button', { name: 'Approve', exact: true }).click();
      await visible(
        again.getByText('This withdrawal is flagged: a different operator must approve it after you.'),
      );
      await screenshot(desk, 'risk-review-same-operator');
      await again.getByRole('button', { name: 'Cancel' }).click();

      // A different operator pays it.
      const second = await newOperator('finance', 'rkb', 'Risk desk B');
      const other = await consolePage(second.token, `/wallet/withdrawals?q=${member.username}`, 'dark');
      const otherRow = other.getByRole('row').filter({ hasText: member.orderNo });
      await otherRow.getByRole('button', { name: 'Approve' }).click();
      const secondDialog = other.getByRole('dialog');
      await visible(secondDialog.getByText(new RegExp(`Approved first by ${first.username}`)));
      await screenshot(other, 'risk-review-second-dark');
      await secondDialog.getByRole('button', { name: 'Approve', exact: true }).click();
      await visible(other.getByRole('status').getByText(`Withdrawal ${member.orderNo} approved.`));
      await visible(otherRow.getByText('Awaiting member'));
    } finally {
      await api('PUT', riskConsoleEndpoints.settings.path, owner, rules);
    }
  });

  it('the flag on the risk flags page is resolved with a note; the player page shows the picture, tags and notes', async () => {
    const owner = await operatorToken();
    const rules = (await api('GET', riskConsoleEndpoints.settings.path, owner)).value;
    await api('PUT', riskConsoleEndpoints.settings.path, owner, { ...rules, sharedPaymentAccount: true });
    let member: Awaited<ReturnType<typeof membersSharingAnAccount>>;
    try {
      member = await membersSharingAnAccount();
    } finally {
      await api('PUT', riskConsoleEndpoints.settings.path, owner, rules);
    }
    const desk = await consolePage(owner, '/risk/rules');
    await visible(desk.getByRole('heading', { name: 'Risk rules', level: 1 }));
    await visible(desk.getByRole('switch', { name: 'Shared payment accounts' }));
    await screenshot(desk, 'risk-rules');

    await desk.goto(`${baseUrl()}/backoffice/risk/flags?memberId=${member.id}`);
    const flags = desk.getByRole('table', { name: 'Risk flags' });
    const row = flags.getByRole('row').filter({ hasText: 'Shared payment account' });
    await visible(row.getByText('Open'));
    await screenshot(desk, 'risk-flags');
    await row
      .getByRole('button', { name: `Resolve the Shared payment account flag of ${member.username}` })
      .click();
    const dialog = desk.getByRole('dialog', {
      name: `Resolve the Shared payment account flag of ${member.username}`,
    });
    await dialog.getByLabel('Note').fill('Same family: checked the ID');
    await dialog.getByRole('button', { name: 'Resolve' }).click();
    await visible(desk.getByRole('status').getByText(`The flag of ${member.username} is resolved.`));
    await visible(row.getByText('Same family: checked the ID'));

    await desk.goto(`${baseUrl()}/backoffice/players/${member.id}`);
    await visible(desk.getByRole('heading', { name: 'Whole picture' }));
    const linked = desk.getByRole('table', { name: 'Linked accounts' }).getByRole('row');
    await visible(linked.filter({ hasText: member.sharedWith }).filter({ hasText: 'Payment account' }));
    await desk.getByRole('textbox', { name: 'Tags' }).fill('watch, vip');
    await desk.getByRole('button', { name: 'Save tags' }).click();
    await visible(desk.getByRole('status').getByText('Tags saved.'));
    await desk.getByLabel('New note').fill('Called the member about the shared account.');
    await desk.getByRole('button', { name: 'Add note' }).click();
    // The list is drawn again when the notes are read back: wait for the note in it.
    await desk
      .getByRole('listitem')
      .filter({ hasText: 'Called the member about the shared account.' })
      .waitFor();
    expect(await desk.getByLabel('New note').inputValue()).toBe('');
    // The picture's period is picked as the reports' is, kept in the URL, with the lifetime figures beside it.
    const picture = desk.getByRole('region', { name: 'Whole picture' });
    await picture.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Yesterday' });
    await desk.waitForURL(/period=yesterday/);
    await visible(picture.getByRole('region', { name: 'In the period' }));
    await visible(picture.getByRole('region', { name: 'Lifetime' }));
    await desk.reload();
    expect(
      await desk
        .getByRole('region', { name: 'Whole picture' })
        .getByRole('combobox', { name: 'Period' })
        .inputValue(),
    ).toBe('yesterday');
    await desk.getByRole('heading', { name: 'Whole picture' }).scrollIntoViewIfNeeded();
    await screenshot(desk, 'risk-player-picture');
    await desk.getByRole('heading', { name: 'Risk, tags and notes' }).scrollIntoViewIfNeeded();
    await screenshot(desk, 'risk-player-notes');

    // The operator corrects the payee name; the change is listed with the operator's name.
    await desk.getByRole('button', { name: 'Edit profile' }).click();
    const edit = desk.getByRole('dialog', { name: `Edit the profile of ${member.username}` });
    await edit.getByRole('textbox', { name: 'Payee name' }).fill('Tran Thi Binh');
    await screenshot(desk, 'risk-player-edit-profile');
    await edit.getByRole('button', { name: 'Save' }).click();
    // A notice that goes by itself: seen once is enough (checked again, it may be gone).
    await desk.getByRole('status').getByText(`The profile of ${member.username} is saved`).waitFor();
    const changes = desk.getByRole('table', { name: 'Profile changes by operators' });
    await visible(changes.getByRole('row').filter({ hasText: 'Payee name' }).getByText('Tran Thi Binh'));
  });
});
