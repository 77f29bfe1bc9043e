import { createClient, walletPlayerEndpoints, withdrawalPlayerEndpoints } from '@tessera/contract';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInMember, PASSWORD } from './accounts-api.ts';
import { api, baseUrl, headerBalance, operatorToken, screenshot, useBrowser, visible } from './browser.ts';
import { visitor } from './games-browser.ts';

/**
 * Issue 23 part 10, the whole bonus flow as a member lives it: a deposit through the sandbox gateway, its deposit
 * bonus claimed on /promoDetail, the turnover listed on the withdraw page, played through on a house slot with the
 * slot's own Spin button, nothing left on the withdraw page, and a withdrawal accepted.
 *
 * Short without testing less: the test's own promotion (10 % up to 10.00, wagered 1× on slots) and, while the file
 * runs, the cashier's deposit multiple at 0.1 (restored after; the worker's site runs one file at a time, as
 * console-wallet.test.ts does with the same settings): a 300.00 deposit then owes 30.00 and its bonus 10.00, so four
 * spins of 10.00 clear both, oldest first, and even four losses leave 270.00, above the 100.00 withdrawal minimum.
 */
const browser = useBrowser();
const visit = visitor(browser);
const PAYMENT_PASSWORD = '246813';
const SLOT = 'Lucky Sevens';

let settingsBefore: unknown;
beforeAll(async () => {
  const token = await operatorToken();
  settingsBefore = (await api('GET', '/backoffice/api/wallet/settings', token)).value;
  const saved = await api('PUT', '/backoffice/api/wallet/settings', token, {
    ...(settingsBefore as object),
    turnoverMultiple: 0.1,
  });
  expect(saved.success).toBe(true);
});
afterAll(async () => {
  // Other files' members deposit under the settings they found.
  const restored = await api('PUT', '/backoffice/api/wallet/settings', await operatorToken(), settingsBefore);
  expect(restored.success).toBe(true);
});

const panel = (page: Page) => page.getByRole('region', { name: 'Member centre' });

/** The withdraw page's "Turnover remaining" fact (its term's description). */
const turnoverFact = (centre: Locator) =>
  centre.getByText('Turnover remaining', { exact: true }).locator('xpath=following-sibling::dd');

/** One spin: the button reads "Spinning…" while the round is in play, then "Spin" again once it has settled. */
async function spinOnce(game: FrameLocator): Promise<void> {
  const spin = game.getByRole('button', { name: 'Spin', exact: true });
  await spin.click();
  await game.getByRole('button', { name: 'Spinning…', exact: true }).waitFor();
  await spin.waitFor();
  await expect.poll(() => spin.isEnabled()).toBe(true);
}

