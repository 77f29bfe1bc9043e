import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import { api, baseUrl, financeToken, operatorToken, screenshot, useBrowser, visible } from './browser.ts';
import { nodeIdOf } from './games-browser.ts';

/**
 * Withdrawals end to end (issue 11 §4): a member sets a payment password and adds a bank account in My account,
 * requests a withdrawal, finance approves it in the console, and the member confirms what arrived; a second one
 * the member says did not arrive, with a proof image that finance looks at before refunding it.
 */

const browser = useBrowser();

async function open(path: string, token: string, options: { theme?: string; width?: number } = {}) {
  const context = await browser().newContext({ viewport: { width: options.width ?? 1366, height: 900 } });
  await context.route(/^https?:\/\/[^/]*\.example\//, (route) => route.fulfill({ status: 204, body: '' }));
  await context.addInitScript(
    ({ token, theme }) => {
      if (location.protocol === 'about:' || sessionStorage.getItem('e2e-init')) return;
      sessionStorage.setItem('e2e-init', '1');
      sessionStorage.setItem('token', token);
      if (theme) localStorage.setItem('theme', theme);
    },
    { token, theme: options.theme },
  );
  const page = await context.newPage();
  await page.goto(`${baseUrl()}${path}`);
  return page;
}

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

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Member centre menu' });

describe('withdrawals', () => {
  it('payment password, bank account, request, approval by finance, confirmation of receipt', async () => {
    const player = await loggedInMember('wd');
    const funded = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: player.id,
      amount: 800,
      reason: 'E2E funding',
    });
    expect(funded.success).toBe(true);

    // My account: the payment password (first one, with the login password) and a bank account.
    const page = await open('/member?page=securityCenter', player.token);
    const centre = panel(page);
    await visible(centre.getByRole('heading', { name: 'My account' }));
    await visible(centre.getByText('No payment password yet'));
    const setForm = centre.getByRole('form', { name: 'Set a payment password' });
    await setForm.getByLabel('Login password').fill(PASSWORD);
    await setForm.getByLabel('New payment password', { exact: true }).fill('123456');
    await setForm.getByLabel('Confirm the new payment password').fill('123456');
    await setForm.getByRole('button', { name: 'Save payment password' }).click();
    await visible(setForm.getByText('This password is too easy to guess'));
    await setForm.getByLabel('New payment password', { exact: true }).fill('246813');
    await setForm.getByLabel('Confirm the new payment password').fill('246813');
    await setForm.getByRole('button', { name: 'Save payment password' }).click();
    await visible(centre.getByText('Payment password set', { exact: true }));
    await visible(centre.getByRole('form', { name: 'Change the payment password' }));

    await centre.getByRole('button', { name: 'Add a bank account' }).click();
    const bankForm = centre.getByRole('form', { name: 'Add a bank account' });
    await bankForm.getByLabel('Bank name').fill('Tessera Bank');
    await bankForm.getByLabel('Account number').fill('001234567890');
    await bankForm.getByLabel('Payee name').fill('Trần Thị Bình');
    await bankForm.getByRole('button', { name: 'Save bank account' }).click();
    await visible(bankForm.getByText(/Real-name format incorrect/));
    await bankForm.getByLabel('Payee name').fill('Tran Thi Binh');
    await bankForm.getByRole('button', { name: 'Save bank account' }).click();
    await visible(centre.getByRole('list', { name: 'Bank accounts' }).getByText('********7890'));
    await centre.getByRole('heading', { name: 'My account', level: 2 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-security-centre-light');

    // Withdraw: the limits, the turnover, the amount and the payment password.
    await menu(page).getByRole('link', { name: 'Withdraw' }).click();
    await visible(centre.getByRole('heading', { name: 'Withdraw', level: 2 }));
    await visible(centre.getByText('P 800.00'));
    await visible(centre.getByText('5 of 5'));
    const form = centre.getByRole('form', { name: 'New withdrawal' });
    await visible(form.getByRole('radio', { name: /Tessera Bank/ }));
    expect(await form.getByRole('radio', { name: /Tessera Bank/ }).isChecked()).toBe(true);
    await form.getByRole('textbox', { name: 'Amount' }).fill('50');
    await form.getByLabel('Payment password').fill('246813');
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await visible(form.getByText('Enter an amount between P 100.00 and P 50,000.00'));
    await form.getByRole('textbox', { name: 'Amount' }).fill('250');
    await form.getByLabel('Payment password').fill('999999');
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await visible(form.getByText('The payment password is not correct.'));
    // Said once, beside the field: no second, vaguer message ("Value is not valid") and no banner repeating it.
    expect(await form.getByText('The payment password is not correct.').count()).toBe(1);
    expect(await form.getByText('Value is not valid').count()).toBe(0);
    await visible(
      form.getByRole('textbox', { name: 'Payment password' }).and(page.locator('[aria-invalid="true"]')),
    );
    await form.getByLabel('Payment password').fill('246813');
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await visible(form.getByText(/Withdrawal of P 250\.00 requested \(order W\d{16}\)/));
    await visible(centre.getByText('P 550.00'));
    const history = centre.getByRole('table', { name: 'Withdrawal history' });
    await visible(history.getByText('Pending'));
    const orderNo = (
      (await history
        .getByRole('cell', { name: /^W\d{16}$/ })
        .first()
        .textContent()) ?? ''
    ).trim();
    expect(orderNo).toMatch(/^W\d{16}$/);
    await centre.getByRole('heading', { name: 'Withdraw', level: 2 }).scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-page-light');

    // Finance approves it in the desk.
    const finance = await financeToken();
    const desk = await consolePage(finance, '/wallet/withdrawals');
    await visible(desk.getByRole('heading', { name: 'Withdrawals', level: 1 }));
    await desk.getByLabel('Member or order').fill(player.username);
    await desk.getByRole('button', { name: 'Search', exact: true }).click();
    await desk.waitForURL((url) => url.searchParams.get('q') === player.username);
    const row = desk.getByRole('row').filter({ hasText: orderNo });
    await visible(row.getByText('Pending'));
    await screenshot(desk, 'withdraw-console-queue');
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = desk.getByRole('dialog');
    await visible(dialog.getByText('001234567890'));
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await visible(desk.getByRole('status').getByText(`Withdrawal ${orderNo} approved.`));
    await visible(row.getByText('Awaiting member'));

    // The member confirms receipt.
    await page.reload();
    const confirmCard = centre.getByRole('article', { name: 'Withdrawal of P 250.00' });
    await visible(confirmCard);
    await confirmCard.scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-confirm-light');
    await confirmCard.getByRole('radio', { name: 'Received in full' }).check();
    await confirmCard.getByRole('button', { name: 'Send confirmation' }).click();
    await visible(centre.getByText(`Thank you: order ${orderNo} is confirmed as received.`));
    await visible(history.getByText('Received', { exact: true }));

    // A second one that did not arrive: a proof image, which finance sees before refunding it.
    const form2 = centre.getByRole('form', { name: 'New withdrawal' });
    await form2.getByRole('textbox', { name: 'Amount' }).fill('120');
    await form2.getByLabel('Payment password').fill('246813');
    await form2.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await visible(form2.getByText(/Withdrawal of P 120\.00 requested/));
    const second = /order (W\d{16})/.exec(
      (await form2.getByText(/P 120\.00 requested/).textContent()) ?? '',
    )?.[1];
    expect(second).toMatch(/^W\d{16}$/);
    await desk.reload();
    const row2 = desk.getByRole('row').filter({ hasText: second as string });
    await row2.getByRole('button', { name: 'Approve' }).click();
    await desk.getByRole('dialog').getByRole('button', { name: 'Approve', exact: true }).click();
    await visible(row2.getByText('Awaiting member'));

    await page.reload();
    const card2 = centre.getByRole('article', { name: 'Withdrawal of P 120.00' });
    await card2.getByRole('radio', { name: 'Not received' }).check();
    await card2.getByRole('button', { name: 'Send confirmation' }).click();
    await visible(card2.getByText('Please upload proof of non-receipt.'));
    // The proof: a picture of the member's own history (a real PNG).
    const proof = await history.screenshot({ type: 'png' });
    await card2
      .getByLabel('Proof of non-receipt')
      .setInputFiles({ name: 'bank-statement.png', mimeType: 'image/png', buffer: proof });
    await visible(card2.getByText('bank-statement.png'));
    await card2.getByRole('radio', { name: 'Not received' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-not-received-light');
    await card2.getByRole('button', { name: 'Send confirmation' }).click();
    await visible(centre.getByText(`Thank you: we are looking into order ${second} with your proof.`));

    await desk.reload();
    await visible(row2.getByText('Not received'));
    await row2.getByRole('button', { name: 'Handle claim' }).click();
    const details = desk.getByRole('dialog', { name: `Withdrawal ${second}` });
    await visible(details.getByRole('img', { name: 'Proof 1' }));
    await screenshot(desk, 'withdraw-console-claim');
    await details.getByLabel('Note').fill('Bank returned the transfer');
    await details.getByRole('button', { name: 'Refund 120.00 PHP' }).click();
    await details.waitFor({ state: 'detached' });
    await visible(row2.getByText('Refunded'));
    await page.reload();
    await visible(centre.getByText('P 550.00'));
    await page.context().close();
    await desk.close();
  });

  it('the pages on a phone in the dark theme, and the console in the dark theme', async () => {
    const player = await loggedInMember('wd');
    await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
      memberId: player.id,
      amount: 300,
      reason: 'E2E funding',
    });
    const page = await open('/member?page=withdraw', player.token, { theme: 'dark', width: 390 });
    await visible(panel(page).getByRole('heading', { name: 'Withdraw', level: 2 }));
    await visible(panel(page).getByText('You need a payment password to withdraw.'));
    await screenshot(page, 'withdraw-page-dark-phone');
    await menu(page).getByRole('link', { name: 'My account' }).click();
    await visible(panel(page).getByRole('form', { name: 'Set a payment password' }));
    await screenshot(page, 'withdraw-security-centre-dark-phone');
    await page.context().close();
    const desktop = await open('/member?page=withdraw', player.token, { theme: 'dark' });
    await visible(panel(desktop).getByRole('heading', { name: 'Withdraw', level: 2 }));
    await screenshot(desktop, 'withdraw-page-dark');
    await desktop.context().close();
    const desk = await consolePage(await operatorToken(), '/wallet/withdrawals', 'dark');
    await visible(desk.getByRole('heading', { name: 'Withdrawals', level: 1 }));
    await screenshot(desk, 'withdraw-console-queue-dark');
    await desk.close();
  });

  it('lists the turnover that remains after a deposit and some play: what, required, wagered, remaining', async () => {
    const player = await loggedInMember('wt');
    // A bank-transfer deposit of 300.00, confirmed by finance: it opens an obligation of 300.00 × 1.
    const channels = await api('GET', '/wps/payment/channels', player.token);
    const bank = (channels.value.channels as { id: number; kind: string }[]).find((c) => c.kind === 'bank');
    const order = await api('POST', '/wps/payment/deposits', player.token, {
      channelId: bank?.id,
      amount: 300,
      payerReference: 'E2E-TURNOVER',
    });
    expect(order.success).toBe(true);
    const finance = await financeToken();
    const queue = await api('GET', `/backoffice/api/wallet/deposits?member=${player.username}`, finance);
    const row = queue.value.list.find((entry: { orderNo: string }) => entry.orderNo === order.value.orderNo);
    expect((await api('POST', `/backoffice/api/wallet/deposits/${row.id}/confirm`, finance)).success).toBe(
      true,
    );
    // One spin of 6.00 on a house slot: 6.00 wagered (a slot spins no sooner than 2.5 s after the last spin).
    const launched = await api(
      'GET',
      `/wps/game/launchGame?nodeId=${await nodeIdOf('lucky-sevens')}`,
      player.token,
    );
    const opened = await api('POST', '/house/api/session', '', {
      launch: (launched.value.game_url as string).split('#')[1],
    });
    expect((await api('POST', '/house/api/slots/spin', opened.value.token, { bet: '600' })).success).toBe(
      true,
    );

    const page = await open('/member?page=withdraw', player.token, { theme: 'dark', width: 390 });
    const centre = panel(page);
    await visible(centre.getByRole('heading', { name: 'Withdraw', level: 2 }));
    await visible(centre.getByText('Turnover must be wagered before you can withdraw: P 294.00 remaining.'));
    const table = centre.getByRole('table', { name: 'Why turnover remains' });
    const deposit = table.getByRole('row', { name: /Deposit/ });
    await visible(deposit);
    const cells = await deposit.getByRole('cell').allTextContents();
    // Credit, remaining, required, wagered, amount, expiry.
    expect(cells.slice(1, 5)).toEqual(['P 294.00', 'P 300.00', 'P 6.00', 'P 300.00']);
    expect(cells[5]).toBe('No expiry');
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'withdraw-turnover-remaining');
    await page.context().close();

    // An operator sees it on the player's page and cancels it with a reason: nothing remains.
    const desk = await consolePage(await operatorToken(), `/players/${player.id}`);
    const obligations = desk.getByRole('table', { name: 'Turnover obligations' });
    await visible(obligations.getByRole('cell', { name: '294.00' }));
    await obligations.getByRole('button', { name: 'Cancel obligation' }).click();
    const dialog = desk.getByRole('dialog', { name: 'Cancel the Deposit obligation' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Deposit returned to the player');
    await screenshot(desk, 'console-player-obligation-cancel');
    await dialog.getByRole('button', { name: 'Cancel obligation' }).click();
    await visible(obligations.getByText('Cancelled'));
    await screenshot(desk, 'console-player-obligations');
    await desk.close();
    expect((await api('GET', '/wps/wallet/withdrawal/info', player.token)).value.turnoverRemaining).toBe(0);
  });
});
