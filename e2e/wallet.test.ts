import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD, smsCode, uniqueMobile } from './accounts-api.ts';
import { api, baseUrl, operatorToken, ownerConsolePage, screenshot, useBrowser, visible } from './browser.ts';

const browser = useBrowser();

/** The owner credits (or debits) a member's wallet (the main one unless named) from the console's API. */
async function adjust(memberId: number, amount: number, reason = 'E2E funding', wallet = 'main') {
  const answer = await api('POST', '/backoffice/api/wallet/adjustments', await operatorToken(), {
    memberId,
    wallet,
    amount,
    reason,
  });
  expect(answer.success).toBe(true);
}

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

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Member centre menu' });

describe('member centre: wallet', () => {
  it('shows the wallets, moves money to a vendor wallet, and the header follows every posting live', async () => {
    const player = await loggedInMember('w');
    await adjust(player.id, 500);
    const page = await open('/member?page=transferFund', player.token);
    await visible(panel(page).getByRole('heading', { name: 'My wallet' }));
    await visible(panel(page).getByRole('listitem').filter({ hasText: 'Main wallet' }).getByText('P 500.00'));
    const header = page.getByRole('banner');
    await visible(header.getByText('P 500.00'));

    await panel(page).getByLabel('To').selectOption({ label: 'FB Sports' });
    await panel(page).getByRole('textbox', { name: 'Amount' }).fill('120.5');
    await panel(page).getByRole('button', { name: 'Transfer', exact: true }).click();
    await visible(panel(page).getByText('Done: the money has moved.'));
    const fb = panel(page).getByRole('listitem').filter({ hasText: 'FB Sports' });
    await visible(fb.getByText('P 120.50'));
    await visible(panel(page).getByRole('listitem').filter({ hasText: 'Main wallet' }).getByText('P 379.50'));
    await screenshot(page, 'member-centre-wallet-light');

    // An operator's credit reaches the open page over /ws: no reload.
    await adjust(player.id, 100, 'Goodwill');
    await visible(header.getByText('P 600.00'));

    const refused = panel(page).getByRole('textbox', { name: 'Amount' });
    await refused.fill('0');
    await panel(page).getByRole('button', { name: 'Transfer', exact: true }).click();
    // The server states the smallest amount, beside the field (once: no banner repeating it).
    await visible(panel(page).getByText('Must be at least 0.01'));
    expect(await panel(page).getByText('The amount is not valid for this currency.').count()).toBe(0);
    await page.context().close();
  });

  it('offers a wallet whose games are gone only as the wallet money leaves, and says why', async () => {
    const player = await loggedInMember('w');
    await adjust(player.id, 50);
    // Vietnam Lottery has no enabled game in the demo: money left there is shown, to be moved out.
    await adjust(player.id, 25, 'Left in a closed wallet', 'TCG_LOTTO_VN');
    const page = await open('/member?page=transferFund', player.token, { width: 390 });
    const closed = panel(page).getByRole('listitem').filter({ hasText: 'Vietnam Lottery' });
    await visible(closed.getByText('P 25.00'));
    await visible(closed.getByText('No games use this wallet any more: you can move its money out, not in.'));
    const options = (label: string) =>
      panel(page)
        .getByLabel(label)
        .locator('option')
        .evaluateAll((all) => all.map((option) => option.textContent));
    expect(await options('To')).not.toContain('Vietnam Lottery');
    expect(await options('From')).toContain('Vietnam Lottery');
    await screenshot(page, 'member-centre-wallet-closed-phone');

    await panel(page).getByLabel('From').selectOption({ label: 'Vietnam Lottery' });
    await panel(page).getByLabel('To').selectOption({ label: 'Main wallet' });
    await panel(page).getByRole('button', { name: 'All' }).click();
    await panel(page).getByRole('button', { name: 'Transfer', exact: true }).click();
    await visible(panel(page).getByText('Done: the money has moved.'));
    await visible(panel(page).getByRole('listitem').filter({ hasText: 'Main wallet' }).getByText('P 75.00'));
    await closed.waitFor({ state: 'detached' });
    // The emptied wallet has left the list: the next transfer starts from the main wallet.
    expect(await panel(page).getByLabel('From').inputValue()).toBe('main');
    await page.context().close();
  });

  it('the account record filters by type, and profit and loss sums the period', async () => {
    const player = await loggedInMember('w');
    await adjust(player.id, 80);
    await adjust(player.id, -30, 'Correction');
    const page = await open('/member?page=personalProfit', player.token);
    await visible(panel(page).getByRole('heading', { name: 'Profit and loss' }));
    const adjustments = panel(page).getByRole('definition').filter({ hasText: 'P 50.00' });
    await visible(adjustments.first());

    await menu(page).getByRole('link', { name: 'Account record' }).click();
    const table = panel(page).getByRole('table', { name: 'Account record' });
    await visible(table);
    expect(await table.getByRole('row').count()).toBe(3);
    await visible(table.getByRole('cell', { name: '-30.00' }));
    await panel(page).getByLabel('Type').selectOption({ label: 'Deposit' });
    await visible(panel(page).getByText('Nothing happened in this period.'));
    expect(new URL(page.url()).searchParams.get('type')).toBe('deposit');
    await panel(page).getByLabel('Type').selectOption({ label: 'Adjustment' });
    await visible(panel(page).getByRole('table', { name: 'Account record' }));
    await panel(page).getByRole('button', { name: 'Previous period' }).click();
    await visible(panel(page).getByText('Nothing happened in this period.'));
    await panel(page).getByRole('button', { name: 'Last 30 days' }).click();
    await visible(panel(page).getByRole('cell', { name: '+80.00' }));

    await menu(page).getByRole('link', { name: 'Rewards' }).click();
    await visible(panel(page).getByText('Nothing to claim right now'));
    await panel(page).getByRole('button', { name: 'Close' }).click();
    await panel(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/index');
    await page.context().close();
  });

  it('works on a phone in the dark theme, and in Vietnamese', async () => {
    const player = await loggedInMember('w');
    await adjust(player.id, 42);
    const page = await open('/member?page=transactionHistory', player.token, { theme: 'dark', width: 390 });
    await visible(panel(page).getByRole('table', { name: 'Account record' }));
    await screenshot(page, 'member-centre-record-dark-phone');
    await page.context().close();
    const vi = await open('/member?page=transferFund', player.token);
    await vi.evaluate(() => localStorage.setItem('lang', 'VI'));
    await vi.reload();
    await visible(
      vi.getByRole('region', { name: 'Trung tâm hội viên' }).getByRole('heading', { name: 'Ví của tôi' }),
    );
    await screenshot(vi, 'member-centre-wallet-vi');
    await vi.context().close();
  });
});

describe('member centre: my account', () => {
  it('a member registered by user name adds a mobile number with an SMS code, then changes it; both are listed', async () => {
    const player = await loggedInMember('mob');
    const page = await open('/member?page=securityCenter', player.token, { width: 390, theme: 'dark' });
    const mobile = panel(page).getByRole('region', { name: 'Mobile number' });
    await visible(mobile.getByText('Not added'));
    await screenshot(page, 'security-mobile-none');

    // Add: the number, the code it receives, the login password.
    const first = uniqueMobile();
    await mobile.getByRole('button', { name: 'Add a mobile number' }).click();
    const add = mobile.getByRole('form', { name: 'Add a mobile number' });
    await add.getByRole('textbox', { name: 'New mobile number' }).fill(first);
    await add.getByRole('button', { name: 'Send code' }).click();
    await visible(add.getByText('A code has been sent by SMS.'));
    // A wrong code is said beside the field, and nothing is saved.
    const code = await smsCode(first);
    await add
      .getByRole('textbox', { name: 'Verification code' })
      .fill(code === '000000' ? '111111' : '000000');
    await add.getByLabel('Login password').fill(PASSWORD);
    await add.getByRole('button', { name: 'Verify and save' }).click();
    await visible(add.getByText('Please enter a valid verification code.'));
    await add.getByRole('textbox', { name: 'Verification code' }).fill(code);
    await add.getByRole('button', { name: 'Verify and save' }).click();
    await visible(mobile.getByText('Your mobile number has been verified and saved.'));
    await visible(mobile.getByText('Verified', { exact: true }));
    // All but the last 3 digits starred, as member info shows a number.
    const masked = (number: string) => `${'*'.repeat(number.length - 3)}${number.slice(-3)}`;
    await visible(mobile.getByText(`+84 ${masked(first)}`).first());
    const history = mobile.getByRole('table', { name: 'Changes of your mobile number' });
    await visible(
      history
        .getByRole('row')
        .nth(1)
        .getByRole('cell', { name: `+84 ${masked(first)}` }),
    );

    // Change it later: the history lists the change, newest first, both numbers masked.
    const second = uniqueMobile();
    await mobile.getByRole('button', { name: 'Change the mobile number' }).click();
    const change = mobile.getByRole('form', { name: 'Change the mobile number' });
    await change.getByRole('textbox', { name: 'New mobile number' }).fill(second);
    await change.getByRole('button', { name: 'Send code' }).click();
    await visible(change.getByText('A code has been sent by SMS.'));
    await change.getByRole('textbox', { name: 'Verification code' }).fill(await smsCode(second));
    await change.getByLabel('Login password').fill(PASSWORD);
    await change.getByRole('button', { name: 'Verify and save' }).click();
    await visible(mobile.getByText('Your mobile number has been verified and saved.'));
    const newest = history.getByRole('row').nth(1);
    await visible(newest.getByRole('cell', { name: `+84 ${masked(first)}` }));
    await visible(newest.getByRole('cell', { name: `+84 ${masked(second)}` }));
    expect(await history.getByRole('row').count()).toBe(3);
    await screenshot(page, 'security-mobile-changed');
    await page.context().close();

    // The console's player page lists the same changes.
    const console = await ownerConsolePage(browser(), `/players/${player.id}`);
    const changes = console.getByRole('table', { name: 'Mobile number changes' });
    await visible(
      changes
        .getByRole('row')
        .nth(1)
        .getByText(`+84 ${masked(second)}`),
    );
    await visible(
      changes
        .getByRole('row')
        .nth(2)
        .getByText(`+84 ${masked(first)}`),
    );
    await screenshot(console, 'console-player-mobile-changes');
    await console.close();
  });
});