describe('a deposit bonus played through', () => {
  it('a member deposits, claims the bonus, plays its turnover through on a house slot and withdraws', async () => {
    const title = `E2E playthrough ${Date.now().toString(36)}`;
    const created = await api('POST', '/backoffice/api/promotions', await operatorToken(), {
      category: 'DEPOSIT',
      kind: 'deposit',
      versions: [
        { language: 'EN', title, content: '<p>Ten percent of your first deposit, up to 10.00.</p>' },
      ],
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      budget: 1_000,
      turnoverMultiple: 1,
      productScope: 'RNG',
      percent: 10,
      cap: 10,
      minDeposit: 50,
      depositWhich: 'first',
    });
    expect(created.success).toBe(true);
    const promotionId = created.value.id as number;

    // What the test is not about, arranged through the API: a payment password and a bank account.
    const player = await loggedInMember('pt');
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

    // The deposit, paid on the sandbox gateway's page.
    const page = await visit('/member?page=depositv2', { session: { token: player.token } });
    const deposit = panel(page);
    await deposit.getByRole('radio', { name: 'Sandbox Pay (online)' }).check();
    await deposit.getByRole('button', { name: 'P 300.00' }).click();
    await deposit.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/pay\/P[0-9A-F]{16}$/);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(`${baseUrl()}/member?page=depositv2&depositOrder=*`);
    await visible(deposit.getByTestId('deposit-balance').getByText('P 300.00'));

    // The bonus, claimed on its page.
    await page.goto(`${baseUrl()}/promoDetail?id=${promotionId}`);
    await visible(page.getByRole('heading', { name: title, level: 1 }));
    await page.getByRole('button', { name: 'Claim P 10.00' }).click();
    await visible(page.getByText('In progress', { exact: true }));
    await visible(page.getByRole('banner').getByText('P 310.00'));

    // The withdraw page: what remains and why (the deposit at 0.1×, the bonus at 1×), and no withdrawal yet.
    await page.goto(`${baseUrl()}/member?page=withdraw`);
    const centre = panel(page);
    await visible(centre.getByText('Turnover must be wagered before you can withdraw: P 40.00 remaining.'));
    const table = centre.getByRole('table', { name: 'Why turnover remains' });
    const cellsOf = async (source: string) =>
      (
        await table
          .getByRole('row', { name: new RegExp(source) })
          .getByRole('cell')
          .allTextContents()
      ).slice(1, 5);
    await visible(table.getByRole('row', { name: /Bonus/ }));
    // Remaining, required, wagered, amount.
    expect(await cellsOf('Deposit')).toEqual(['P 30.00', 'P 30.00', 'P 0.00', 'P 300.00']);
    expect(await cellsOf('Bonus')).toEqual(['P 10.00', 'P 10.00', 'P 0.00', 'P 10.00']);
    const form = centre.getByRole('form', { name: 'New withdrawal' });
    expect(await form.getByRole('button', { name: 'Withdraw', exact: true }).isDisabled()).toBe(true);
    await table.scrollIntoViewIfNeeded();
    await screenshot(page, 'playthrough-turnover-before');

    // Played through on a house slot from the slots lobby, at 10.00 a spin.
    await page.goto(`${baseUrl()}/rng`);
    await page
      .getByRole('region', { name: 'Game providers' })
      .getByRole('button', { name: 'Tessera Slots' })
      .click();
    await page.waitForURL(/vendor=HOUSE_SLOTS/);
    await page
      .getByRole('list', { name: 'Slots games' })
      .getByRole('listitem', { name: SLOT, exact: true })
      .getByRole('button', { name: `Play ${SLOT}` })
      .click();
    await page.getByRole('heading', { name: SLOT, level: 1 }).waitFor();
    const game = page.frameLocator(`iframe[title="Game: ${SLOT}"]`);
    await game.getByRole('button', { name: 'Spin', exact: true }).waitFor();
    const stake = game.locator('output.stake');
    const raise = game.getByRole('button', { name: 'Raise the stake' });
    for (let step = 0; step < 10 && (await stake.textContent()) !== '10.00 PHP'; step += 1)
      await raise.click();
    expect(await stake.textContent()).toBe('10.00 PHP');
    for (let spin = 0; spin < 4; spin += 1) await spinOnce(game);
    const frameBalance = Number(
      ((await game.locator('output.balance').textContent()) ?? '').replace(/[^\d.]/g, ''),
    );
    // Four stakes of 10.00 and whatever they won: at least 270.00 left.
    expect(frameBalance).toBeGreaterThanOrEqual(270);
    await expect.poll(() => headerBalance(page), { timeout: 10_000 }).toBe(frameBalance);
    await screenshot(page, 'playthrough-slot');

    // Nothing remains: the withdrawal is accepted.
    await page.getByRole('link', { name: 'Back to lobby' }).click();
    await page.waitForURL(/\/rng/);
    await page.goto(`${baseUrl()}/member?page=withdraw`);
    await visible(centre.getByRole('heading', { name: 'Withdraw', level: 2 }));
    await visible(turnoverFact(centre).getByText('P 0.00', { exact: true }));
    expect(await centre.getByText(/Turnover must be wagered/).count()).toBe(0);
    expect(await centre.getByRole('table', { name: 'Why turnover remains' }).count()).toBe(0);
    await visible(form.getByRole('radio', { name: /Tessera Bank/ }));
    await form.getByRole('textbox', { name: 'Amount' }).fill('200');
    await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
    await form.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const requested = form.getByText(/Withdrawal of P 200\.00 requested \(order W\d{16}\)/);
    await visible(requested);
    await visible(centre.getByRole('table', { name: 'Withdrawal history' }).getByText('Pending'));
    const left = (frameBalance - 200).toLocaleString('en-US', { minimumFractionDigits: 2 });
    await visible(centre.getByText('Available to withdraw').locator('xpath=..').getByText(`P ${left}`));
    await requested.scrollIntoViewIfNeeded();
    await screenshot(page, 'playthrough-withdrawn');
    await page.context().close();
  });
});
